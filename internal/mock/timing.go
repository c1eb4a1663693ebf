package mock

import (
	"fmt"
	"strings"
	"time"
)

// Timing is one model's schedule: the first delta TTFT after the start,
// then one every TPOT. It lets one fake gateway serve models of known,
// different speeds (a benchmark comparing models through one key).
type Timing struct {
	TTFT, TPOT time.Duration
}

// timing is the schedule of a request for model: its own when
// Options.ModelTiming names it, else the gateway's (as SetTiming last
// changed it).
func (h *Handler) timing(model string) (ttft, tpot time.Duration) {
	if t, ok := h.opts.ModelTiming[model]; ok {
		return t.TTFT, t.TPOT
	}
	if t := h.retimed.Load(); t != nil {
		return t.TTFT, t.TPOT
	}
	return h.opts.TTFT, h.opts.TPOT
}

// SetTiming changes the gateway's TTFT and TPOT for the requests that
// arrive from now on: a gateway that got slower (or faster) between two
// benchmark runs, at the same address.
func (h *Handler) SetTiming(t Timing) { h.retimed.Store(&t) }

// ParseModelTiming reads "model=TTFT/TPOT,…", e.g.
// "gpt-4o-mini=30ms/5ms,gpt-4o=60ms/10ms".
func ParseModelTiming(s string) (map[string]Timing, error) {
	out := map[string]Timing{}
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		model, spec, ok := strings.Cut(part, "=")
		ttft, tpot, ok2 := strings.Cut(spec, "/")
		if !ok || !ok2 || strings.TrimSpace(model) == "" {
			return nil, fmt.Errorf("model timing %q: want model=TTFT/TPOT, e.g. gpt-4o-mini=30ms/5ms", part)
		}
		a, err := time.ParseDuration(strings.TrimSpace(ttft))
		if err != nil {
			return nil, fmt.Errorf("model timing %q: %v", part, err)
		}
		b, err := time.ParseDuration(strings.TrimSpace(tpot))
		if err != nil {
			return nil, fmt.Errorf("model timing %q: %v", part, err)
		}
		out[strings.TrimSpace(model)] = Timing{a, b}
	}
	return out, nil
}

// Scale is d at the gateway's TimeScale: the delay it schedules for a
// configured d, and what a test expects of it.
func (o Options) Scale(d time.Duration) time.Duration {
	if o.TimeScale <= 0 || o.TimeScale == 1 {
		return d
	}
	return time.Duration(float64(d) * o.TimeScale)
}
