package main

import (
	"context"
	"errors"
	"time"

	"github.com/keydoctor/keydoctor/internal/bench"
	"github.com/keydoctor/keydoctor/internal/bench/session"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/ping"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// benchOptions are the flags of `keydoctor bench`: the profile's, and
// the run's settings.
type benchOptions struct {
	profile profileFlags
	session.Options
}

func newBenchCmd(e *env.Env) *cobra.Command {
	o := &benchOptions{Options: session.Options{Env: e}}
	cmd := &cobra.Command{
		Use:   "bench",
		Short: "measure TTFT, TPOT, throughput and the concurrency wall of the gateway",
		Long: `bench sends streamed requests to the profile's gateway (or, with --tool, on the
path that tool is configured for) and measures time to first token (TTFT),
time per output token (TPOT), end-to-end latency (E2E) as exact
p50/p90/p99/mean/max, throughput, and the connection phases, so that the
network's time is told apart from the model's. It watches its own
scheduling too: a client short of CPU says so instead of blaming the network.

Load is -n requests at concurrency -c, or open-loop Poisson arrivals with
--rate, or --duration. --sweep runs several concurrency levels and finds the
knee: the highest concurrency before throughput stops growing while TTFT
(p50, p90 or mean) rises, or requests fail; 429s are put down to the wall
they hit (concurrency, or tokens/requests per minute).

Compare in one run, interleaved: --models a,b (one gateway and key),
--against URL (another route to the model), --input-tokens a,b (prefill),
--stream=both. The differences come with a 95% bootstrap interval and
"within noise" when they are below it (or under 2 ms / 5%). When the measured
base URL is a router on this machine (claude-code-router, a local Portkey or
LiteLLM) and --against names its upstream, bench reports the router's added
TTFT (p50, p90) and whether it buffers the stream (its gaps collapse).

--slo judges goals; --slo articles means
  ` + bench.ArticleGoals() + `
(the articles' chat figures). --plan RPS[,TOKENS] plans capacity by Little's
law against --limit-concurrency/--limit-tpm or the limits the gateway showed.
--history keeps a trend ('keydoctor bench history'), --html FILE writes a
self-contained report with charts, --save stores a baseline and --compare
reruns it.

Requests cost tokens on a real gateway: the planned count and token budget are
printed first, and on a terminal a large run asks before it starts.

bench exits 1 when no request succeeded, a run stopped at --max-errors or was
interrupted (Ctrl-C prints what was measured so far), --compare found a
regression, an --slo goal was missed, or --self-test missed a target.`,
		Example: `  keydoctor bench -n 20 -c 4
  keydoctor bench --sweep auto --max-tokens 64 --html bench.html
  keydoctor bench --tool claude --rate 2 --duration 30s
  keydoctor bench --models gpt-4o,gpt-4o-mini -n 20
  keydoctor bench --against https://api.openai.com --against-key-env OPENAI_API_KEY
  keydoctor bench --tool claude --against https://gw.example.com/api --against-key-env GW_KEY
  keydoctor bench -c 8 --slo articles --plan 5 --limit-tpm 90000
  keydoctor bench --history && keydoctor bench history
  keydoctor bench --save baseline.json && keydoctor bench --compare baseline.json --max-regression 20%
  keydoctor bench --self-test`,
		Args:        usageArgs(cobra.NoArgs),
		Annotations: exitNotes("bench exits 0 when you decline the question before a large run: nothing was sent"),
		RunE: func(c *cobra.Command, args []string) error {
			o.Out, o.ErrOut = c.OutOrStdout(), c.ErrOrStderr()
			o.ErrTerminal = uiFrom(c.Context()).Progress != nil // a terminal, not --quiet
			o.Quiet = uiFrom(c.Context()).Quiet
			o.Width = uiFrom(c.Context()).Width
			o.Changed = func(n string) bool { return c.Flags().Changed(n) }
			return runBench(c.Context(), o)
		},
	}
	addBenchFlags(cmd.Flags(), o)
	cmd.Flags().SortFlags = false
	cmd.AddCommand(newBenchHistoryCmd(e))
	return cmd
}

// addBenchFlags defines bench's flags, in the order --help lists them.
func addBenchFlags(f *pflag.FlagSet, o *benchOptions) {
	o.profile.add(f)
	f.IntVarP(&o.Requests, "requests", "n", 20, "measured requests (per level for sweeps: whole rounds of c, at least 2 per slot)")
	f.IntVarP(&o.Concurrency, "concurrency", "c", 1, "requests in flight at once (with --rate: the most in flight)")
	f.Float64Var(&o.Rate, "rate", 0, "open-loop arrivals per second (Poisson, at absolute times) instead of a fixed concurrency")
	f.DurationVar(&o.Duration, "duration", 0, "send for this long (with -n: whichever ends first)")
	f.DurationVar(&o.Ramp, "ramp", 0, "spread the first requests of the -c workers over this long (no thundering herd)")
	f.IntVar(&o.Warmup, "warmup", bench.WarmupPerSlot, "requests sent first and left out of the figures; -1: one per slot, so every connection is open")
	f.IntVar(&o.MaxTokens, "max-tokens", 128, "max output tokens per request")
	f.StringVar(&o.Prompt, "prompt", "", "prompt text (default: count from 1 to 200)")
	f.StringVar(&o.PromptFile, "prompt-file", "", "read the prompt from FILE")
	f.StringVar(&o.InputFlag, "input-tokens", "", "send a synthetic prompt of about N tokens (prefill cost); a,b compares sizes")
	f.StringVar(&o.StreamFlag, "stream", "true", "stream answers; --stream=false measures end-to-end latency only; --stream=both compares")
	f.Lookup("stream").NoOptDefVal = "true"
	f.StringVar(&o.Models, "models", "", "compare models through the same gateway and key, e.g. gpt-4o,gpt-4o-mini (runs interleaved)")
	f.StringVar(&o.Against, "against", "", "compare with another route to the same model, e.g. the vendor's API direct (base URL)")
	f.StringVar(&o.AgainstKeyEnv, "against-key-env", "", "with --against: the variable holding that route's key (default: the same key)")
	f.StringVar(&o.Protocol, "protocol", "", "wire protocol: chat, messages, responses or gemini (default chat)")
	f.StringVar(&o.Tool, "tool", "", "measure the path this tool is configured for (its files' base URL, key and model, as 'status' shows): "+toolNames(nil))
	f.StringVar(&o.SLO, "slo", "", "judge the run against goals, e.g. 'ttft.p90<800ms,errors<1%' ('articles': "+bench.ArticleGoals()+"); exit 1 when one is missed")
	f.StringVar(&o.Plan, "plan", "", "plan capacity for RPS requests/s (of TOKENS tokens each; default the measured mean): concurrency and TPM needed, and which wall comes first")
	f.IntVar(&o.LimitConcurrency, "limit-concurrency", 0, "with --plan: the gateway's limit on requests at once, if you know it")
	f.IntVar(&o.LimitTPM, "limit-tpm", 0, "with --plan: the gateway's tokens-per-minute limit, if you know it")
	f.StringVar(&o.Sweep, "sweep", "", "concurrency levels to run, e.g. 1,2,4,8,16, or auto (double until the wall)")
	f.IntVar(&o.SweepMax, "sweep-max", 256, "with --sweep auto: the highest concurrency to try")
	f.StringVar(&o.MaxErrors, "max-errors", "50%", "stop early when more than this share of requests fail")
	addJSONFlag(f, &o.JSON, bench.Schema)
	f.BoolVar(&o.CSV, "csv", false, "print one CSV row per level")
	f.StringVar(&o.HTML, "html", "", "write a self-contained HTML report to FILE: distributions, sweep and knee, comparison, goals, history (no script, no network)")
	f.StringVar(&o.Raw, "raw", "", "write one JSON line per request, every timestamp, to FILE")
	f.StringVar(&o.Save, "save", "", "save the result, target and settings to FILE (a baseline; no key), and add it to the history")
	f.BoolVar(&o.History, "history", false, "append the run to the history ($XDG_DATA_HOME/keydoctor/"+bench.HistoryFile+"); see 'keydoctor bench history'")
	f.StringVar(&o.HistoryFile, "history-file", "", "append the run to this history file instead (implies --history)")
	f.StringVar(&o.Compare, "compare", "", "rerun the settings saved in FILE and compare; exit 1 on regression")
	f.StringVar(&o.MaxRegression, "max-regression", bench.DefaultMaxRegression, "with --compare: the worsening that fails (TTFT p50/p90, TPOT p50, throughput; the same default as bench history)")
	f.BoolVarP(&o.Yes, "yes", "y", false, "do not ask before a large run")
	f.Uint64Var(&o.Seed, "seed", 1, "seed of the --rate arrival process")
	f.DurationVar(&o.Timeout, "timeout", 120*time.Second, "deadline of each request")
	f.BoolVar(&o.SelfTest, "self-test", false, "measure keydoctor's own accuracy and overhead against its built-in fake gateway")
	f.IntVar(&o.SelfTestMax, "self-test-max", 256, "with --self-test: the highest concurrency")
}

// runBench runs the session on the profile and tool paths this command
// resolves, and turns its errors into exit statuses.
func runBench(ctx context.Context, o *benchOptions) error {
	if ctx == nil {
		ctx = context.Background()
	}
	o.Confirm = func(ctx context.Context, q string) (bool, error) {
		return askConfirm(ctx, o.Env, o.ErrOut, "bench", "nothing was sent", q)
	}
	o.Resolve = func() (gateway.Profile, string, error) {
		p, err := o.profile.load(o.Env)
		goals := ""
		if o.profile.Team != nil {
			goals = o.profile.Team.Goals
		}
		return p, goals, err
	}
	o.FindTool = func(p gateway.Profile, id string, modelFlag bool) (ping.Tool, error) {
		return findTool(o.Env, p, id, modelFlag)
	}
	o.LeanClient = true // the gateway is never served from this process here
	return benchError(session.Run(ctx, &o.Options))
}

// benchError maps the session's errors to the command's.
func benchError(err error) error {
	var se *session.Error
	switch {
	case errors.Is(err, session.ErrDeclined):
		return errDeclined
	case errors.Is(err, session.ErrMissed):
		return &exitError{code: exitFindings}
	case errors.As(err, &se) && se.Usage:
		return usageErrorf(se.Hint, "%s", se.Msg)
	case errors.As(err, &se):
		return failf(se.Hint, "%s", se.Msg)
	}
	return err
}
