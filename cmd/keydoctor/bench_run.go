package main

import (
	"bufio"
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/keydoctor/keydoctor/internal/bench"
)

// confirmAbove: a run planning more requests or output tokens than this
// asks first on a terminal.
const (
	confirmRequests = 200
	confirmTokens   = 100_000
)

func runBench(ctx context.Context, o *benchOptions) error {
	if ctx == nil {
		ctx = context.Background()
	}
	if o.SelfTest {
		return runBenchSelfTest(ctx, o)
	}
	var baseline *bench.Report
	if o.Compare != "" {
		r, err := bench.LoadReport(o.Compare)
		if err != nil {
			return usageErrorf("save one first with --save FILE", "%v", err)
		}
		baseline = &r
		applySaved(o, r.Target, r.Settings)
	}
	maxErr, err := parseShare("--max-errors", o.MaxErrors)
	if err != nil {
		return err
	}
	maxReg, err := parseShare("--max-regression", o.MaxRegression)
	if err != nil {
		return err
	}
	if o.Rate > 0 && !o.changed("concurrency") && baseline == nil {
		o.Concurrency = 256 // open loop: -c only caps what is in flight
	}
	if err := checkLoadFlags(o); err != nil {
		return err
	}
	p, err := o.profile.load(o.Env)
	if err != nil {
		return err
	}
	req, tool, p, err := benchRequest(o, p)
	if err != nil {
		return err
	}
	plan := bench.Plan{Request: req, Concurrency: o.Concurrency, Requests: o.Requests, Rate: o.Rate,
		Duration: o.Duration, Ramp: o.Ramp, Warmup: o.Warmup, MaxErrors: maxErr, Seed: o.Seed, Key: p.Key}
	if o.Duration > 0 && !o.changed("requests") && baseline == nil {
		plan.Requests = 0 // --duration alone: as many as fit
	}
	var sweep *bench.Sweep
	if o.Sweep != "" {
		sw, err := bench.ParseSweep(o.Sweep)
		if err != nil {
			return usageErrorf("e.g. --sweep 1,2,4,8,16 or --sweep auto", "%v", err)
		}
		sw.Max = o.SweepMax
		sweep = &sw
	}
	report := bench.Report{Schema: bench.Schema, Started: o.Env.Now().UTC(),
		Target: bench.Target{BaseURL: p.BaseURL, Model: p.Model, Protocol: string(req.Protocol), Tool: tool, URL: req.Target()},
		Settings: bench.Settings{Concurrency: o.Concurrency, Requests: plan.Requests, Rate: o.Rate, Warmup: o.Warmup,
			MaxTokens: o.MaxTokens, Stream: o.Stream, InputTokens: o.InputTokens, Sweep: o.Sweep, MaxErrors: maxErr, Seed: o.Seed}}
	if o.Duration > 0 {
		report.Settings.Duration = o.Duration.String()
	}
	if o.Ramp > 0 {
		report.Settings.Ramp = o.Ramp.String()
	}
	if o.Prompt != "" || o.PromptFile != "" {
		report.Settings.Prompt = req.Prompt
	}

	budget := bench.PlanBudget(plan, sweep, o.MaxTokens)
	printPlan(o, report, plan, sweep, budget)
	if err := confirmBudget(o, budget); err != nil {
		return err
	}

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
	var samples []bench.Sample
	if sweep == nil {
		plan.Progress = progress.update(plan.Requests)
		d := doerFor(o.Concurrency)
		l, s := bench.Execute(ctx, d, plan)
		if c, ok := d.(interface{ Close() }); ok {
			c.Close()
		}
		progress.done()
		report.Runs, samples = []bench.Level{l}, s
	} else {
		plan.Progress = progress.update(0)
		levels, s, knee := bench.RunSweep(ctx, func(c int) bench.Doer {
			progress.level(c, bench.LevelRequests(plan.Requests, c))
			return doerFor(c)
		}, plan, *sweep, func(bench.Level) { progress.done() })
		report.Runs, samples, report.Knee = levels, s, &knee
	}
	if doerErr != nil {
		return failf("", "cannot build the HTTP client: %v", doerErr)
	}
	if baseline != nil {
		changes, regressed := bench.Compare(baseline.Runs, report.Runs, maxReg)
		report.Comparison = &bench.Comparison{Baseline: o.Compare, MaxRegression: maxReg, Changes: changes, Regressed: regressed}
	}
	if err := writeBenchOutputs(o, report, samples); err != nil {
		return err
	}
	if baseline != nil {
		return printComparison(o, *baseline, report)
	}
	return benchExit(report, ctx)
}

// applySaved takes the baseline's settings, so that --compare reruns the
// same benchmark; flags given explicitly still win.
func applySaved(o *benchOptions, t bench.Target, s bench.Settings) {
	set := func(name string, apply func()) {
		if !o.changed(name) {
			apply()
		}
	}
	if !o.changed("tool") && !o.changed("protocol") { // the same path as the baseline
		o.Tool, o.Protocol = t.Tool, ""
		if t.Tool == "" {
			o.Protocol = t.Protocol
		}
	}
	set("concurrency", func() { o.Concurrency = s.Concurrency })
	set("requests", func() { o.Requests = s.Requests })
	set("rate", func() { o.Rate = s.Rate })
	set("duration", func() { o.Duration, _ = time.ParseDuration(s.Duration) })
	set("ramp", func() { o.Ramp, _ = time.ParseDuration(s.Ramp) })
	set("warmup", func() { o.Warmup = s.Warmup })
	set("max-tokens", func() { o.MaxTokens = s.MaxTokens })
	set("stream", func() { o.Stream = s.Stream })
	set("sweep", func() { o.Sweep = s.Sweep })
	set("seed", func() { o.Seed = s.Seed })
	if !o.changed("prompt") && !o.changed("prompt-file") && !o.changed("input-tokens") {
		o.Prompt, o.InputTokens = s.Prompt, s.InputTokens
	}
	if !o.changed("max-errors") {
		o.MaxErrors = fmt.Sprintf("%g%%", s.MaxErrors*100)
	}
}

func checkLoadFlags(o *benchOptions) error {
	switch {
	case o.JSON && o.CSV:
		return usageErrorf("", "use --json or --csv, not both")
	case o.Concurrency < 1:
		return usageErrorf("", "-c must be at least 1")
	case o.Requests < 0 || o.Warmup < bench.WarmupPerSlot || o.MaxTokens < 1 || o.InputTokens < 0:
		return usageErrorf("", "-n, --warmup and --input-tokens cannot be negative; --max-tokens must be at least 1")
	case o.Rate < 0:
		return usageErrorf("", "--rate must be positive")
	case o.Rate > 0 && o.Sweep != "":
		return usageErrorf("sweep concurrency with -c levels, or measure one --rate at a time", "use --rate or --sweep, not both")
	case o.Requests == 0 && o.Duration == 0:
		return usageErrorf("", "give -n requests or a --duration")
	}
	return nil
}

// printPlan says what is about to be sent and what it may cost, on
// stderr so that --json and --csv stay clean.
func printPlan(o *benchOptions, r bench.Report, p bench.Plan, sw *bench.Sweep, b bench.Budget) {
	w := o.ErrOut
	load := fmt.Sprintf("%d requests at concurrency %d", p.Requests, p.Concurrency)
	switch {
	case sw != nil:
		load = fmt.Sprintf("sweep %s, %d requests per level (whole rounds of c, at least 2 per slot)", strings.Trim(fmt.Sprint(sw.Planned()), "[]"), p.Requests)
	case p.Rate > 0:
		load = fmt.Sprintf("%g requests/s (Poisson, seed %d), at most %d in flight", p.Rate, p.Seed, p.Concurrency)
		if p.Requests > 0 {
			load += fmt.Sprintf(", %d requests", p.Requests)
		}
	case p.Requests == 0:
		load = fmt.Sprintf("concurrency %d", p.Concurrency)
	}
	if p.Duration > 0 {
		load += ", for " + p.Duration.String()
	}
	mode := "streamed"
	if !p.Request.Stream {
		mode = "not streamed (E2E only)"
	}
	fmt.Fprintf(w, "bench: %s %s, model %s\n", p.Request.Protocol, r.Target.URL, r.Target.Model)
	warm := fmt.Sprintf("+%d warmup", p.WarmupRequests())
	if p.Warmup < 0 && p.Rate == 0 {
		warm = "+1 warmup per slot"
	}
	fmt.Fprintf(w, "bench: %s, %s, %s, max tokens %d\n", load, mode, warm, o.MaxTokens)
	if b.OpenEnded {
		fmt.Fprintf(w, "bench: planned as many requests as fit in %s, each at most %d output tokens and about %d input tokens\n",
			p.Duration, o.MaxTokens, bench.EstimateTokens(p.Request.Prompt))
		return
	}
	more := ""
	if sw != nil && sw.Auto {
		more = "up to "
	}
	fmt.Fprintf(w, "bench: planned %s%d requests, at most %s output tokens and about %s input tokens\n",
		more, b.Requests, thousands(b.OutputTokens), thousands(b.InputTokens))
}

// confirmBudget asks on a terminal before a large run.
func confirmBudget(o *benchOptions, b bench.Budget) error {
	big := b.OpenEnded || b.Requests > confirmRequests || b.OutputTokens+b.InputTokens > confirmTokens
	if !big || o.Yes || !o.Env.IsTerminal {
		return nil
	}
	fmt.Fprint(o.ErrOut, "bench: this may cost real tokens; continue? [y/N] ")
	line, _ := bufio.NewReader(o.Env.Stdin).ReadString('\n')
	if a := strings.ToLower(strings.TrimSpace(line)); a == "y" || a == "yes" {
		return nil
	}
	return failf("pass --yes to skip this question, or lower -n / --max-tokens", "not started")
}

// benchExit: 1 when no request succeeded, a level stopped at the error
// limit, or the run was interrupted; the figures were printed already.
func benchExit(r bench.Report, ctx context.Context) error {
	if ctx.Err() != nil {
		return failf("", "interrupted: the figures above cover what completed before")
	}
	ok := 0
	for _, l := range r.Runs {
		ok += l.OK
		if l.Stopped != "" {
			return failf("run 'keydoctor doctor' to see why requests fail, or raise --max-errors to measure anyway",
				"c=%d %s", l.Concurrency, l.Stopped)
		}
	}
	if ok == 0 {
		return failf("run 'keydoctor doctor' to see why requests fail", "no request succeeded")
	}
	return nil
}

func thousands(n int) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
