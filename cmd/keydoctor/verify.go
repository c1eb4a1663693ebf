package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/relay"
	"github.com/keydoctor/keydoctor/internal/verify"
	"github.com/spf13/cobra"
)

func init() { register(newVerifyCmd) }

type verifyOptions struct {
	Tool     gateway.ToolID
	Upstream string
	Project  string
	Timeout  time.Duration
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
		Use:   "verify claude|codex|cline",
		Short: "run one headless turn of a real tool through the relay and check what it sends",
		Long: `verify starts the recording relay (see 'keydoctor trace'), runs one short
headless turn of the real tool pointed at it, and reports what the tool really
sent — paths, models (main and background), auth header, key — against what
its files say. No file of the tool is edited:

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
		Args: usageArgs(cobra.ExactArgs(1)),
		RunE: func(c *cobra.Command, args []string) error {
			o.Tool = gateway.ToolID(strings.ToLower(args[0]))
			o.Out = c.OutOrStdout()
			return runVerify(c.Context(), o)
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.Upstream, "upstream", "", "gateway root to relay to instead of the base URL the tool's files name")
	f.StringVar(&o.Project, "project", ".", "project directory whose Claude Code settings apply")
	f.DurationVar(&o.Timeout, "timeout", 2*time.Minute, "deadline for the whole turn")
	cmd.SetUsageTemplate(cmd.UsageTemplate() + exitStatusHelp +
		"  verify exits 1 when the tool fails or sends something its files do not say,\n  and 2 when the tool is not installed\n")
	return cmd
}

func runVerify(ctx context.Context, o *verifyOptions) error {
	known := false
	for _, t := range verify.Tools {
		known = known || t == o.Tool
	}
	if !known {
		return usageErrorf("verify runs claude, codex or cline", "unknown tool %q", o.Tool)
	}
	tool, _ := gateway.LookupTool(string(o.Tool))
	lookPath := o.LookPath
	if lookPath == nil {
		lookPath = envLookPath(o.Env)
	}
	bin, err := lookPath(verify.Binary(o.Tool))
	if err != nil {
		return usageErrorf("install it, or put it on PATH", "%s is not installed: no %q on PATH", tool.Title, verify.Binary(o.Tool))
	}
	project := o.Project
	if project != "" {
		if abs, err := filepath.Abs(project); err == nil {
			project = abs
		}
	}
	cfg, err := verify.Read(o.Env, o.Tool, project)
	if err != nil {
		return failf("run 'keydoctor setup --tools "+string(o.Tool)+"' to write it", "%v", err)
	}
	if o.Upstream != "" {
		p, err := gateway.Normalize(o.Upstream)
		if err != nil {
			return usageErrorf("pass the gateway root, e.g. --upstream https://taotoken.net/api", "%v", err)
		}
		cfg.Base, cfg.BaseSource = tool.Base(p.Root), "--upstream"
	}
	target, err := verify.TargetFor(cfg)
	if err != nil {
		return failf("run 'keydoctor setup --tools "+string(o.Tool)+"', or pass --upstream URL", "%v", err)
	}

	ctx, cancel := context.WithTimeout(ctx, o.Timeout)
	defer cancel()
	tmp, err := os.MkdirTemp("", "keydoctor-verify-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)

	var mu sync.Mutex
	var recs []relay.Record
	srv, err := relay.Start(ctx, "127.0.0.1:0", relay.Options{
		Upstream: target.Upstream, Expect: nonEmpty(cfg.Model, cfg.BackgroundModel), Transport: o.Transport, Now: o.Env.Now,
		OnRecord: func(r relay.Record) { mu.Lock(); recs = append(recs, r); mu.Unlock() },
	})
	if err != nil {
		return fmt.Errorf("starting the relay: %w", err)
	}
	defer srv.Close()
	inv, err := verify.Prepare(o.Env, cfg, project, srv.Root+target.BasePath, tmp)
	if err != nil {
		return failf("", "preparing the %s run: %v", tool.Title, err)
	}
	printConfigured(o, tool, cfg)
	fmt.Fprintf(o.Out, "\nrunning %s (%s) through the relay %s, prompt %q\n", tool.Title, o.Env.Tilde(bin), srv.Root, verify.Prompt)
	run := runTool(ctx, bin, inv, o.Env)
	srv.Close() // every request of the turn is recorded once this returns
	mu.Lock()
	sent := append([]relay.Record(nil), recs...)
	mu.Unlock()

	fmt.Fprintf(o.Out, "\nwhat %s sent (%d %s):\n", tool.Title, len(sent), plural(len(sent), "request", "requests"))
	for _, r := range sent {
		fmt.Fprintf(o.Out, "  %s\n", traceLine(r))
	}
	verdicts := verify.Judge(cfg, target, sent)
	return printVerdicts(o, tool, cfg, run, verdicts, ctx.Err() != nil)
}

// toolRun is how the tool's process ended.
type toolRun struct {
	err    error
	output string // its stdout and stderr, last bytes only
}

func runTool(ctx context.Context, bin string, inv verify.Invocation, e *env.Env) toolRun {
	cmd := exec.CommandContext(ctx, bin, inv.Args...)
	cmd.Dir = inv.Dir
	cmd.Env = append(e.Environ(), inv.Env...)
	cmd.Stdin = strings.NewReader("") // never a terminal: no prompt can wait for an answer
	out := &tailBuffer{max: 4096}
	cmd.Stdout, cmd.Stderr = out, out
	cmd.WaitDelay = 3 * time.Second // a tool whose children keep its pipes open
	err := cmd.Run()
	return toolRun{err: err, output: out.String()}
}

func printConfigured(o *verifyOptions, tool gateway.Tool, c verify.Configured) {
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
	if o.Tool == gateway.Claude {
		row("background", c.BackgroundModel, c.BackgroundModelSource)
	}
	key := ""
	if c.Key != "" {
		key = gateway.Mask(c.Key) + " as " + string(c.Auth)
	}
	row("key", key, c.KeySource)
	for _, n := range c.Notes {
		fmt.Fprintf(o.Out, "  note: %s\n", gateway.Redact(n, c.Key))
	}
}

func printVerdicts(o *verifyOptions, tool gateway.Tool, c verify.Configured, run toolRun, vs []verify.Verdict, timedOut bool) error {
	fmt.Fprintln(o.Out, "\nverdict:")
	failed := false
	for _, v := range vs {
		code := ""
		if v.Code != "" && v.Status != doctor.OK {
			code = " [" + v.Code + "]"
		}
		fmt.Fprintf(o.Out, "  %-7s %s: %s%s\n", v.Status, v.What, gateway.Redact(v.Message, c.Key), code)
		failed = failed || v.Status == doctor.Error
	}
	if run.err != nil {
		failed = true
		why := run.err.Error()
		if timedOut {
			why = fmt.Sprintf("it did not finish within --timeout %s", o.Timeout)
		}
		fmt.Fprintf(o.Out, "  %-7s run: %s exited: %s\n", doctor.Error, tool.Title, why)
		if out := strings.TrimSpace(run.output); out != "" {
			fmt.Fprintf(o.Out, "\n%s said:\n  %s\n", tool.Title, strings.ReplaceAll(gateway.Redact(out, c.Key), "\n", "\n  "))
		}
	}
	if failed {
		return failf("'keydoctor explain CODE' says more about each code; 'keydoctor trace' shows a whole session", "%s does not reach the gateway as its files say", tool.Title)
	}
	fmt.Fprintf(o.Out, "\n%s reaches the gateway as its files say\n", tool.Title)
	return nil
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

func nonEmpty(s ...string) []string {
	var out []string
	for _, v := range s {
		if v != "" {
			out = append(out, v)
		}
	}
	return out
}

// tailBuffer keeps the last max bytes written to it.
type tailBuffer struct {
	mu  sync.Mutex
	b   []byte
	max int
}

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.b = append(t.b, p...)
	if len(t.b) > t.max {
		t.b = t.b[len(t.b)-t.max:]
	}
	return len(p), nil
}

func (t *tailBuffer) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(t.b)
}
