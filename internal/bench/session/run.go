package session

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/keydoctor/keydoctor/internal/bench"
	"github.com/keydoctor/keydoctor/internal/gateway"
)

// benchRun is one `keydoctor bench` from the parsed flags to the report.
type benchRun struct {
	o        *Options
	profile  gateway.Profile
	plan     bench.Plan
	sweep    *bench.Sweep
	variants []bench.Variant
	baseline *bench.Report
	maxReg   float64
	// goals are --slo's, goalsText as given (defaults expanded).
	goals     []bench.Goal
	goalsText string
	// goalsSource is where they came from: --slo or keydoctor.yaml.
	goalsSource string
	// planRPS and planTokens are --plan's load (0: no plan).
	planRPS, planTokens float64
	report              bench.Report
	samples             []bench.Sample
}

// Run is one `keydoctor bench`: --self-test, or the plan, the question
// before a large run, the load, its judgement and its report.
func Run(ctx context.Context, o *Options) error {
	if ctx == nil {
		ctx = context.Background()
	}
	if o.SelfTest {
		return selfTest(ctx, o)
	}
	r, err := prepareBench(o)
	if err != nil {
		return err
	}
	if err := checkOutputPaths(o); err != nil {
		return err
	}
	budget := bench.PlanBudget(r.plan, r.sweep, o.MaxTokens)
	if len(r.variants) > 0 {
		budget = bench.Budget{}
		for _, v := range r.variants {
			p := r.plan
			p.Request = v.Request
			budget = budget.Plus(bench.PlanBudget(p, nil, o.MaxTokens))
		}
	}
	if r.needsLoadBaseline() {
		b := r.plan
		b.Concurrency, b.Requests, b.Rate, b.Duration, b.Warmup = 1, loadBaselineRequests, 0, 0, 1
		budget = budget.Plus(bench.PlanBudget(b, nil, o.MaxTokens))
	}
	printPlan(o, r.report, r.plan, r.sweep, r.variants, budget)
	if r.needsLoadBaseline() {
		fmt.Fprintf(o.notes(), "bench: first %d requests at concurrency 1: the single-request baseline of the load goals\n", loadBaselineRequests)
	}
	if err := confirmBudget(ctx, o, budget); err != nil {
		return err
	}
	if err := r.execute(ctx); err != nil {
		return err
	}
	r.judge()
	if err := writeBenchOutputs(o, r.report, r.samples); err != nil {
		return err
	}
	if r.baseline != nil {
		if err := printComparison(o, *r.baseline, r.report); err != nil {
			return err
		}
	}
	if err := sloExit(r.report.SLO); err != nil {
		return err
	}
	if r.baseline != nil {
		return nil
	}
	return benchExit(r.report, ctx)
}

// execute runs the load: one level, a sweep, or the variants of a
// comparison, interleaved.
func (r *benchRun) execute(ctx context.Context) error {
	o := r.o
	newDoer := o.NewDoer
	if newDoer == nil {
		newDoer = probeDoer(o)
	}
	var doerErr error
	doerFor := func(c int) bench.Doer {
		d, err := newDoer(c)
		if err != nil {
			doerErr = err
			return failingDoer{err}
		}
		return d
	}
	progress := newProgress(o)
	if r.needsLoadBaseline() {
		r.runLoadBaseline(ctx, doerFor)
	}
	plan := r.plan
	switch {
	case len(r.variants) > 0:
		d := doerFor(o.Concurrency)
		r.report.Runs, r.samples = bench.RunVariants(ctx, d, plan, r.variants, progress.update(plan.Requests*len(r.variants)))
		bench.CloseDoer(d)
		progress.done()
	case r.sweep == nil:
		plan.Progress = progress.update(plan.Requests)
		d := doerFor(o.Concurrency)
		l, s := bench.Execute(ctx, d, plan)
		bench.CloseDoer(d)
		progress.done()
		r.report.Runs, r.samples = []bench.Level{l}, s
	default:
		plan.Progress = progress.update(0)
		levels, s, knee := bench.RunSweep(ctx, func(c int) bench.Doer {
			progress.level(c, bench.LevelRequests(plan.Requests, c))
			return doerFor(c)
		}, plan, *r.sweep, func(bench.Level) { progress.done() })
		r.report.Runs, r.samples, r.report.Knee = levels, s, &knee
	}
	if doerErr != nil {
		return failf("", "cannot build the HTTP client: %v", doerErr)
	}
	return nil
}

// judge adds what is computed from the measurements: the comparison with
// a baseline, the differences between variants.
func (r *benchRun) judge() {
	if r.baseline != nil {
		changes, regressed := bench.Compare(r.baseline.Runs, r.report.Runs, r.maxReg)
		r.report.Comparison = &bench.Comparison{Baseline: r.o.Compare, MaxRegression: r.maxReg, Changes: changes, Regressed: regressed}
	}
	if len(r.variants) > 0 {
		labels := make([]string, len(r.variants))
		for i, v := range r.variants {
			labels[i] = v.Label
		}
		r.report.Differences = bench.Differences(labels, r.samples, r.o.Seed)
		r.report.Winner = bench.Winner(labels, r.samples, r.o.Seed)
		r.routerHop()
	}
	r.judgeSLO()
	r.planCapacity()
}

// checkOutputPaths makes sure every file bench writes after the run can
// be written before a request (and a token) is spent on it: a report
// that cannot be saved is found now, not after the run.
func checkOutputPaths(o *Options) error {
	for _, out := range []struct{ flag, path string }{{"--html", o.HTML}, {"--raw", o.Raw}, {"--save", o.Save}} {
		if out.path == "" || out.path == "-" {
			continue
		}
		dir := filepath.Dir(out.path)
		probe, err := os.CreateTemp(dir, ".keydoctor-write-check-*")
		if err != nil {
			var pe *fs.PathError
			if errors.As(err, &pe) {
				err = pe.Err // not the probe's temporary name
			}
			return usageErrorf("give "+out.flag+" a path in a directory you may write", "cannot write %s in %s: %v (nothing was sent)", out.flag, o.Env.Tilde(dir), err)
		}
		probe.Close()
		os.Remove(probe.Name())
	}
	return nil
}
