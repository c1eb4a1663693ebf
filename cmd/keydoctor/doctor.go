package main

import (
	"context"
	"io"
	"net"
	"time"

	"github.com/keydoctor/keydoctor/checks"
	"github.com/keydoctor/keydoctor/checks/wire"
	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/tools"
	"github.com/spf13/cobra"
)

type doctorOptions struct {
	Offline bool
	JSON    bool
	Tool    string
	Strict  bool
	Project string
	Timeout time.Duration
	Color   string
	Bench   bool
	Verbose bool
	// CAFile, MaxTTFT and MaxTPOT tune the wire checks (doctor_wire.go).
	CAFile           string
	MaxTTFT, MaxTPOT time.Duration

	profile profileFlags
	fix     doctorFixFlags
	Env     *env.Env
	Out     io.Writer
	// Dial and Git are injected in tests; nil means the real ones.
	Dial func(ctx context.Context, network, addr string) (net.Conn, error)
	Git  checks.GitRunner
}

func newDoctorCmd(e *env.Env) *cobra.Command {
	o := &doctorOptions{Env: e}
	cmd := &cobra.Command{
		Use:   "doctor",
		Short: "diagnose every tool's gateway configuration",
		Long: `doctor reads every place each tool takes its base URL, key and model from,
and names every mistake with its cause and the exact fix. With --offline it
only reads files and the environment (and dials the local proxy and relay
ports); without, it also sends requests to the gateway: for each distinct
path a tool takes (its base URL, protocol, auth header and model) it climbs
reach (DNS, connect, TLS, an answer), auth, models, one small request, one
stream and latency, stops at the first broken rung, and shows the evidence
(request, answer, timings, the curl command with the key as $VAR).

The report groups findings by tool and ends with the fixes, numbered in the
order to do them. 'keydoctor explain CODE' tells more about each code.

With --fix it applies every fix that is an edit of a file keydoctor writes (a
doubled or missing /v1, a drifted value, a second key, wire_api = "chat", a
Cline entry without updatedAt, a key file others can read, an unignored .env)
as setup does: one diff (keys masked), a question (--yes skips it; without a
terminal and without --yes it refuses), a backup ('keydoctor restore --last'
undoes it), then the checks again. --dry-run only shows the diff. Fixes that
are not file edits (a variable exported in the shell, a relay to start, a key
to renew) are listed as steps, never applied.

A file that cannot be edited safely (it does not parse, is read-only) is left
alone and its fix listed as a step, with the reason.

With --fix the exit status is that of what is left: 0 when no error finding
remains, 1 when one does (even after the rest was fixed), 2 when --fix would
write but may not (no terminal and no --yes, another keydoctor holds the
write lock, a file changed while it was planned); nothing is written then.`,
		Args: usageArgs(cobra.NoArgs),
		RunE: func(c *cobra.Command, _ []string) error {
			o.Out = c.OutOrStdout()
			return runDoctor(c.Context(), o)
		},
	}
	f := cmd.Flags()
	f.BoolVar(&o.Offline, "offline", false, "no network: only files, environment and local ports")
	addJSONFlag(f, &o.JSON, schemaReport)
	f.StringVar(&o.Tool, "tool", "", "only findings about this tool (claude, codex, cline, vscode, env, openai, anthropic)")
	f.BoolVar(&o.Strict, "strict", false, "warnings fail too (exit status 1)")
	f.StringVar(&o.Project, "project", ".", "project directory (its .env and .claude/ settings)")
	f.DurationVar(&o.Timeout, "timeout", 10*time.Second, "time limit per check, for connecting and per request; a request that generates may take 3x as long to its first token")
	f.StringVar(&o.Color, "color", "auto", "colour the report: auto, always or never (NO_COLOR is respected)")
	f.BoolVarP(&o.Verbose, "verbose", "v", false, "list every check, not only the problems")
	f.BoolVar(&o.Bench, "bench", false, "include the latency micro-benchmark (not with --offline)")
	f.StringVar(&o.CAFile, "ca-file", "", "PEM file of a CA to trust besides the system's (a company proxy's)")
	f.DurationVar(&o.MaxTTFT, "max-ttft", wire.DefaultMaxTTFT, "time to first token above which latency-high is raised")
	f.DurationVar(&o.MaxTPOT, "max-tpot", wire.DefaultMaxTPOT, "time per output token above which latency-high is raised")
	o.profile.add(f)
	o.fix.add(f)
	return cmd
}

func runDoctor(ctx context.Context, o *doctorOptions) error {
	color, err := useColor(o.Env, o.Color)
	if err != nil {
		return err
	}
	if o.Tool != "" {
		if _, ok := tools.Lookup(o.Tool); !ok {
			return usageErrorf("use one of claude, codex, cline, vscode, env, openai, anthropic", "unknown tool %q", o.Tool)
		}
	}
	if o.Bench && o.Offline {
		return usageErrorf("drop --offline to measure latency", "--bench sends requests to the gateway: not with --offline")
	}
	if o.Timeout <= 0 {
		return usageErrorf("give a positive duration, e.g. --timeout 10s", "--timeout must be positive")
	}
	if err := checkProject(o.Project); err != nil {
		return err
	}
	if err := o.fix.validate(o); err != nil {
		return err
	}
	p, err := o.profile.load(o.Env)
	if err != nil {
		return err
	}
	if o.fix.on {
		return runDoctorFix(ctx, o, p)
	}
	snap := discover.Discover(o.Env, discover.OptionsFor(p, o.Project))
	list, ro := doctorChecks(o, p, snap), doctor.RunOptions{Timeout: o.Timeout}
	var wire *wireRun
	if !o.Offline {
		if wire, err = newWireRun(o, p, snap); err != nil {
			return err
		}
		defer wire.close()
		list, ro.Timeout = append(list, wire.checks...), max(ro.Timeout, wire.budget)
	}
	fs := doctor.Run(ctx, o.Env, list, ro)
	fs = forTool(fs, o.Tool)
	r := doctor.NewReport(p, fs)
	if wire != nil {
		wire.account(&r)
	}
	secrets := append(snapshotSecrets(snap), p.Key)
	if o.JSON {
		err = writeJSON(o.Out, r, secrets...)
	} else {
		title := "keydoctor doctor"
		if o.Offline {
			title += " --offline"
		}
		err = doctor.WriteText(o.Out, r, doctor.TextOptions{Color: color, Title: title, Strict: o.Strict, Secrets: secrets, Verbose: o.Verbose})
	}
	if err != nil {
		return err
	}
	if r.Failing(o.Strict) {
		return &exitError{code: exitFindings}
	}
	return nil
}

// doctorChecks are the offline checks; without --offline, runDoctor
// appends the wire checks (doctor_wire.go).
func doctorChecks(o *doctorOptions, p gateway.Profile, snap *discover.Snapshot) []doctor.Check {
	co := checks.Options{Snapshot: snap, Profile: p, Git: o.Git, Dial: o.Dial}
	return checks.Offline(co)
}

// forTool keeps the findings about one tool and those about none.
func forTool(fs []doctor.Finding, tool string) []doctor.Finding {
	if tool == "" {
		return fs
	}
	var out []doctor.Finding
	for _, f := range fs {
		if f.Tool == tool || f.Tool == "" {
			out = append(out, f)
		}
	}
	return out
}
