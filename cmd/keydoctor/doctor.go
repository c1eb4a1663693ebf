package main

import (
	"context"
	"errors"
	"io"
	"net"
	"time"

	"github.com/keydoctor/keydoctor/checks"
	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/doctor/session"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/profile"
	"github.com/keydoctor/keydoctor/internal/stats"
	"github.com/keydoctor/keydoctor/internal/waitline"
	"github.com/spf13/cobra"
)

type doctorOptions struct {
	Offline bool
	JSON    bool
	Tool    string
	Strict  bool
	Project string
	Timeout time.Duration
	// FirstToken: the hidden --first-token (session.Options.FirstToken).
	FirstToken time.Duration
	// UI is how to print (the global flags); the demo leaves it zero.
	UI      ui
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
			o.Out, o.UI = c.OutOrStdout(), uiFrom(c.Context())
			return runDoctor(c.Context(), o)
		},
	}
	f := cmd.Flags()
	f.BoolVar(&o.Offline, "offline", false, "no network: only files, environment and local ports")
	addJSONFlag(f, &o.JSON, schemaReport)
	f.StringVar(&o.Tool, "tool", "", "only findings about this tool ("+toolNames(nil)+")")
	f.BoolVar(&o.Strict, "strict", false, "warnings fail too (exit status 1)")
	f.StringVar(&o.Project, "project", ".", "project directory (its .env and .claude/ settings)")
	f.DurationVar(&o.Timeout, "timeout", 10*time.Second, "time limit per check, for connecting and per request; a request that generates may take 3x as long to its first token")
	// Hidden, for tests: a stalled answer's deadline without a shorter --timeout.
	f.DurationVar(&o.FirstToken, "first-token", 0, "extra time a generating request may take to its first token (default 3x --timeout)")
	f.MarkHidden("first-token")
	f.BoolVarP(&o.Verbose, "verbose", "v", false, "list every check, not only the problems")
	f.BoolVar(&o.Bench, "bench", false, "include the latency micro-benchmark (not with --offline)")
	f.StringVar(&o.CAFile, "ca-file", "", "PEM file of a CA to trust besides the system's (a company proxy's)")
	f.DurationVar(&o.MaxTTFT, "max-ttft", stats.DefaultTTFT, "time to first token above which latency-high is raised")
	f.DurationVar(&o.MaxTPOT, "max-tpot", stats.DefaultTPOT, "time per output token above which latency-high is raised")
	o.profile.add(f)
	o.fix.add(f)
	return cmd
}

func runDoctor(ctx context.Context, o *doctorOptions) error {
	if o.Tool != "" {
		id, err := parseTool(o.Tool)
		if err != nil {
			return err
		}
		o.Tool = string(id)
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
	load := func() (gateway.Profile, error) { return o.profile.loadIn(o.Env, o.Project) }
	if o.fix.on {
		return runDoctorFix(ctx, o, load)
	}
	p, err := load()
	if err != nil {
		return err
	}
	return doctorReport(ctx, o, p, "keydoctor doctor")
}

// doctorSession runs doctor's checks (doctor/session) with the options;
// on a terminal it shows each request while it waits.
func doctorSession(ctx context.Context, o *doctorOptions, p gateway.Profile) (*session.Result, error) {
	so := session.Options{Profile: p, Project: o.Project, Tool: o.Tool, Offline: o.Offline, Bench: o.Bench,
		Timeout: o.Timeout, FirstToken: o.FirstToken, CAFile: o.CAFile, MaxTTFT: o.MaxTTFT, MaxTPOT: o.MaxTPOT,
		Profiles: checks.OpenProfileSet(o.Env, o.profile.Team), Dial: o.Dial, Git: o.Git, MCP: mcpProbe(o.Env)}
	if !o.Offline && !o.JSON {
		w := waitline.Start(o.UI.Progress, o.UI.Width)
		defer w.Close() // before the report: the progress line is erased
		so.Progress = w
	}
	res, err := session.Run(ctx, o.Env, so)
	var ce *session.CAFileError
	if errors.As(err, &ce) {
		return nil, usageErrorf("give --ca-file a PEM file holding the CA certificate", "%v", ce.Err)
	}
	return res, err
}

// doctorReport runs the checks and prints the report under title; its
// error carries the exit status the findings call for.
func doctorReport(ctx context.Context, o *doctorOptions, p gateway.Profile, title string) error {
	res, err := doctorSession(ctx, o, p)
	if err != nil {
		return err
	}
	r := res.Report
	if o.JSON {
		err = writeJSON(o.Out, r)
	} else {
		if o.Offline {
			title += " --offline"
		}
		err = doctor.WriteText(o.Out, r, doctor.TextOptions{Color: o.UI.Color, Title: title, Strict: o.Strict,
			ProfileName: profile.StoredName(p), Tool: o.Tool, Verbose: o.Verbose, Quiet: o.UI.Quiet, Width: o.UI.Width, Show: func(f doctor.Finding) bool {
				return o.Bench && f.Check == "latency" // the numbers --bench was asked for
			}})
	}
	if err != nil {
		return err
	}
	if r.Failing(o.Strict) {
		return &exitError{code: exitFindings}
	}
	return nil
}
