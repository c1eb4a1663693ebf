package bench

import (
	"context"
	"fmt"
	"strconv"
	"strings"
)

// Sweep is a run over several concurrency levels.
type Sweep struct {
	Levels []int // explicit levels, ascending; empty with Auto
	Auto   bool  // double from 1 until the wall (or Max)
	Max    int   // highest level Auto tries; 0 means 256
	Rule   KneeRule
}

// ParseSweep reads "1,2,4,8" or "auto".
func ParseSweep(s string) (Sweep, error) {
	s = strings.TrimSpace(s)
	if strings.EqualFold(s, "auto") {
		return Sweep{Auto: true, Rule: DefaultKneeRule}, nil
	}
	sw := Sweep{Rule: DefaultKneeRule}
	prev := 0
	for _, f := range strings.Split(s, ",") {
		c, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || c < 1 {
			return Sweep{}, fmt.Errorf("sweep level %q is not a positive whole number", strings.TrimSpace(f))
		}
		if c <= prev {
			return Sweep{}, fmt.Errorf("sweep levels must ascend (%d after %d)", c, prev)
		}
		sw.Levels, prev = append(sw.Levels, c), c
	}
	if len(sw.Levels) < 2 {
		return Sweep{}, fmt.Errorf("a sweep needs at least two levels, e.g. 1,2,4,8")
	}
	return sw, nil
}

// Planned is the levels a sweep may run: the list, or the doubling up to
// Max for auto (it usually stops earlier).
func (sw Sweep) Planned() []int {
	if !sw.Auto {
		return sw.Levels
	}
	var out []int
	for c := 1; c <= sw.max(); c *= 2 {
		out = append(out, c)
	}
	return out
}

func (sw Sweep) max() int {
	if sw.Max > 0 {
		return sw.Max
	}
	return 256
}

// RunSweep runs base at each level, with a Doer per level from doer (one
// connection pool sized to that level). It stops early when a level hit
// the error limit, when ctx is cancelled, and, for auto, at the knee.
// each is called after every level (for live output); it may be nil.
func RunSweep(ctx context.Context, doer func(concurrency int) Doer, base Plan, sw Sweep, each func(Level)) ([]Level, []Sample, Knee) {
	var (
		levels  []Level
		samples []Sample
	)
	for _, c := range sw.Planned() {
		p := base
		p.Concurrency = c
		p.Requests = LevelRequests(p.Requests, c)
		d := doer(c)
		l, s := Execute(ctx, d, p)
		CloseDoer(d) // the next level brings its own pool
		levels, samples = append(levels, l), append(samples, s...)
		if each != nil {
			each(l)
		}
		if ctx.Err() != nil || l.Stopped != "" {
			break
		}
		if sw.Auto && len(levels) > 1 && FindKnee(levels, sw.Rule).Found() {
			break
		}
	}
	return levels, samples, FindKnee(levels, sw.Rule)
}

// LevelRequests is how many measured requests a sweep level runs for a
// given -n: whole rounds of c (a last round with fewer requests in flight
// would understate the level's throughput), and at least two per slot,
// or the level says nothing about queueing.
func LevelRequests(n, c int) int {
	if n <= 0 || c <= 0 {
		return n
	}
	rounds := max((n+c-1)/c, 2)
	return rounds * c
}

// CloseDoer releases a doer's idle connections when it can, so that one
// step's connections do not weigh on the next step's figures.
func CloseDoer(d Doer) {
	if c, ok := d.(interface{ Close() }); ok {
		c.Close()
	}
}
