package bench

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/keydoctor/keydoctor/internal/stats"
)

// Difference is one metric of one variant against the reference (the
// first variant): the difference of their p50s with a 95% confidence
// interval from a bootstrap over the samples.
type Difference struct {
	Label   string  `json:"label"`
	Against string  `json:"against"`
	Metric  string  `json:"metric"` // ttft_p50, tpot_p50, e2e_p50
	Ref     float64 `json:"ref_ms"`
	Value   float64 `json:"value_ms"`
	Diff    float64 `json:"diff_ms"` // value − ref
	Low     float64 `json:"ci_low_ms"`
	High    float64 `json:"ci_high_ms"`
	// Verdict is "faster", "slower" or "within noise": the interval holds
	// 0, or the difference is smaller than the negligible band (2 ms or 5%
	// of the reference, whichever is more: less than that is not worth
	// calling on a shared machine, nor noticed in a chat turn).
	Verdict string `json:"verdict"`
}

const (
	bootstrapRounds = 2000
	negligibleMS    = 2.0
	negligibleShare = 0.05
)

// diffMetrics are the per-request figures compared.
var diffMetrics = []struct {
	name string
	of   func(*Sample) (float64, bool)
}{
	{"ttft_p50", func(s *Sample) (float64, bool) { t, ok := s.TTFT(); return ms(t), ok }},
	{"tpot_p50", func(s *Sample) (float64, bool) { return ms(s.TPOT), s.HasTPOT }},
	{"e2e_p50", func(s *Sample) (float64, bool) { return ms(s.E2E()), true }},
}

// Differences sets every variant against the first, metric by metric,
// from the successful measured samples of each (by Sample.Label). seed
// makes the bootstrap repeatable.
func Differences(labels []string, samples []Sample, seed uint64) []Difference {
	by := byLabel(samples)
	var out []Difference
	for j := 1; j < len(labels); j++ {
		for k, m := range diffMetrics {
			if d, ok := pair(by, labels, 0, j, k, seed); ok {
				d.Label, d.Against, d.Metric = labels[j], labels[0], m.name
				out = append(out, d)
			}
		}
	}
	return out
}

// pair is the difference of variant j against variant i on metric k,
// with a bootstrap seeded by the pair, so that the table and the winner
// agree.
func pair(by map[string][]*Sample, labels []string, i, j, k int, seed uint64) (Difference, bool) {
	of := diffMetrics[k].of
	ref, cur := values(by[labels[i]], of), values(by[labels[j]], of)
	if len(ref) == 0 || len(cur) == 0 {
		return Difference{}, false
	}
	return bootstrap(ref, cur, rand.New(rand.NewPCG(seed, uint64(i)<<32|uint64(j)<<8|uint64(k)))), true
}

func values(ss []*Sample, of func(*Sample) (float64, bool)) []float64 {
	var v []float64
	for _, s := range ss {
		if x, ok := of(s); ok {
			v = append(v, x)
		}
	}
	slices.Sort(v)
	return v
}

// bootstrap is the difference of the p50s of two sorted sample sets with
// its 95% interval: both sets resampled with replacement, many times.
func bootstrap(ref, cur []float64, rng *rand.Rand) Difference {
	d := Difference{Ref: stats.Percentile(ref, 50), Value: stats.Percentile(cur, 50)}
	d.Diff = d.Value - d.Ref
	diffs := make([]float64, bootstrapRounds)
	a, b := make([]float64, len(ref)), make([]float64, len(cur))
	for i := range diffs {
		resample(a, ref, rng)
		resample(b, cur, rng)
		diffs[i] = stats.Percentile(b, 50) - stats.Percentile(a, 50)
	}
	slices.Sort(diffs)
	d.Low, d.High = stats.Percentile(diffs, 2.5), stats.Percentile(diffs, 97.5)
	band := math.Max(negligibleMS, negligibleShare*d.Ref)
	switch {
	case d.Low <= 0 && d.High >= 0, math.Abs(d.Diff) < band:
		d.Verdict = "within noise"
	case d.Diff < 0:
		d.Verdict = "faster"
	default:
		d.Verdict = "slower"
	}
	return d
}

// resample fills dst with draws from sorted src and sorts it.
func resample(dst, src []float64, rng *rand.Rand) {
	for i := range dst {
		dst[i] = src[rng.IntN(len(src))]
	}
	slices.Sort(dst)
}

// String is the difference as the comparison prints it.
func (d Difference) String() string {
	return fmt.Sprintf("%s %s than %s: %+.2f ms [%+.2f, %+.2f] (%s)", d.Label, d.Metric, d.Against, d.Diff, d.Low, d.High, d.Verdict)
}

// Winner is the variant whose TTFT p50 (E2E when not streaming) is the
// lowest and below every other's beyond noise; "" when no variant is.
func Winner(labels []string, samples []Sample, seed uint64) string {
	by := byLabel(samples)
	k := 0 // ttft_p50
	if len(values(by[labels[0]], diffMetrics[k].of)) == 0 {
		k = 2 // e2e_p50
	}
	best, bestV := -1, math.Inf(1)
	for i, l := range labels {
		if v := values(by[l], diffMetrics[k].of); len(v) > 0 && stats.Percentile(v, 50) < bestV {
			best, bestV = i, stats.Percentile(v, 50)
		}
	}
	if best < 0 {
		return ""
	}
	for i := range labels {
		if i == best {
			continue
		}
		// the same pair, the same way round, as the differences table
		a, b, want := i, best, "faster"
		if i > best {
			a, b, want = best, i, "slower"
		}
		if d, ok := pair(by, labels, a, b, k, seed); ok && d.Verdict != want {
			return ""
		}
	}
	return labels[best]
}

// byLabel groups the successful measured samples by variant.
func byLabel(samples []Sample) map[string][]*Sample {
	by := map[string][]*Sample{}
	for i := range samples {
		if s := &samples[i]; !s.Warmup && s.OK() {
			by[s.Label] = append(by[s.Label], s)
		}
	}
	return by
}
