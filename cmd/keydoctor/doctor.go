package main

import (
	"bytes"
	"context"
	"io"
	"net"
	"os"
	"time"

	"github.com/keydoctor/keydoctor/checks"
	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/stats"
	"github.com/keydoctor/keydoctor/templates"
	"github.com/spf13/cobra"
)

func init() { register(newDoctorCmd) }

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
order to do them. 'keydoctor explain CODE' tells more about each code.`,
		Args: usageArgs(cobra.NoArgs),
		RunE: func(c *cobra.Command, _ []string) error {
			o.Out = c.OutOrStdout()
			return runDoctor(c.Context(), o)
		},
	}
	f := cmd.Flags()
	f.BoolVar(&o.Offline, "offline", false, "no network: only files, environment and local ports")
	f.BoolVar(&o.JSON, "json", false, "print one JSON document (schema keydoctor/report@1)")
	f.StringVar(&o.Tool, "tool", "", "only findings about this tool (claude, codex, cline, vscode, env, openai, anthropic)")
	f.BoolVar(&o.Strict, "strict", false, "warnings fail too (exit status 1)")
	f.StringVar(&o.Project, "project", ".", "project directory (its .env and .claude/ settings)")
	f.DurationVar(&o.Timeout, "timeout", 10*time.Second, "time limit per check and per request")
	f.StringVar(&o.Color, "color", "auto", "colour the report: auto, always or never (NO_COLOR is respected)")
	f.BoolVarP(&o.Verbose, "verbose", "v", false, "list every check, not only the problems")
	f.BoolVar(&o.Bench, "bench", false, "include the latency micro-benchmark (not with --offline)")
	f.StringVar(&o.CAFile, "ca-file", "", "PEM file of a CA to trust besides the system's (a company proxy's)")
	f.DurationVar(&o.MaxTTFT, "max-ttft", stats.DefaultTTFT, "time to first token above which latency-high is raised")
	f.DurationVar(&o.MaxTPOT, "max-tpot", stats.DefaultTPOT, "time per output token above which latency-high is raised")
	o.profile.add(f)
	return cmd
}

func runDoctor(ctx context.Context, o *doctorOptions) error {
	color, err := useColor(o.Env, o.Color)
	if err != nil {
		return err
	}
	if o.Tool != "" {
		if _, ok := gateway.LookupTool(o.Tool); !ok {
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
	p, err := o.profile.load(o.Env)
	if err != nil {
		return err
	}
	snap := discover.Discover(o.Env, discoverOptions(p, o.Project))
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
		var buf bytes.Buffer
		if err := doctor.WriteJSON(&buf, r, p.Key); err != nil {
			return err
		}
		_, err = io.WriteString(o.Out, gateway.Redact(buf.String(), secrets...))
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

// discoverOptions points discovery at the project and the preset's variables.
func discoverOptions(p gateway.Profile, project string) discover.Options {
	do := discover.Options{Project: project, VarBaseURL: p.VarBaseURL, VarModel: p.VarModel}
	if preset, err := templates.LookupPreset(p.Preset); err == nil {
		do.VarKey = preset.Vars.APIKey
	}
	if do.VarKey == "" {
		do.VarBaseURL = ""
	}
	return do
}

// checkProject refuses a --project that is not a directory: a typo would
// otherwise silently find no .env and no project settings.
func checkProject(dir string) error {
	fi, err := os.Stat(dir)
	if err != nil || !fi.IsDir() {
		return usageErrorf("give the directory that holds the project's .env and .claude/", "--project %s is not a directory", dir)
	}
	return nil
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

// snapshotSecrets are every key discovery saw, for last-line redaction.
func snapshotSecrets(s *discover.Snapshot) []string {
	var out []string
	add := func(v discover.Value) {
		if v.Value != "" {
			out = append(out, v.Value)
		}
		for _, o := range v.Overrides {
			if o.Value != "" {
				out = append(out, o.Value)
			}
		}
	}
	for _, t := range s.Tools {
		add(t.Key)
		for _, c := range t.Credentials {
			add(c)
		}
	}
	add(s.Codex.AuthKey)
	return out
}

// useColor decides colouring: never, always, or (auto) on a terminal
// unless NO_COLOR is set.
func useColor(e *env.Env, mode string) (bool, error) {
	switch mode {
	case "never":
		return false, nil
	case "always":
		return true, nil
	case "auto", "":
		_, noColor := e.Lookup("NO_COLOR")
		return e.IsTerminal && !noColor && e.Getenv("TERM") != "dumb", nil
	}
	return false, usageErrorf("use --color auto, always or never", "invalid --color %q", mode)
}
