package bench

import (
	"fmt"
	"github.com/keydoctor/keydoctor/internal/catalog"
	"strings"

	"github.com/keydoctor/keydoctor/internal/stats"
)

// Verdict is one goal judged on one level.
type Verdict struct {
	Goal        string  `json:"goal"`
	Label       string  `json:"label,omitempty"`
	Concurrency int     `json:"concurrency"`
	Value       float64 `json:"value"`
	Unit        string  `json:"unit"` // ms, %, x, tokens/s
	// Judged is false when the run did not measure it (TPOT without
	// streaming, a load goal without a single-request baseline).
	Judged bool   `json:"judged"`
	Met    bool   `json:"met"`
	Note   string `json:"note,omitempty"`
}

// SLO is every goal judged on every level.
type SLO struct {
	Goals string `json:"goals"`
	// Source is where the goals came from: "--slo", or the team file
	// (keydoctor.yaml's goals) when no --slo was given.
	Source   string    `json:"source,omitempty"`
	Verdicts []Verdict `json:"verdicts"`
	Met      bool      `json:"met"` // every judged verdict met
	// HoldsUpTo is, for a sweep, the highest concurrency up to which
	// every goal was met at every level (0: not even the lowest).
	HoldsUpTo int `json:"holds_up_to,omitempty"`
}

// timeoutCodes are the failures that are timeouts.
var timeoutCodes = []string{string(catalog.TimeoutHeaders), string(catalog.TimeoutStream), string(catalog.ConnectTimeout)}

// JudgeSLO judges goals on each level. base is the single-request
// baseline of load goals: a level at concurrency 1 (a sweep's lowest, or
// one run before the load); nil when there is none.
func JudgeSLO(text string, goals []Goal, levels []Level, base *Level, sweep bool) SLO {
	out := SLO{Goals: text, Met: true}
	holds := true
	for _, l := range levels {
		levelMet := true
		for _, g := range goals {
			v := judge(g, l, base)
			out.Verdicts = append(out.Verdicts, v)
			if v.Judged && !v.Met {
				out.Met, levelMet = false, false
			}
		}
		if sweep && holds && levelMet {
			out.HoldsUpTo = l.Concurrency
		}
		holds = holds && levelMet
	}
	return out
}

func judge(g Goal, l Level, base *Level) Verdict {
	v := Verdict{Goal: g.Text, Label: l.Label, Concurrency: l.Concurrency, Judged: true}
	switch g.Metric {
	case "errors", "timeouts":
		v.Unit = "%"
		if l.Requests == 0 {
			return unjudged(v, "no request completed")
		}
		n := l.Failed
		if g.Metric == "timeouts" {
			n = 0
			for _, c := range timeoutCodes {
				n += l.Errors[c]
			}
		}
		rate := float64(n) / float64(l.Requests)
		v.Value, v.Met = 100*rate, rate < g.Limit
	case "tps":
		v.Unit, v.Value = "tokens/s", l.TokensPerS
		v.Met = l.TokensPerS > g.Limit
	default:
		s := summaryOf(l, g.Metric)
		if s.N == 0 {
			return unjudged(v, g.Metric+" was not measured (not streamed, or nothing succeeded)")
		}
		if g.Stat == "load" {
			return loadVerdict(v, g, l, base)
		}
		v.Unit, v.Value = "ms", statOf(s, g.Stat)
		v.Met = v.Value < g.Limit
	}
	return v
}

// loadVerdict is a level's p50 over the single-request baseline's.
func loadVerdict(v Verdict, g Goal, l Level, base *Level) Verdict {
	v.Unit = "x"
	if base == nil || summaryOf(*base, g.Metric).N == 0 {
		return unjudged(v, "no single-request baseline to compare with: run a level at concurrency 1")
	}
	b := summaryOf(*base, g.Metric).P50
	if b <= 0 {
		return unjudged(v, "the baseline is zero")
	}
	p := summaryOf(l, g.Metric).P50
	v.Value, v.Met = p/b, p/b < g.Limit
	v.Note = fmt.Sprintf("p50 %s ms against %s ms at concurrency 1", num(p), num(b))
	return v
}

func unjudged(v Verdict, note string) Verdict {
	v.Judged, v.Met, v.Note = false, false, note
	return v
}

func summaryOf(l Level, metric string) stats.Summary {
	switch metric {
	case "ttft":
		return l.TTFT
	case "tpot":
		return l.TPOT
	}
	return l.E2E
}

func statOf(s stats.Summary, stat string) float64 {
	switch stat {
	case "p50":
		return s.P50
	case "p90":
		return s.P90
	case "p99":
		return s.P99
	case "mean":
		return s.Mean
	}
	return s.Max
}

// String is a verdict as the report prints it.
func (v Verdict) String() string {
	state := "met"
	switch {
	case !v.Judged:
		state = "not judged"
	case !v.Met:
		state = "MISSED"
	}
	val := "-"
	if v.Judged {
		val = strings.TrimSpace(fmt.Sprintf("%s %s", num(v.Value), v.Unit))
		if v.Unit == "x" || v.Unit == "%" {
			val = num(v.Value) + v.Unit
		}
	}
	return fmt.Sprintf("%s: %s %s", v.Goal, val, state)
}
