package bench

import (
	"fmt"
	"slices"
	"sort"
	"time"

	"github.com/keydoctor/keydoctor/internal/stats"
)

// Series is the history of one measured thing: one gateway, model,
// protocol, side and load, run after run.
type Series struct {
	BaseURL     string  `json:"base_url"`
	Model       string  `json:"model"`
	Protocol    string  `json:"protocol"`
	Label       string  `json:"label,omitempty"`
	Concurrency int     `json:"concurrency"`
	Rate        float64 `json:"rate,omitempty"`
	Stream      bool    `json:"stream"`
	Points      []Point `json:"points"`
}

// Point is one run of a series.
type Point struct {
	Started    time.Time `json:"started"`
	TTFTP50    float64   `json:"ttft_p50_ms"`
	TTFTP90    float64   `json:"ttft_p90_ms"`
	TPOTP50    float64   `json:"tpot_p50_ms"`
	TPOTP90    float64   `json:"tpot_p90_ms"`
	TokensPerS float64   `json:"tokens_per_s"`
	ErrorRate  float64   `json:"error_rate"` // share, 0..1
	Requests   int       `json:"requests"`
	// Regressed marks a run worse than the rolling baseline (the median
	// of the runs before it, at most BaselineRuns) by more than the
	// threshold; Why says in what.
	Regressed bool     `json:"regressed"`
	Why       []string `json:"why,omitempty"`
}

// DefaultMaxRegression is the worsening that counts as a regression when
// --max-regression is not given, the same for 'bench --compare' (one run
// against the saved one) and 'bench history' (a run against the median of
// those before it): one meaning, one default. Half as slow again is beyond
// a gateway's ordinary hour-to-hour spread and well short of a broken one.
const DefaultMaxRegression = "50%"

// BaselineRuns is how many earlier runs the rolling baseline takes the
// median of; MinBaseline how many it needs before it judges.
const (
	BaselineRuns = 5
	MinBaseline  = 2
)

// Trend groups runs into series, oldest run first, and marks regressions
// against each series' rolling baseline: TTFT or TPOT (p50 or p90) worse
// by more than max (0.5 = 50%), throughput lower by more than max, or a
// higher error rate where the baseline had none or beyond max.
func Trend(runs []Report, max float64) []Series {
	sort.SliceStable(runs, func(i, j int) bool { return runs[i].Started.Before(runs[j].Started) })
	idx := map[string]int{}
	var out []Series
	for _, r := range runs {
		for _, l := range r.Runs {
			s := seriesOf(r, l)
			k := fmt.Sprintf("%s|%s|%s|%s|%d|%g|%v", s.BaseURL, s.Model, s.Protocol, s.Label, s.Concurrency, s.Rate, s.Stream)
			i, ok := idx[k]
			if !ok {
				i, idx[k] = len(out), len(out)
				out = append(out, s)
			}
			out[i].Points = append(out[i].Points, pointOf(r.Started, l))
		}
	}
	for i := range out {
		markRegressions(out[i].Points, max)
	}
	return out
}

// seriesOf is the series a level belongs to: a comparison's side carries
// its own gateway and model.
func seriesOf(r Report, l Level) Series {
	s := Series{BaseURL: r.Target.BaseURL, Model: r.Target.Model, Protocol: r.Target.Protocol, Label: l.Label,
		Concurrency: l.Concurrency, Rate: l.Rate, Stream: l.Stream || l.TTFT.N > 0}
	for _, v := range r.Variants {
		if v.Label == l.Label && l.Label != "" {
			s.BaseURL, s.Model, s.Stream = v.BaseURL, v.Model, v.Stream
		}
	}
	return s
}

func pointOf(at time.Time, l Level) Point {
	return Point{Started: at, TTFTP50: l.TTFT.P50, TTFTP90: l.TTFT.P90, TPOTP50: l.TPOT.P50, TPOTP90: l.TPOT.P90,
		TokensPerS: l.TokensPerS, ErrorRate: l.ErrorRate(), Requests: l.Requests}
}

// trended are the figures a regression is judged on; higher is worse
// unless lowerWorse. A p90 is judged only on runs of at least
// StableTail requests: below that a couple of slow requests move it, and
// a busy moment of the machine would read as a regression.
var trended = []struct {
	name       string
	get        func(Point) float64
	lowerWorse bool
	tail       bool
}{
	{"TTFT p50", func(p Point) float64 { return p.TTFTP50 }, false, false},
	{"TTFT p90", func(p Point) float64 { return p.TTFTP90 }, false, true},
	{"TPOT p50", func(p Point) float64 { return p.TPOTP50 }, false, false},
	{"TPOT p90", func(p Point) float64 { return p.TPOTP90 }, false, true},
	{"throughput", func(p Point) float64 { return p.TokensPerS }, true, false},
}

const StableTail = 50

func markRegressions(ps []Point, max float64) {
	for i := range ps {
		before := ps[:i]
		if len(before) > BaselineRuns {
			before = before[len(before)-BaselineRuns:]
		}
		if len(before) < MinBaseline {
			continue
		}
		p := &ps[i]
		for _, m := range trended {
			if m.tail && p.Requests < StableTail {
				continue
			}
			base := median(before, m.get)
			v := m.get(*p)
			if base <= 0 || v <= 0 {
				continue
			}
			change := v/base - 1
			if m.lowerWorse { // as slow per token: half the throughput is +100%
				change = base/v - 1
			}
			if change > max {
				verb := "rose"
				if m.lowerWorse {
					verb = "fell"
				}
				p.Why = append(p.Why, fmt.Sprintf("%s %s %s → %s (%s against the median of the %d runs before)",
					m.name, verb, num(base), num(v), Pct(v/base-1), len(before)))
			}
		}
		if base := median(before, func(q Point) float64 { return q.ErrorRate }); p.ErrorRate > base && (base == 0 || p.ErrorRate-base > max*base) {
			p.Why = append(p.Why, fmt.Sprintf("errors rose %.1f%% → %.1f%%", 100*base, 100*p.ErrorRate))
		}
		p.Regressed = len(p.Why) > 0
	}
}

func median(ps []Point, get func(Point) float64) float64 {
	v := make([]float64, 0, len(ps))
	for _, p := range ps {
		v = append(v, get(p))
	}
	slices.Sort(v)
	return stats.Percentile(v, 50)
}
