package main

import (
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/keydoctor/keydoctor/internal/bench"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/probe"
	"github.com/keydoctor/keydoctor/internal/profile"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// benchOptions are the flags of `keydoctor bench`.
type benchOptions struct {
	profile profileFlags

	Requests, Concurrency, Warmup int
	Rate                          float64
	Duration, Ramp                time.Duration
	MaxTokens, InputTokens        int
	Prompt, PromptFile            string
	Stream                        bool
	// StreamFlag and InputFlag are --stream (true, false or both) and
	// --input-tokens (N or a,b,…) as given; parsed into Stream, BothStreams,
	// InputTokens and InputSizes.
	StreamFlag, InputFlag string
	BothStreams           bool
	InputSizes            []int
	// Models and Against make a comparison run (bench_variants.go).
	Models, Against, AgainstKeyEnv string
	// SLO is --slo: goals, or "articles" for bench.ArticleGoals.
	SLO string
	// History appends the run to the history (HistoryFile, else the one
	// in keydoctor's data directory); --save does too.
	History     bool
	HistoryFile string
	// HTML is --html FILE: the self-contained report page.
	HTML string
	// Plan is --plan RPS[,TOKENS]; the limits are the user's.
	Plan                       string
	LimitConcurrency, LimitTPM int
	Protocol, Tool             string
	Sweep                      string
	SweepMax                   int
	MaxErrors                  string
	JSON, CSV                  bool
	Raw, Save, Compare         string
	MaxRegression              string
	Yes                        bool
	Seed                       uint64
	Timeout                    time.Duration
	SelfTest                   bool
	SelfTestMax                int

	Env    *env.Env
	Out    io.Writer
	ErrOut io.Writer
	// ErrTerminal says stderr is a terminal: the progress bar goes there
	// only then, even when stdout is redirected to a file.
	ErrTerminal bool
	// Quiet (--quiet) leaves out the plan and the notes on stderr: the
	// report is the answer; questions and errors still show.
	Quiet bool
	// NewDoer builds the client of one level: one connection pool sized
	// to its concurrency. Tests may replace it.
	NewDoer func(concurrency int) (bench.Doer, error)
	// changed says whether a flag was given (for --compare, which takes
	// the saved settings unless told otherwise).
	changed func(name string) bool
}

func newBenchCmd(e *env.Env) *cobra.Command {
	o := &benchOptions{Env: e}
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
"within noise" when they are below it (or under 2 ms / 5%).

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
			o.changed = func(n string) bool { return c.Flags().Changed(n) }
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
	f.StringVar(&o.MaxRegression, "max-regression", "20%", "with --compare: the worsening that fails (TTFT p50/p90, TPOT p50, throughput)")
	f.BoolVarP(&o.Yes, "yes", "y", false, "do not ask before a large run")
	f.Uint64Var(&o.Seed, "seed", 1, "seed of the --rate arrival process")
	f.DurationVar(&o.Timeout, "timeout", 120*time.Second, "deadline of each request")
	f.BoolVar(&o.SelfTest, "self-test", false, "measure keydoctor's own accuracy and overhead against its built-in fake gateway")
	f.IntVar(&o.SelfTestMax, "self-test-max", 256, "with --self-test: the highest concurrency")
}

// parseShare reads "20%", "20" (percent) or "0.2".
func parseShare(flag, s string) (float64, error) {
	t := strings.TrimSpace(s)
	pct := strings.HasSuffix(t, "%")
	t = strings.TrimSuffix(t, "%")
	v, err := strconv.ParseFloat(t, 64)
	if err != nil || v < 0 {
		return 0, usageErrorf("write it as a percentage, e.g. "+flag+" 20%", "%s %q is not a percentage", flag, s)
	}
	if pct || v > 1 {
		v /= 100
	}
	return v, nil
}

// benchRequest builds the request template from the profile and flags:
// with --tool, the path that tool takes (its own files' base URL, key and
// model, as status shows them); else the profile's gateway over
// --protocol. p is returned as the request's profile (for messages and
// the report).
func benchRequest(o *benchOptions, p gateway.Profile) (probe.Request, string, gateway.Profile, error) {
	prompt, err := benchPrompt(o)
	if err != nil {
		return probe.Request{}, "", p, err
	}
	var r probe.Request
	tool := ""
	switch {
	case o.Tool != "" && o.Protocol != "":
		return probe.Request{}, "", p, usageErrorf("--tool already picks the protocol that tool speaks", "use --tool or --protocol, not both")
	case o.Tool != "" && o.changed("base-url"):
		return probe.Request{}, "", p, usageErrorf("--tool measures the base URL in that tool's files", "use --tool or --base-url, not both")
	case o.Tool != "":
		t, err := findToolTarget(o.Env, p, o.Tool, o.changed("model"))
		if err != nil {
			return probe.Request{}, "", p, err
		}
		r, tool, p = t.request(o.Stream), o.Tool, t.profile
	default:
		if err := profile.Require(p, gateway.FieldBaseURL, gateway.FieldModel, gateway.FieldKey); err != nil {
			return probe.Request{}, "", p, err
		}
		proto := gateway.Chat
		if o.Protocol != "" {
			if proto, err = gateway.ParseProtocol(o.Protocol); err != nil {
				return probe.Request{}, "", p, usageErrorf("", "%v", err)
			}
		}
		r = bench.RequestFor(p, proto)
		r.Stream = o.Stream
	}
	r.MaxTokens, r.Prompt = o.MaxTokens, prompt
	return r, tool, p, nil
}

// benchPrompt is the prompt the flags ask for.
func benchPrompt(o *benchOptions) (string, error) {
	switch {
	case o.PromptFile != "" && (o.Prompt != "" || o.InputTokens > 0),
		o.Prompt != "" && o.InputTokens > 0:
		return "", usageErrorf("", "use one of --prompt, --prompt-file and --input-tokens")
	case o.PromptFile != "":
		b, err := os.ReadFile(o.PromptFile)
		if err != nil {
			return "", usageErrorf("", "cannot read the prompt: %v", err)
		}
		return string(b), nil
	case o.InputTokens > 0:
		return bench.SyntheticPrompt(o.InputTokens), nil
	case o.Prompt != "":
		return o.Prompt, nil
	}
	return bench.DefaultPrompt, nil
}
