// Package stats holds the few numbers every latency report shares: exact
// percentiles and their summary, and the limits above which latency is
// high. It is a leaf: bench, relay and the doctor's checks all use it, so
// each figure has one definition.
package stats

import (
	"math"
	"slices"
)

// Summary is a distribution as the reports show it. Percentiles are exact:
// each is one of the samples (nearest rank on the sorted samples), never an
// interpolation between two.
type Summary struct {
	N    int     `json:"n"`
	P50  float64 `json:"p50"`
	P90  float64 `json:"p90"`
	P99  float64 `json:"p99"`
	Mean float64 `json:"mean"`
	Max  float64 `json:"max"`
}

// Summarize computes a Summary. It sorts a copy; samples is not changed.
// NaN samples are ignored (a request that had no such measurement).
func Summarize(samples []float64) Summary {
	s := make([]float64, 0, len(samples))
	for _, v := range samples {
		if !math.IsNaN(v) {
			s = append(s, v)
		}
	}
	if len(s) == 0 {
		return Summary{}
	}
	slices.Sort(s)
	var sum float64
	for _, v := range s {
		sum += v
	}
	return Summary{
		N:    len(s),
		P50:  Percentile(s, 50),
		P90:  Percentile(s, 90),
		P99:  Percentile(s, 99),
		Mean: sum / float64(len(s)),
		Max:  s[len(s)-1],
	}
}

// Percentile is the nearest-rank percentile of sorted samples: the
// smallest sample such that at least p% of the samples are at or below it.
// p50 of [1 2 3 4] is 2; p99 of 10 samples is the largest. NaN when there
// are none.
func Percentile(sorted []float64, p float64) float64 {
	n := len(sorted)
	if n == 0 {
		return math.NaN()
	}
	rank := int(math.Ceil(p / 100 * float64(n)))
	if rank < 1 {
		rank = 1
	}
	if rank > n {
		rank = n
	}
	return sorted[rank-1]
}
