package bench

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/keydoctor/keydoctor/internal/stats"
)

// Knee is where a sweep hit the wall: the highest concurrency before
// throughput stopped growing while latency rose (requests queue, or the
// model slows down), or before requests failed. Concurrency 0 means no
// wall was found, or the gateway failed already at the lowest level;
// Signal says which.
type Knee struct {
	Concurrency int    `json:"concurrency"`
	Signal      string `json:"signal"` // ttft, e2e (non-streaming), errors, client (saturated), none
	Reason      string `json:"reason"`
	// Capacity is how many requests the gateway serves at once by
	// Little's law: requests/s past the wall × the unqueued latency (the
	// lowest E2E p50 below it). 0 when not estimated.
	Capacity float64 `json:"capacity,omitempty"`
	rise     float64 // ms, of the statistic that showed the wall
}

// clientMargin: a latency rise this many times the client's own waits
// is not the client's doing.
const clientMargin = 4

// KneeRule holds the thresholds of FindKnee.
type KneeRule struct {
	// Growth is the share of the ideal throughput gain below which
	// throughput "stopped growing": doubling concurrency ideally doubles
	// throughput; under half of that gain (0.5) it stopped. This is the
	// wall: in a closed loop, flat throughput at more concurrency means
	// each request takes longer (Little's law), so it is never noise
	// alone that decides.
	Growth float64
	// Jump is how much TTFT (E2E when not streaming) must rise at the
	// same time, at its p50, p90 or mean (1: it doubles), and by at least
	// JumpMS. A FIFO queue at 1.5× its limit makes a third of the
	// requests wait a whole answer: the p50 does not move, the p90 and
	// the mean do. Smaller rises are what a busy client machine produces
	// on its own.
	Jump   float64
	JumpMS float64
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
			k := Knee{Concurrency: prev.Concurrency, Signal: "errors", Reason: fmt.Sprintf(
				"at concurrency %d, %d of %d requests failed (%s); at %d none did",
				cur.Concurrency, cur.Failed, cur.Requests, errorList(cur.Errors), prev.Concurrency)}
			if cur.Walls != nil {
				k.Reason += "; " + cur.Walls.Reason
				if cur.Walls.Wall == "concurrency" {
					k.Capacity = float64(cur.Walls.Served)
				}
			}
			return k
		}
		k, ok := wallBetween(ls[:i], cur, r)
		if cur.Client.Saturated && stalled(prev, cur, r) && slower(ls[:i], cur) {
			// A starved client reads late by about its lag: a rise far
			// beyond that is the gateway's; anything less may be ours.
			// (Saturated while throughput still grew: the client kept up.)
			if !ok || k.rise < clientMargin*cur.Client.worstMS() {
				return clientKnee(prev.Concurrency, cur)
			}
			k.Reason += fmt.Sprintf("; the client was short of CPU at concurrency %d too (waits of %s ms), far less than this rise", cur.Concurrency, num(cur.Client.worstMS()))
		}
		if ok {
			var unqueued float64
			if k.Capacity, unqueued = capacity(ls[:i], cur); k.Capacity > 0 {
				k.Reason += fmt.Sprintf("; by Little's law the gateway serves about %.1f requests at once (%.2f requests/s × %s ms unqueued)",
					k.Capacity, cur.RPS, num(unqueued))
			}
			return k
		}
	}
	last := ls[len(ls)-1]
	return Knee{Signal: "none", Reason: fmt.Sprintf("no wall up to concurrency %d: latency held and throughput kept growing", last.Concurrency)}
}

// clientKnee ends a sweep at the level where the client saturated.
func clientKnee(below int, l Level) Knee {
	return Knee{Concurrency: below, Signal: "client", Reason: fmt.Sprintf(
		"client saturated at concurrency %d: %s, so from there the figures measure this machine, not the gateway; run bench from a machine with more cores, or beside fewer busy processes, to find the gateway's wall",
		l.Concurrency, l.Client)}
}

// wallBetween says whether the wall lies between the levels below and
// cur: throughput stopped growing from the level just below while latency
// rose above the lowest it was at any level below. Against the lowest
// rather than the previous level, so that a little queueing already
// visible just below the wall (or a busy moment there) does not hide it.
func wallBetween(below []Level, cur Level, r KneeRule) (Knee, bool) {
	prev := below[len(below)-1]
	streaming := prev.TTFT.N > 0 && cur.TTFT.N > 0
	signal, metric := "ttft", "TTFT"
	get := func(l Level) stats.Summary { return l.TTFT }
	if !streaming { // only E2E is known
		signal, metric, get = "e2e", "E2E", func(l Level) stats.Summary { return l.E2E }
	}
	if get(prev).P50 <= 0 || prev.TokensPerS <= 0 {
		return Knee{}, false
	}
	if !stalled(prev, cur, r) {
		return Knee{}, false
	}
	gain := cur.TokensPerS/prev.TokensPerS - 1
	cs := get(cur)
	// the first of p50, p90 and mean that rose over its lowest below
	stat, pv, cv, at := "", 0.0, 0.0, 0
	for _, c := range []struct {
		name string
		of   func(stats.Summary) float64
	}{{"p50", func(s stats.Summary) float64 { return s.P50 }}, {"p90", func(s stats.Summary) float64 { return s.P90 }},
		{"mean", func(s stats.Summary) float64 { return s.Mean }}} {
		low, lowAt := 0.0, 0
		for _, l := range below {
			if v := c.of(get(l)); v > 0 && (low == 0 || v < low) {
				low, lowAt = v, l.Concurrency
			}
		}
		v := c.of(cs)
		if low > 0 && v > low*(1+r.Jump) && v-low >= r.JumpMS && stat == "" { // the p50 when it shows it
			stat, pv, cv, at = c.name, low, v, lowAt
		}
	}
	if stat == "" {
		return Knee{}, false
	}
	from := ""
	if at != prev.Concurrency {
		from = fmt.Sprintf(" (its lowest, at concurrency %d)", at)
	}
	reason := fmt.Sprintf("from concurrency %d to %d, %s %s rose %s → %s ms (%s)%s while throughput changed only %s (%.1f → %.1f tokens/s)",
		prev.Concurrency, cur.Concurrency, metric, stat, num(pv), num(cv), Pct(cv/pv-1), from, Pct(gain), prev.TokensPerS, cur.TokensPerS)
	if ps := get(prev); stat != "p50" && cs.P50 <= ps.P50*(1+r.Jump) {
		reason += fmt.Sprintf(" (p50 %s → %s ms: most requests were served at once, the rest waited for a slot)", num(ps.P50), num(cs.P50))
	}
	if prev.TPOT.N > 0 && cur.TPOT.N > 0 {
		if cur.TPOT.P50 <= prev.TPOT.P50*(1+r.Jump) {
			reason += fmt.Sprintf("; TPOT p50 stayed %s → %s ms: the model is no slower, requests queue for a slot", num(prev.TPOT.P50), num(cur.TPOT.P50))
		} else {
			reason += fmt.Sprintf("; TPOT p50 rose too (%s → %s ms): the model itself slows down under load", num(prev.TPOT.P50), num(cur.TPOT.P50))
		}
	}
	return Knee{Concurrency: prev.Concurrency, Signal: signal, Reason: reason, rise: cv - pv}, true
}

// slower says a level's TTFT p50 (E2E when not streaming) is at least a
// fifth above the lowest below it: a saturated client's own delay shows.
func slower(below []Level, cur Level) bool {
	get := func(l Level) float64 {
		if l.TTFT.N > 0 {
			return l.TTFT.P50
		}
		return l.E2E.P50
	}
	low := 0.0
	for _, l := range below {
		if v := get(l); v > 0 && (low == 0 || v < low) {
			low = v
		}
	}
	return low > 0 && get(cur) >= 1.2*low
}

// stalled says throughput grew by less than Growth of the ideal gain
// from one level to the next.
func stalled(prev, cur Level, r KneeRule) bool {
	if prev.TokensPerS <= 0 {
		return false
	}
	ideal := float64(cur.Concurrency)/float64(prev.Concurrency) - 1
	return cur.TokensPerS/prev.TokensPerS-1 < r.Growth*ideal
}

// capacity is Little's L for the gateway's slots: requests/s at a level
// past the wall times the unqueued latency, the lowest E2E p50 below it
// (a median: one slow request does not move it). 0 when unknown.
func capacity(below []Level, past Level) (slots, unqueued float64) {
	for _, l := range below {
		if l.E2E.N > 0 && (unqueued == 0 || l.E2E.P50 < unqueued) {
			unqueued = l.E2E.P50
		}
	}
	if unqueued <= 0 || past.RPS <= 0 {
		return 0, 0
	}
	return past.RPS * unqueued / 1000, unqueued
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
