package bench

import (
	"fmt"
	"math"
	"sort"
	"strings"
)

// Knee is where a sweep hit the wall: the highest concurrency before
// requests started queueing (TTFT up while throughput stopped growing) or
// failing. Concurrency 0 means no wall was found, or the gateway failed
// already at the lowest level; Signal says which.
type Knee struct {
	Concurrency int    `json:"concurrency"`
	Signal      string `json:"signal"` // ttft, e2e (non-streaming), errors, none
	Reason      string `json:"reason"`
}

// KneeRule holds the thresholds of FindKnee.
type KneeRule struct {
	// Jump is how much the TTFT p50 must rise from one level to the next
	// to count as a jump (1: it doubles), and by at least JumpMS. Past
	// the wall a closed loop at twice the concurrency makes each request
	// wait about one whole answer, so TTFT at least doubles; smaller
	// rises are what a busy client machine produces on its own.
	Jump   float64
	JumpMS float64
	// Growth is the share of the ideal throughput gain below which
	// throughput "stopped growing": doubling concurrency ideally doubles
	// throughput; under half of that gain (0.5) it stopped.
	Growth float64
}

// DefaultKneeRule is what `keydoctor bench --sweep` uses.
var DefaultKneeRule = KneeRule{Jump: 1, JumpMS: 5, Growth: 0.5}

// FindKnee looks for the wall in a sweep's levels (any order).
func FindKnee(levels []Level, r KneeRule) Knee {
	ls := append([]Level(nil), levels...)
	sort.Slice(ls, func(i, j int) bool { return ls[i].Concurrency < ls[j].Concurrency })
	if len(ls) == 0 {
		return Knee{Signal: "none", Reason: "no levels were measured"}
	}
	if ls[0].Failed > 0 {
		return Knee{Signal: "errors", Reason: fmt.Sprintf("requests failed already at concurrency %d (%s)", ls[0].Concurrency, errorList(ls[0].Errors))}
	}
	for i := 1; i < len(ls); i++ {
		prev, cur := ls[i-1], ls[i]
		if cur.Failed > 0 {
			return Knee{Concurrency: prev.Concurrency, Signal: "errors", Reason: fmt.Sprintf(
				"at concurrency %d, %d of %d requests failed (%s); at %d none did",
				cur.Concurrency, cur.Failed, cur.Requests, errorList(cur.Errors), prev.Concurrency)}
		}
		signal, metric, pv, cv := "ttft", "TTFT", prev.TTFT.P50, cur.TTFT.P50
		if prev.TTFT.N == 0 || cur.TTFT.N == 0 { // not streaming: only E2E is known
			signal, metric, pv, cv = "e2e", "E2E", prev.E2E.P50, cur.E2E.P50
		}
		if pv <= 0 || prev.TokensPerS <= 0 {
			continue
		}
		jumped := cv > pv*(1+r.Jump) && cv-pv >= r.JumpMS
		ideal := float64(cur.Concurrency)/float64(prev.Concurrency) - 1
		gain := cur.TokensPerS/prev.TokensPerS - 1
		if !jumped || gain >= r.Growth*ideal {
			continue
		}
		reason := fmt.Sprintf("from concurrency %d to %d, %s p50 rose %s → %s ms (%s) while throughput changed only %s (%.1f → %.1f tokens/s)",
			prev.Concurrency, cur.Concurrency, metric, num(pv), num(cv), Pct(cv/pv-1), Pct(gain), prev.TokensPerS, cur.TokensPerS)
		if prev.TPOT.N > 0 && cur.TPOT.N > 0 {
			if cur.TPOT.P50 <= prev.TPOT.P50*(1+r.Jump) {
				reason += fmt.Sprintf("; TPOT p50 stayed %s → %s ms: the model is no slower, requests queue for a slot", num(prev.TPOT.P50), num(cur.TPOT.P50))
			} else {
				reason += fmt.Sprintf("; TPOT p50 rose too (%s → %s ms): the model itself slows down under load", num(prev.TPOT.P50), num(cur.TPOT.P50))
			}
		}
		return Knee{Concurrency: prev.Concurrency, Signal: signal, Reason: reason}
	}
	last := ls[len(ls)-1]
	return Knee{Signal: "none", Reason: fmt.Sprintf("no wall up to concurrency %d: latency held and throughput kept growing", last.Concurrency)}
}

// Found says the sweep hit a wall (or failed outright).
func (k Knee) Found() bool { return k.Signal != "none" && k.Signal != "" }

func errorList(m map[string]int) string {
	codes := make([]string, 0, len(m))
	for c := range m {
		codes = append(codes, c)
	}
	sort.Strings(codes)
	parts := make([]string, len(codes))
	for i, c := range codes {
		parts[i] = fmt.Sprintf("%s ×%d", c, m[c])
	}
	return strings.Join(parts, ", ")
}

// num prints a millisecond figure with sensible precision.
func num(v float64) string {
	switch {
	case v >= 100:
		return fmt.Sprintf("%.0f", v)
	case v >= 10:
		return fmt.Sprintf("%.1f", v)
	default:
		return fmt.Sprintf("%.2f", v)
	}
}

// Pct prints a relative change as a signed percentage ("0%" when it
// rounds to nothing, never "-0%").
func Pct(f float64) string {
	if math.Abs(f) < 0.005 {
		return "0%"
	}
	return fmt.Sprintf("%+.0f%%", f*100)
}
