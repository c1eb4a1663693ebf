// Package bench is the load engine and the statistics behind
// `keydoctor bench` and the doctor's latency check. Each metric has one
// meaning, given where it is computed: TTFT (Sample.TTFT), TPOT (TPOT),
// E2E (Sample.E2E), throughput (Aggregate).
package bench

import (
	"math"
	"time"

	"github.com/keydoctor/keydoctor/internal/human"
)

// ms converts a duration to float milliseconds, the unit of every report.
// ms is human.Millis, named short for the aggregation formulas.
var ms = human.Millis

// TPOT is the time per output token of one request: the time between the first and the last content delta divided by the output
// tokens after the first. tokens is the server's count when it gave one,
// else the number of deltas. ok is false when there is no such interval
// (fewer than two tokens, or fewer than two deltas).
func TPOT(first, last time.Duration, tokens int) (time.Duration, bool) {
	if tokens < 2 || last <= first {
		return 0, false
	}
	return (last - first) / time.Duration(tokens-1), true
}

// little is Little's law: the mean number of requests in the system, L, is
// the arrival rate λ (requests per second) times the mean time W each one
// spends there.
func little(lambda float64, w time.Duration) float64 { return lambda * w.Seconds() }

// SlotsFor is how many concurrent slots serving rps requests per second
// needs when each takes w: Little's law solved for L and rounded up.
func SlotsFor(rps float64, w time.Duration) int {
	l := little(rps, w)
	if l <= 0 {
		return 0
	}
	return int(math.Ceil(l - 1e-9))
}
