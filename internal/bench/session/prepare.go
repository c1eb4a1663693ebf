package session

import (
	"fmt"
	"time"

	"github.com/keydoctor/keydoctor/internal/bench"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/probe"
)

// prepareBench turns the flags into a run: the baseline's settings for
// --compare, the profile or tool path, the plan, the sweep or variants,
// and the report's header.
func prepareBench(o *Options) (*benchRun, error) {
	r := &benchRun{o: o}
	if o.Compare != "" {
		b, err := bench.LoadReport(o.Compare)
		if err != nil {
			return nil, usageErrorf("save one first with --save FILE", "%v", err)
		}
		r.baseline = &b
		applySaved(o, b.Target, b.Settings)
	}
	if err := parseVariantFlags(o); err != nil {
		return nil, err
	}
	maxErr, err := ParseShare("--max-errors", o.MaxErrors)
	if err != nil {
		return nil, err
	}
	if r.maxReg, err = ParseShare("--max-regression", o.MaxRegression); err != nil {
		return nil, err
	}
	if o.Rate > 0 && !o.changed("concurrency") && r.baseline == nil {
		o.Concurrency = 256 // open loop: -c only caps what is in flight
	}
	if err := checkLoadFlags(o); err != nil {
		return nil, err
	}
	if r.planRPS, r.planTokens, err = parsePlan(o); err != nil {
		return nil, err
	}
	p, teamGoals, err := o.Resolve()
	if err != nil {
		return nil, err
	}
	if r.goalsText, r.goalsSource, r.goals, err = sloGoals(o, teamGoals); err != nil {
		return nil, err
	}
	req, tool, p, err := benchRequest(o, p)
	if err != nil {
		return nil, err
	}
	r.profile = p
	r.plan = bench.Plan{Request: req, Concurrency: o.Concurrency, Requests: o.Requests, Rate: o.Rate,
		Duration: o.Duration, Ramp: o.Ramp, Warmup: o.Warmup, MaxErrors: maxErr, Seed: o.Seed, Key: p.Key, LeanClient: o.LeanClient}
	if o.Duration > 0 && !o.changed("requests") && r.baseline == nil {
		r.plan.Requests = 0 // --duration alone: as many as fit
	}
	if o.Sweep != "" {
		sw, err := bench.ParseSweep(o.Sweep)
		if err != nil {
			return nil, usageErrorf("e.g. --sweep 1,2,4,8,16 or --sweep auto", "%v", err)
		}
		sw.Max = o.SweepMax
		r.sweep = &sw
	}
	if comparing(o) {
		if r.variants, err = benchVariants(o, p, req); err != nil {
			return nil, err
		}
	}
	r.report = newReport(o, p, req, tool, r.plan, maxErr)
	r.report.Variants = r.variants
	return r, nil
}

// newReport is the report's header: target and settings, enough to rerun.
func newReport(o *Options, p gateway.Profile, req probe.Request, tool string, plan bench.Plan, maxErr float64) bench.Report {
	r := bench.Report{Schema: bench.Schema, Started: o.Env.Now().UTC(),
		Target: bench.Target{BaseURL: p.BaseURL, Model: p.Model, Protocol: string(req.Protocol), Tool: tool, URL: req.Target()},
		Settings: bench.Settings{Concurrency: o.Concurrency, Requests: plan.Requests, Rate: o.Rate, Warmup: o.Warmup,
			MaxTokens: o.MaxTokens, Stream: o.Stream, InputTokens: o.InputTokens, Sweep: o.Sweep, MaxErrors: maxErr, Seed: o.Seed,
			Models: o.Models, Against: o.Against}}
	if len(o.InputSizes) > 1 {
		r.Settings.InputSizes = o.InputFlag
	}
	if o.BothStreams {
		r.Settings.StreamMode = "both"
	}
	if o.Duration > 0 {
		r.Settings.Duration = o.Duration.String()
	}
	if o.Ramp > 0 {
		r.Settings.Ramp = o.Ramp.String()
	}
	if o.Prompt != "" || o.PromptFile != "" {
		r.Settings.Prompt = req.Prompt
	}
	return r
}

// applySaved takes the baseline's settings, so that --compare reruns the
// same benchmark; flags given explicitly still win.
func applySaved(o *Options, t bench.Target, s bench.Settings) {
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
	set("stream", func() {
		o.StreamFlag = fmt.Sprint(s.Stream)
		if s.StreamMode != "" {
			o.StreamFlag = s.StreamMode
		}
	})
	set("models", func() { o.Models = s.Models })
	set("against", func() { o.Against = s.Against })
	set("sweep", func() { o.Sweep = s.Sweep })
	set("seed", func() { o.Seed = s.Seed })
	if !o.changed("prompt") && !o.changed("prompt-file") && !o.changed("input-tokens") {
		o.Prompt, o.InputTokens, o.InputFlag = s.Prompt, s.InputTokens, s.InputSizes
	}
	if !o.changed("max-errors") {
		o.MaxErrors = fmt.Sprintf("%g%%", s.MaxErrors*100)
	}
}

func checkLoadFlags(o *Options) error {
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
