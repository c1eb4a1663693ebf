package relay

import (
	"slices"
	"sort"

	"github.com/keydoctor/keydoctor/internal/stats"
)

// Group summarises the requests of one client for one model.
type Group struct {
	Client     string
	Model      string
	Count      int
	Errors     int
	Mismatches int
	// TTFTp50ms is the median TTFT of the requests that produced a first
	// delta; NaN when none did.
	TTFTp50ms float64
}

// Summarize groups records by client and requested model, sorted by
// client then model.
func Summarize(recs []Record) []Group {
	type key struct{ client, model string }
	idx := map[key]int{}
	var groups []Group
	ttfts := map[key][]float64{}
	for _, r := range recs {
		k := key{r.Client, r.Model}
		i, ok := idx[k]
		if !ok {
			i = len(groups)
			idx[k] = i
			groups = append(groups, Group{Client: r.Client, Model: r.Model})
		}
		g := &groups[i]
		g.Count++
		if r.Failed {
			g.Errors++
		}
		if r.Mismatch {
			g.Mismatches++
		}
		if !r.Failed && r.TTFTms > 0 {
			ttfts[k] = append(ttfts[k], r.TTFTms)
		}
	}
	for k, i := range idx {
		slices.Sort(ttfts[k])
		groups[i].TTFTp50ms = stats.Percentile(ttfts[k], 50) // NaN when none
	}
	sort.Slice(groups, func(i, j int) bool {
		if groups[i].Client != groups[j].Client {
			return groups[i].Client < groups[j].Client
		}
		return groups[i].Model < groups[j].Model
	})
	return groups
}
