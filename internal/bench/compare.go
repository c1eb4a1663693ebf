package bench

import "fmt"

// Change is one metric of one level, old against new.
type Change struct {
	Label       string  `json:"label,omitempty"` // the variant, in a comparison run
	Concurrency int     `json:"concurrency"`
	Metric      string  `json:"metric"` // ttft_p50, ttft_p90, tpot_p50, tokens_per_s, error_rate
	Unit        string  `json:"unit"`
	Old         float64 `json:"old"`
	New         float64 `json:"new"`
	// Change is (new−old)/old; for error_rate the absolute difference.
	Change    float64 `json:"change"`
	Regressed bool    `json:"regressed"`
}

// metric is one compared figure and which direction is worse.
type metric struct {
	name, unit    string
	get           func(Level) float64
	higherIsWorse bool
}

var compared = []metric{
	{"ttft_p50", "ms", func(l Level) float64 { return l.TTFT.P50 }, true},
	{"ttft_p90", "ms", func(l Level) float64 { return l.TTFT.P90 }, true},
	{"tpot_p50", "ms", func(l Level) float64 { return l.TPOT.P50 }, true},
	{"tokens_per_s", "tokens/s", func(l Level) float64 { return l.TokensPerS }, false},
}

// Compare sets a new run against a saved one, level by level (matched by
// variant label and concurrency). A metric regressed when it got worse by more than max (0.2
// = 20%). Failures where the baseline had none always regress: a faster
// gateway that drops requests is not better. Metrics the baseline lacks
// (no TPOT without streaming) are skipped.
func Compare(old, cur []Level, max float64) (changes []Change, regressed bool) {
	type key struct {
		label string
		c     int
	}
	byC := map[key]Level{}
	for _, l := range cur {
		byC[key{l.Label, l.Concurrency}] = l
	}
	for _, o := range old {
		n, ok := byC[key{o.Label, o.Concurrency}]
		if !ok {
			continue
		}
		for _, m := range compared {
			ov, nv := m.get(o), m.get(n)
			if ov <= 0 {
				continue
			}
			ch := Change{Label: o.Label, Concurrency: o.Concurrency, Metric: m.name, Unit: m.unit, Old: ov, New: nv, Change: nv/ov - 1}
			worse := ch.Change
			if !m.higherIsWorse {
				worse = -worse
			}
			ch.Regressed = worse > max
			regressed = regressed || ch.Regressed
			changes = append(changes, ch)
		}
		oe, ne := o.ErrorRate(), n.ErrorRate()
		if oe > 0 || ne > 0 {
			ch := Change{Label: o.Label, Concurrency: o.Concurrency, Metric: "error_rate", Unit: "%", Old: oe * 100, New: ne * 100, Change: ne - oe}
			ch.Regressed = ne > oe && (oe == 0 || ne-oe > max*oe)
			regressed = regressed || ch.Regressed
			changes = append(changes, ch)
		}
	}
	return changes, regressed
}

// String prints a change as the compare table does.
func (c Change) String() string {
	verdict := "ok"
	if c.Regressed {
		verdict = "REGRESSED"
	}
	if c.Metric == "error_rate" {
		return fmt.Sprintf("c=%d %s: %.1f%% → %.1f%% %s", c.Concurrency, c.Metric, c.Old, c.New, verdict)
	}
	return fmt.Sprintf("c=%d %s: %s → %s %s (%s) %s", c.Concurrency, c.Metric, num(c.Old), num(c.New), c.Unit, Pct(c.Change), verdict)
}
