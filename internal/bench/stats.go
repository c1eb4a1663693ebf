// Package bench is the load engine and the statistics behind
// `keydoctor bench` and the doctor's latency check. Metric meanings are
// those of docs/architecture.md (Metrics): one meaning per name.
package bench

import (
	"math"
	"slices"
	"time"

	"github.com/keydoctor/keydoctor/internal/human"
)

// Summary is a distribution as the report shows it. Percentiles are exact:
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
// p50 of [1 2 3 4] is 2; p99 of 10 samples is the largest.
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

// ms converts a duration to float milliseconds, the unit of every report.
// ms is human.Millis, named short for the aggregation formulas.
var ms = human.Millis

// TPOT is the time per output token of one request (docs/architecture.md, Metrics): the
// time between the first and the last content delta divided by the output
// tokens after the first. tokens is the server's count when it gave one,
// else the number of deltas. ok is false when there is no such interval
// (fewer than two tokens, or fewer than two deltas).
func TPOT(first, last time.Duration, tokens int) (time.Duration, bool) {
	if tokens < 2 || last <= first {
		return 0, false
	}
	return (last - first) / time.Duration(tokens-1), true
}

// Little is Little's law: the mean number of requests in the system, L, is
// the arrival rate λ (requests per second) times the mean time W each one
// spends there.
func Little(lambda float64, w time.Duration) float64 { return lambda * w.Seconds() }

// SlotsFor is how many concurrent slots serving rps requests per second
// needs when each takes w: Little's law solved for L and rounded up.
func SlotsFor(rps float64, w time.Duration) int {
	l := Little(rps, w)
	if l <= 0 {
		return 0
	}
	return int(math.Ceil(l - 1e-9))
}
