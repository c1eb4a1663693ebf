package relay

import (
	"math"
	"sort"
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
		groups[i].TTFTp50ms = Percentile(ttfts[k], 50)
	}
	sort.Slice(groups, func(i, j int) bool {
		if groups[i].Client != groups[j].Client {
			return groups[i].Client < groups[j].Client
		}
		return groups[i].Model < groups[j].Model
	})
	return groups
}

// Percentile is the exact nearest-rank percentile of samples (which it
// sorts); NaN for no samples.
func Percentile(samples []float64, p float64) float64 {
	if len(samples) == 0 {
		return math.NaN()
	}
	sort.Float64s(samples)
	rank := int(math.Ceil(p / 100 * float64(len(samples))))
	if rank < 1 {
		rank = 1
	}
	return samples[rank-1]
}
