package session

import (
	"context"
	"fmt"
	"strings"

	"github.com/keydoctor/keydoctor/internal/bench"
)

// sloGoals parses --slo ("articles": the articles' goals), else the goals
// of the team file found above the working directory (keydoctor.yaml), and
// says which it took.
func sloGoals(o *Options, teamGoals string) (text, source string, goals []bench.Goal, err error) {
	text, source = strings.TrimSpace(o.SLO), "--slo"
	if text == "" && strings.TrimSpace(teamGoals) != "" {
		text, source = strings.TrimSpace(teamGoals), "keydoctor.yaml"
	}
	if text == "" {
		return "", "", nil, nil
	}
	if strings.EqualFold(text, "articles") {
		text = bench.ArticleGoals()
	}
	if goals, err = bench.ParseGoals(text); err != nil {
		return "", "", nil, usageErrorf("e.g. --slo 'ttft.p90<800ms,errors<1%', or --slo articles for "+bench.ArticleGoals(), "%s: %v", strings.Replace(source, "keydoctor.yaml", "keydoctor.yaml goals", 1), err)
	}
	return text, source, goals, nil
}

// needsLoadBaseline says whether load goals need a single-request run
// that the load itself does not include.
func (r *benchRun) needsLoadBaseline() bool {
	load := false
	for _, g := range r.goals {
		load = load || g.Stat == "load"
	}
	switch {
	case !load || len(r.variants) > 0:
		return false
	case r.sweep != nil:
		return !r.sweep.Auto && r.sweep.Levels[0] != 1
	}
	return r.plan.Concurrency != 1 || r.plan.Rate > 0
}

// loadBaselineRequests is the size of that run.
const loadBaselineRequests = 5

// runLoadBaseline measures the single-request baseline before the load.
func (r *benchRun) runLoadBaseline(ctx context.Context, doerFor func(int) bench.Doer) {
	p := r.plan
	p.Concurrency, p.Requests, p.Rate, p.Duration, p.Ramp, p.Warmup, p.Progress = 1, loadBaselineRequests, 0, 0, 0, 1, nil
	d := doerFor(1)
	l, _ := bench.Execute(ctx, d, p)
	bench.CloseDoer(d)
	r.report.LoadBaseline = &l
}

// judgeSLO judges the goals on every level (every side of a comparison).
func (r *benchRun) judgeSLO() {
	if len(r.goals) == 0 {
		return
	}
	base := r.report.LoadBaseline
	for i := range r.report.Runs {
		if l := &r.report.Runs[i]; base == nil && l.Concurrency == 1 && l.Rate == 0 && l.Label == "" {
			base = l
		}
	}
	s := bench.JudgeSLO(r.goalsText, r.goals, r.report.Runs, base, r.sweep != nil)
	s.Source = r.goalsSource
	r.report.SLO = &s
}

// sloExit is exit 1 when a goal was missed.
func sloExit(s *bench.SLO) error {
	if s == nil || s.Met {
		return nil
	}
	var missed []string
	for _, v := range s.Verdicts {
		if v.Judged && !v.Met {
			where := fmt.Sprintf("c=%d", v.Concurrency)
			if v.Label != "" {
				where = v.Label + " " + where
			}
			missed = append(missed, v.Goal+" at "+where)
		}
	}
	return failf("see the goals above; a sweep (--sweep 1,2,4,8) shows up to which load they hold", "goals missed: %s", strings.Join(missed, ", "))
}
