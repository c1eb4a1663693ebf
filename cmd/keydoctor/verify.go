package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/keydoctor/keydoctor/checks"
	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/human"
	"github.com/keydoctor/keydoctor/internal/redact"
	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/keydoctor/keydoctor/internal/verify"
	"github.com/spf13/cobra"
)

type verifyOptions struct {
	Tool     gateway.ToolID
	Upstream string
	Project  string
	Timeout  time.Duration
	JSON     bool
	Quiet    bool // only a failed verdict
	Env      *env.Env
	Out      io.Writer
	// LookPath finds the tool's executable; nil: search the Env's PATH.
	LookPath func(name string) (string, error)
	// Transport reaches the gateway; nil: relay.DefaultTransport.
	Transport http.RoundTripper
}

func newVerifyCmd(e *env.Env) *cobra.Command {
	o := &verifyOptions{Env: e}
	cmd := &cobra.Command{
		Use:   "verify " + strings.Join(verifyToolIDs(), "|"),
		Short: "run one headless turn of a real tool through the relay and check what it sends",
		Long: `verify starts the recording relay (see 'keydoctor trace'), runs one short
headless turn of the real tool pointed at it, and reports what the tool really
sent — paths, models (main and background), auth header, key — against what
its files say, first of all where the turn went: a provider switch
(CLAUDE_CODE_USE_BEDROCK, _VERTEX, …) that wins over the base URL, from the
shell or any settings layer, is named before the turn and judged an error.
No file of the tool is edited:

  claude   claude --settings FILE -p PROMPT   (a --settings layer beats user,
           project and local settings; FILE is temporary)
  codex    codex exec -c model_providers.ID.base_url="RELAY" PROMPT
  cline    cline --data-dir COPY PROMPT       (COPY: a temporary copy of the
           Cline data directory)

The turn is one fixed line ("` + verify.Prompt + `"), run in an empty
temporary directory with the tool's tools disabled where it allows: neither
your prompt nor your project's files are sent. The tool does reach the gateway
its files name, with the key they hold, and a short answer is billed.`,
		Example: `  keydoctor verify claude
  keydoctor verify codex --timeout 5m`,
		Args: func(c *cobra.Command, args []string) error {
			if len(args) == 0 {
				return usageErrorf("e.g. 'keydoctor verify claude'", "name the tool to run: %s", verifyToolNames())
			}
			return usageArgs(cobra.ExactArgs(1))(c, args)
		},
		Annotations: exitNotes("verify exits 1 when the tool fails or sends something its files do not say,",
			"and 2 when the tool is not installed"),
		RunE: func(c *cobra.Command, args []string) error {
			o.Tool = gateway.ToolID(strings.ToLower(strings.TrimSpace(args[0])))
			o.Out, o.Quiet = c.OutOrStdout(), uiFrom(c.Context()).Quiet
			return runVerify(c.Context(), o)
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.Upstream, "upstream", "", "gateway root to relay to instead of the base URL the tool's files name")
	f.StringVar(&o.Project, "project", ".", "project directory whose Claude Code settings apply")
	f.DurationVar(&o.Timeout, "timeout", 2*time.Minute, "deadline for the whole turn")
	addJSONFlag(f, &o.JSON, schemaVerify)
	return cmd
}

func runVerify(ctx context.Context, o *verifyOptions) error {
	desc, known := verify.Runs(o.Tool)
	if !known {
		return usageErrorf("verify runs "+verifyToolNames(), "unknown tool %q", o.Tool)
	}
	lookPath := o.LookPath
	if lookPath == nil {
		lookPath = envLookPath(o.Env)
	}
	bin, err := lookPath(desc.Binary)
	if err != nil {
		return usageErrorf("install it, or put it on PATH", "%s is not installed: no %q on PATH", desc.Title, desc.Binary)
	}
	project := o.Project
	if project != "" {
		if abs, err := filepath.Abs(project); err == nil {
			project = abs
		}
	}
	snap := discover.Discover(o.Env, discover.Options{Project: project})
	cfg, err := verify.FromSnapshot(snap, o.Tool)
	o.Env.Secrets.Add(cfg.Key) // the tool's echo, its notes, the verdicts may show it: the run's writer masks it
	if err != nil {
		return failf("run 'keydoctor setup --tools "+string(o.Tool)+"' to write it", "%v", err)
	}
	if cfg.Route.Kind == discover.RouteCloud && cfg.Base == "" && o.Upstream == "" {
		return failf("nothing to verify; 'keydoctor setup --tools "+string(o.Tool)+"' sends it through the gateway instead",
			"%s sends its requests to %s (%s), not to a gateway", desc.Title, cfg.Route.Title, cfg.RouteSwitch())
	}
	if o.Upstream != "" {
		p, err := gateway.Normalize(o.Upstream)
		if err != nil {
			return usageErrorf("pass the gateway root, e.g. --upstream https://taotoken.net/api", "%v", err)
		}
		cfg.Base, cfg.BaseSource = desc.Base(p.Root), "--upstream"
	}
	if _, err := verify.TargetFor(cfg); err != nil {
		return failf("run 'keydoctor setup --tools "+string(o.Tool)+"', or pass --upstream URL", "%v", err)
	}
	out := o.Out
	if o.Quiet && !o.JSON {
		o.Out = io.Discard // until the verdict says it failed
	}
	if !o.JSON {
		printConfigured(o, desc, cfg)
		printRoute(ctx, o, desc, cfg, snap)
	}
	turn, err := verify.Run(ctx, o.Env, cfg, verify.RunOptions{
		Binary: bin, Timeout: o.Timeout, Transport: o.Transport,
		Started: func(root string) {
			if !o.JSON {
				fmt.Fprintf(o.Out, "\nrunning %s (%s) through the relay %s, prompt %q\n", desc.Title, o.Env.Tilde(bin), root, verify.Prompt)
			}
		},
	})
	if err != nil {
		return failf("", "%s: %v", desc.Title, err)
	}
	if o.JSON {
		if err := writeVerifyJSON(o.Out, desc.Tool, turn, o.Timeout); err != nil {
			return err
		}
		if turn.Failed() {
			return &exitError{exitFindings}
		}
		return nil
	}
	if turn.Failed() {
		o.Out = out // what it sent and why it failed
	}
	fmt.Fprintf(o.Out, "\nwhat %s sent (%d %s):\n", desc.Title, len(turn.Records), human.Plural(len(turn.Records), "request", "requests"))
	for _, r := range turn.Records {
		fmt.Fprintf(o.Out, "  %s\n", traceLine(r))
	}
	return printVerdicts(o, desc, turn)
}

func printConfigured(o *verifyOptions, desc tool.Tool, c verify.Configured) {
	fmt.Fprintf(o.Out, "verify %s: what the files say\n", o.Tool)
	row := func(name, value, source string) {
		if value == "" {
			value = "(none)"
		}
		if source != "" {
			source = "  (" + source + ")"
		}
		fmt.Fprintf(o.Out, "  %-11s %s%s\n", name, value, source)
	}
	row("base URL", c.Base, c.BaseSource)
	row("model", c.Model, c.ModelSource)
	if desc.BackgroundModel != "" {
		row("background", c.BackgroundModel, c.BackgroundModelSource)
	}
	key := ""
	if c.Key != "" {
		key = redact.Mask(c.Key) + " as " + string(c.Auth)
	}
	row("key", key, c.KeySource)
	if r := c.Route; r.Kind != "" {
		where := "gateway"
		if c.Bypassed() {
			where = r.Title
		}
		row("route", where, c.RouteSwitch())
	}
	for _, n := range c.Notes {
		fmt.Fprintf(o.Out, "  note: %s\n", n)
	}
}

// printRoute says, before the tool runs, that a switch will send its turn
// elsewhere than the relay: doctor's finding, with its fix. The turn still
// runs, and shows where it goes.
func printRoute(ctx context.Context, o *verifyOptions, desc tool.Tool, c verify.Configured, snap *discover.Snapshot) {
	if !c.Bypassed() {
		return
	}
	for _, f := range checks.RouteFindings(ctx, o.Env, snap, desc.ID) {
		fmt.Fprintf(o.Out, "  %s: %s\n", f.Status, f.Message)
		if f.Fix != "" {
			fmt.Fprintf(o.Out, "  fix: %s\n", f.Fix)
		}
	}
	fmt.Fprintf(o.Out, "  so this turn goes to %s, not through the relay\n", c.Route.Title)
}

func printVerdicts(o *verifyOptions, desc tool.Tool, turn verify.Turn) error {
	fmt.Fprintln(o.Out, "\nverdict:")
	for _, v := range turn.Verdicts {
		code := ""
		if v.Code != "" && v.Status != verify.OK {
			code = " [" + string(v.Code) + "]"
		}
		fmt.Fprintf(o.Out, "  %-7s %s: %s%s\n", verdictStatus(v.Status), v.What, v.Message, code)
	}
	if turn.ToolErr != nil {
		fmt.Fprintf(o.Out, "  %-7s run: %s exited: %s\n", doctor.Error, desc.Title, toolExit(turn, o.Timeout))
		if out := strings.TrimSpace(turn.ToolOutput); out != "" {
			fmt.Fprintf(o.Out, "\n%s said:\n  %s\n", desc.Title, strings.ReplaceAll(out, "\n", "\n  "))
		}
	}
	if turn.Failed() {
		return failf("'keydoctor explain CODE' says more about each code; 'keydoctor trace' shows a whole session", "%s does not reach the gateway as its files say", desc.Title)
	}
	fmt.Fprintf(o.Out, "\n%s reaches the gateway as its files say\n", desc.Title)
	return nil
}

func toolExit(turn verify.Turn, timeout time.Duration) string {
	if turn.TimedOut {
		return fmt.Sprintf("it did not finish within --timeout %s", timeout)
	}
	return turn.ToolErr.Error()
}

// envLookPath finds an executable on the Env's PATH (not the process's,
// so tests and callers decide what is installed).
func envLookPath(e *env.Env) func(string) (string, error) {
	return func(name string) (string, error) {
		for _, dir := range filepath.SplitList(e.Getenv("PATH")) {
			if dir == "" {
				continue
			}
			if p, err := exec.LookPath(filepath.Join(dir, name)); err == nil {
				return p, nil
			}
		}
		return "", exec.ErrNotFound
	}
}

// verifyToolNames lists the tools verify can run: "claude, codex or cline".
func verifyToolNames() string {
	ids := verifyToolIDs()
	return strings.Join(ids[:len(ids)-1], ", ") + " or " + ids[len(ids)-1]
}

// verifyToolIDs are the tools verify can run, from verify's list.
func verifyToolIDs() []string {
	vt := verify.Tools()
	ids := make([]string, len(vt))
	for i, t := range vt {
		ids[i] = string(t.ID)
	}
	return ids
}
