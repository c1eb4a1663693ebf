package bench

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/keydoctor/keydoctor/internal/stats"
)

// ArticleGoals are the goals the benchmarking articles judge a chat
// gateway by: TTFT p90 under 800 ms, TPOT p50 under 50 ms (the seeds'
// latency-high limits, stats.DefaultTTFT and DefaultTPOT), under 1% of
// requests failing, and TTFT under load no more than 3× the
// single-request baseline. `bench --slo` alone judges these.
func ArticleGoals() string {
	return fmt.Sprintf("ttft.p90<%s,tpot.p50<%s,errors<1%%,ttft.load<3x", stats.DefaultTTFT, stats.DefaultTPOT)
}

// Goal is one objective: a metric, bounded.
type Goal struct {
	Text   string  `json:"goal"`
	Metric string  `json:"-"` // ttft, tpot, e2e, errors, timeouts, tps
	Stat   string  `json:"-"` // p50, p90, p99, mean, max; "load" for the ratio to c=1
	Less   bool    `json:"-"` // the value must stay below Limit (else above: tps)
	Limit  float64 `json:"-"` // ms, share (0.01), factor, or tokens/s
}

// ParseGoals reads "ttft.p90<800ms,tpot.p50<50ms,errors<1%,ttft.load<3x"
// (also e2e.*, timeouts<N%, tps>N). It is also the hook by which a team
// file's goals come in: the same text.
func ParseGoals(s string) ([]Goal, error) {
	var out []Goal
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		g, err := parseGoal(part)
		if err != nil {
			return nil, err
		}
		out = append(out, g)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no goal in %q", s)
	}
	return out, nil
}

func parseGoal(s string) (Goal, error) {
	g := Goal{Text: s}
	i := strings.IndexAny(s, "<>")
	if i < 0 {
		return g, fmt.Errorf("goal %q: want METRIC<LIMIT, e.g. ttft.p90<800ms", s)
	}
	g.Less = s[i] == '<'
	name, limit := strings.TrimSpace(s[:i]), strings.TrimSpace(strings.TrimPrefix(s[i+1:], "="))
	g.Metric, g.Stat, _ = strings.Cut(strings.ToLower(name), ".")
	bad := func(want string) (Goal, error) { return g, fmt.Errorf("goal %q: %s", s, want) }
	switch {
	case g.Metric == "ttft" || g.Metric == "tpot" || g.Metric == "e2e":
		if g.Stat == "load" {
			f, err := strconv.ParseFloat(strings.TrimSuffix(limit, "x"), 64)
			if err != nil || !strings.HasSuffix(limit, "x") || f <= 0 {
				return bad("a load goal is a factor of the single-request baseline, e.g. ttft.load<3x")
			}
			g.Limit = f
		} else {
			if !validStat(g.Stat) {
				return bad("use p50, p90, p99, mean or max, e.g. " + g.Metric + ".p90")
			}
			d, err := time.ParseDuration(limit)
			if err != nil || d <= 0 {
				return bad("the limit is a duration, e.g. 800ms")
			}
			g.Limit = ms(d)
		}
		if !g.Less {
			return bad("latency goals are upper bounds: use <")
		}
	case (g.Metric == "errors" || g.Metric == "timeouts") && g.Stat == "":
		f, err := strconv.ParseFloat(strings.TrimSuffix(limit, "%"), 64)
		if err != nil || !strings.HasSuffix(limit, "%") || f < 0 || !g.Less {
			return bad("a rate goal is a percentage bound, e.g. errors<1%")
		}
		g.Limit = f / 100
	case g.Metric == "tps" && g.Stat == "":
		f, err := strconv.ParseFloat(strings.TrimSuffix(limit, "/s"), 64)
		if err != nil || f <= 0 || g.Less {
			return bad("a throughput goal is a lower bound in tokens/s, e.g. tps>200")
		}
		g.Limit = f
	default:
		return bad("metrics are ttft, tpot and e2e (.p50 .p90 .p99 .mean .max .load), errors, timeouts and tps")
	}
	return g, nil
}

func validStat(s string) bool {
	switch s {
	case "p50", "p90", "p99", "mean", "max":
		return true
	}
	return false
}
