package verify

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"time"

	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/human"
	"github.com/keydoctor/keydoctor/internal/profile"
	"github.com/keydoctor/keydoctor/internal/relay"
	"github.com/keydoctor/keydoctor/internal/stop"
	"github.com/keydoctor/keydoctor/internal/tool"
)

// Options are one `keydoctor verify` run, as a front end gives them.
type Options struct {
	Tool gateway.ToolID
	// Upstream is a gateway root that replaces the files' base URL. One
	// that names a root of the profile the project resolves (its base URL
	// and per-family roots, profile.QuietRoots) or of a preset relays the
	// tool to the root of the family it speaks (upstreamBase).
	Upstream string
	Project  string // the project whose settings apply
	Timeout  time.Duration
	JSON     bool // the session prints nothing: the caller renders Doc
	Quiet    bool // print only a failed verdict
	Env      *env.Env
	Out      io.Writer
	// LookPath finds the tool's executable; nil: search the Env's PATH.
	LookPath func(name string) (string, error)
	// Transport reaches the gateway; nil: relay.DefaultTransport.
	Transport http.RoundTripper
	// RouteFindings are the doctor's findings on the tool's route (with
	// their fixes), printed before a turn a provider switch sends
	// elsewhere (checks.RouteFindings: verify is below the checks, which
	// read every tool); nil prints only where the turn goes.
	RouteFindings func(ctx context.Context, e *env.Env, s *discover.Snapshot, id gateway.ToolID) []doctor.Finding
}

// Session reads the tool's files, runs one turn through the relay and
// judges it. In text mode it prints as it goes and returns a *stop.Error when
// the turn failed; with JSON it prints nothing and returns the document
// (whose OK is false when the turn failed). A *stop.Error before the turn is
// returned in both modes.
func Session(ctx context.Context, o Options) (*Doc, error) {
	desc, known := Runs(o.Tool)
	if !known {
		return nil, stop.Usage("verify runs "+human.OrList(ToolIDs()), "unknown tool %q", o.Tool)
	}
	lookPath := o.LookPath
	if lookPath == nil {
		lookPath = o.Env.LookPath // the Env's PATH, not the process's
	}
	bin, err := lookPath(desc.Binary)
	if err != nil {
		return nil, stop.Usage("install it, or put it on PATH", "%s is not installed: no %q on PATH", desc.Title, desc.Binary)
	}
	project := o.Project
	if project != "" {
		if abs, err := filepath.Abs(project); err == nil {
			project = abs
		}
	}
	snap := discover.Discover(o.Env, discover.Options{Project: project})
	cfg, err := FromSnapshot(snap, o.Tool)
	o.Env.Secrets.Add(cfg.Key) // the tool's echo, its notes, the verdicts may show it: the run's writer masks it
	setup := "'keydoctor setup --tools " + string(o.Tool) + "'"
	if err != nil {
		return nil, stop.Fail("run "+setup+" to write it", "%v", err)
	}
	if cfg.Route.Kind == discover.RouteCloud && cfg.Base == "" && o.Upstream == "" {
		return nil, stop.Fail("nothing to verify; "+setup+" sends it through the gateway instead",
			"%s sends its requests to %s (%s), not to a gateway", desc.Title, cfg.Route.Title, cfg.RouteSwitch())
	}
	if o.Upstream != "" {
		base, err := upstreamBase(desc, o.Upstream, profile.QuietRoots(o.Env, o.Project))
		if err != nil {
			return nil, stop.Usage("pass the gateway root, e.g. --upstream https://taotoken.net/api", "%v", err)
		}
		cfg.Base, cfg.BaseSource = base, "--upstream"
	}
	if _, err := TargetFor(cfg); err != nil {
		return nil, stop.Fail("run "+setup+", or pass --upstream URL", "%v", err)
	}
	out := o.Out
	if o.Quiet && !o.JSON {
		o.Out = io.Discard // until the verdict says it failed
	}
	if !o.JSON {
		printConfigured(o, desc, cfg)
		printRoute(ctx, o, desc, cfg, snap)
	}
	turn, err := Run(ctx, o.Env, cfg, RunOptions{
		Binary: bin, Timeout: o.Timeout, Transport: o.Transport,
		Started: func(root string) {
			if !o.JSON {
				fmt.Fprintf(o.Out, "\nrunning %s (%s) through the relay %s, prompt %q\n", desc.Title, o.Env.Tilde(bin), root, Prompt)
			}
		},
	})
	if err != nil {
		return nil, stop.Fail("", "%s: %v", desc.Title, err)
	}
	if o.JSON {
		return NewDoc(desc.Tool, turn, o.Timeout), nil
	}
	if turn.Failed() {
		o.Out = out // what it sent and why it failed
	}
	fmt.Fprintf(o.Out, "\nwhat %s sent (%d %s):\n", desc.Title, len(turn.Records), human.Plural(len(turn.Records), "request", "requests"))
	for _, r := range turn.Records {
		fmt.Fprintf(o.Out, "  %s\n", relay.Line(r))
	}
	return nil, printVerdicts(o, desc, turn)
}

func printConfigured(o Options, desc tool.Tool, c Configured) {
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
		key = c.ShownKey() + " as " + string(c.Auth)
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
func printRoute(ctx context.Context, o Options, desc tool.Tool, c Configured, snap *discover.Snapshot) {
	if !c.Bypassed() {
		return
	}
	var findings []doctor.Finding
	if o.RouteFindings != nil {
		findings = o.RouteFindings(ctx, o.Env, snap, desc.ID)
	}
	for _, f := range findings {
		fmt.Fprintf(o.Out, "  %s: %s\n", f.Status, f.Message)
		if f.Fix != "" {
			fmt.Fprintf(o.Out, "  fix: %s\n", f.Fix)
		}
	}
	fmt.Fprintf(o.Out, "  so this turn goes to %s, not through the relay\n", c.Route.Title)
}

func printVerdicts(o Options, desc tool.Tool, turn Turn) error {
	fmt.Fprintln(o.Out, "\nverdict:")
	for _, v := range turn.Verdicts {
		code := ""
		if v.Code != "" && v.Status != OK {
			code = " [" + string(v.Code) + "]"
		}
		fmt.Fprintf(o.Out, "  %-7s %s: %s%s\n", v.Status.Doctor(), v.What, v.Message, code)
	}
	if turn.ToolErr != nil {
		fmt.Fprintf(o.Out, "  %-7s run: %s exited: %s\n", doctor.Error, desc.Title, toolExit(turn, o.Timeout))
		if out := strings.TrimSpace(turn.ToolOutput); out != "" {
			fmt.Fprintf(o.Out, "\n%s said:\n  %s\n", desc.Title, strings.ReplaceAll(out, "\n", "\n  "))
		}
		if len(turn.ToolLog) > 0 {
			fmt.Fprintf(o.Out, "\n%s's log (%s) says:\n  %s\n", desc.Title, o.Env.Tilde(turn.ToolLogPath), strings.Join(turn.ToolLog, "\n  "))
		}
	}
	if turn.Failed() {
		return stop.Fail("'keydoctor explain CODE' says more about each code; 'keydoctor trace' shows a whole session", "%s does not reach the gateway as its files say", desc.Title)
	}
	fmt.Fprintf(o.Out, "\n%s reaches the gateway as its files say\n", desc.Title)
	return nil
}

func toolExit(turn Turn, timeout time.Duration) string {
	if turn.TimedOut {
		return fmt.Sprintf("it did not finish within --timeout %s", timeout)
	}
	return turn.ToolErr.Error()
}

// ToolIDs are the ids of the tools verify can run, in display order.
func ToolIDs() []string {
	var ids []string
	for _, t := range Tools() {
		ids = append(ids, string(t.ID))
	}
	return ids
}
