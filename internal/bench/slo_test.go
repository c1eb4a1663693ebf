package bench

import (
	"strconv"
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/internal/stats"
)

func TestParseGoals(t *testing.T) {
	good := map[string]Goal{
		"ttft.p90<800ms":  {Metric: "ttft", Stat: "p90", Less: true, Limit: 800},
		"tpot.p50 < 50ms": {Metric: "tpot", Stat: "p50", Less: true, Limit: 50},
		"e2e.max<2.5s":    {Metric: "e2e", Stat: "max", Less: true, Limit: 2500},
		"errors<1%":       {Metric: "errors", Less: true, Limit: 0.01},
		"timeouts<0.5%":   {Metric: "timeouts", Less: true, Limit: 0.005},
		"ttft.load<3x":    {Metric: "ttft", Stat: "load", Less: true, Limit: 3},
		"tps>200":         {Metric: "tps", Limit: 200},
		"TTFT.P99<=1s":    {Metric: "ttft", Stat: "p99", Less: true, Limit: 1000},
	}
	for in, want := range good {
		gs, err := ParseGoals(in)
		if err != nil || len(gs) != 1 {
			t.Errorf("%q: %v", in, err)
			continue
		}
		want.Text = strings.TrimSpace(in)
		if gs[0] != want {
			t.Errorf("%q = %+v, want %+v", in, gs[0], want)
		}
	}
	for _, in := range []string{"", "ttft<800ms", "ttft.p42<1s", "ttft.p90>800ms", "ttft.p90<800", "errors<1", "errors>1%",
		"ttft.load<3", "tps<5", "latency<1s", "ttft.p90"} {
		if _, err := ParseGoals(in); err == nil {
			t.Errorf("%q accepted", in)
		}
	}
	gs, err := ParseGoals(ArticleGoals())
	if err != nil || len(gs) != 4 || gs[0].Limit != 800 || gs[1].Limit != 50 {
		t.Fatalf("the articles' goals %q: %+v %v", ArticleGoals(), gs, err)
	}
}

func TestJudgeSLO(t *testing.T) {
	goals, _ := ParseGoals(ArticleGoals() + ",tps>100")
	one := Level{Concurrency: 1, Requests: 100, OK: 100, TTFT: stats.Summary{N: 100, P50: 200, P90: 300}, TPOT: stats.Summary{N: 100, P50: 20}, TokensPerS: 150}
	busy := Level{Concurrency: 8, Requests: 100, OK: 99, Failed: 1, Errors: map[string]int{"timeout-stream": 1},
		TTFT: stats.Summary{N: 99, P50: 700, P90: 900}, TPOT: stats.Summary{N: 99, P50: 30}, TokensPerS: 600}
	s := JudgeSLO("g", goals, []Level{one, busy}, &one, true)
	if s.Met || s.HoldsUpTo != 1 || len(s.Verdicts) != 10 {
		t.Fatalf("slo %+v", s)
	}
	missed := map[string]bool{}
	for _, v := range s.Verdicts {
		if v.Judged && !v.Met {
			missed[v.Goal+"@"+strconv.Itoa(v.Concurrency)] = true
		}
	}
	// at 8: p90 900 ≥ 800, 1% failed is not under 1%, 700/200 = 3.5x
	for _, want := range []string{"ttft.p90<800ms@8", "errors<1%@8", "ttft.load<3x@8"} {
		if !missed[want] {
			t.Errorf("%s not missed: %v", want, missed)
		}
	}
	if len(missed) != 3 {
		t.Errorf("missed %v", missed)
	}
	// no baseline, no stream: load and TPOT are not judged, and not failed
	e2eOnly := Level{Concurrency: 4, Requests: 10, OK: 10, E2E: stats.Summary{N: 10, P50: 100}}
	s = JudgeSLO("g", goals[1:2], []Level{e2eOnly}, nil, false)
	if !s.Met || s.Verdicts[0].Judged || !strings.Contains(s.Verdicts[0].Note, "not measured") {
		t.Errorf("unmeasured TPOT %+v", s)
	}
	s = JudgeSLO("g", goals[3:4], []Level{busy}, nil, false)
	if !s.Met || s.Verdicts[0].Judged {
		t.Errorf("a load goal without a baseline %+v", s)
	}
}
