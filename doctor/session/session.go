// Package session is the `keydoctor doctor` session: a profile and what
// discovery found → the offline checks and, unless offline, the wire
// ladder (and the latency micro-benchmark) → findings → the
// keydoctor/report@1 document. The command only parses flags, prints the
// report and chooses the exit status; another front end runs the same
// session.
package session

import (
	"context"
	"errors"
	"net"
	"time"

	"github.com/keydoctor/keydoctor/checks"
	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/keydoctor/keydoctor/internal/toolversion"
)

// Options are a doctor run.
type Options struct {
	Profile gateway.Profile
	// Project is the project directory (its .env and project settings).
	Project string
	// Tool keeps the findings about one tool id (and those about none);
	// "" keeps all. Only its paths go on the wire.
	Tool string
	// Offline reads files and the environment only (and dials the local
	// proxy and relay ports); Bench adds the latency micro-benchmark.
	Offline, Bench bool
	// Timeout bounds each check, connecting and each request (a request
	// that generates may take longer to its first token).
	Timeout time.Duration
	// FirstToken is the extra time a generation request may take to its
	// first token; zero means wire.FirstTokenFactor × Timeout. Tests that
	// want a stalled answer to hit its deadline set it small, keeping
	// Timeout (what connecting and the headers must fit in) long.
	FirstToken time.Duration
	// CAFile is a PEM file of a CA to trust besides the system's.
	CAFile string
	// MaxTTFT and MaxTPOT are the latency above which latency-high is
	// raised.
	MaxTTFT, MaxTPOT time.Duration
	// Profiles are the stored profiles and the team file the tools are
	// compared with; nil when there are none.
	Profiles *checks.ProfileSet
	// MCP checks keydoctor's MCP server entries; nil starts none.
	MCP *checks.MCPProbe
	// Progress shows each request while it waits; nil shows nothing.
	Progress Progress
	// Dial and Git are injected in tests; nil means the real ones.
	Dial func(ctx context.Context, network, addr string) (net.Conn, error)
	Git  checks.GitRunner
}

// Progress is told of each request of the wire checks while it waits:
// what (a method, "bench: POST") and the URL; the returned func ends it.
type Progress interface {
	Begin(what, url string) (end func())
}

// Result is what a run found.
type Result struct {
	// Report is the document: the findings (only Tool's), their summary
	// and what the wire checks cost.
	Report doctor.Report
	// Snapshot is what discovery found, from which the fixes are planned.
	Snapshot *discover.Snapshot
	// Versions are the installed versions the checks judged: --fix
	// writes the files those versions read (writers.Options.Versions).
	Versions toolversion.Versions
	key      string // the profile's
}

// Secrets are every key the run saw (the profile's, every tool's): a
// printer masks them once more, as its last line of redaction.
func (r *Result) Secrets() []string {
	return append(r.Snapshot.Keys(), r.key)
}

// CAFileError is a CA file that cannot be read or holds no certificate.
type CAFileError struct{ Err error }

func (e *CAFileError) Error() string { return e.Err.Error() }
func (e *CAFileError) Unwrap() error { return e.Err }

// Run runs the checks and builds the report.
func Run(ctx context.Context, e *env.Env, o Options) (*Result, error) {
	if o.Bench && o.Offline {
		return nil, errors.New("the latency micro-benchmark sends requests to the gateway: not offline")
	}
	snap := discover.Discover(e, discover.OptionsFor(o.Profile, o.Project))
	// A tool whose file does not parse is judged too (what it does with
	// such a file depends on its version): its version is looked for.
	ids := snap.ToolIDs()
	for _, p := range snap.Problems {
		ids = append(ids, gateway.ToolID(p.Tool))
	}
	versions := toolversion.ForIDs(ctx, e, ids...)
	snap.AtVersions(versions.Strings()) // what the reader resolved by the newest facts
	co := checks.Options{Snapshot: snap, Profile: o.Profile, Git: o.Git, Dial: o.Dial, Profiles: o.Profiles, Versions: versions, MCP: o.MCP}
	list, ro := checks.Offline(co), doctor.RunOptions{Timeout: o.Timeout}
	var w *wireRun
	if !o.Offline {
		var err error
		if w, err = newWireRun(ctx, e, o, snap); err != nil {
			return nil, err
		}
		defer w.client.Close()
		list, ro.Timeout = append(list, w.checks...), max(ro.Timeout, w.budget)
	}
	fs := ForTool(doctor.Run(ctx, e, list, ro), o.Tool)
	r := doctor.NewReport(o.Profile, fs)
	r.Tools = reportVersions(e, versions, o.Tool)
	if w != nil {
		r.Requests, r.Tokens = w.meter.Requests(), w.meter.Tokens()
	}
	return &Result{Report: r, Snapshot: snap, Versions: versions, key: o.Profile.Key}, nil
}

// ForTool keeps the findings about one tool and those about none.
func ForTool(fs []doctor.Finding, tool string) []doctor.Finding {
	if tool == "" {
		return fs
	}
	var out []doctor.Finding
	for _, f := range fs {
		if string(f.Tool) == tool || f.Tool == "" {
			out = append(out, f)
		}
	}
	return out
}

// reportVersions are the versions found, in the tools' display order
// (only tool's when one is named).
func reportVersions(e *env.Env, vs toolversion.Versions, only string) []doctor.ToolVersion {
	var out []doctor.ToolVersion
	for _, t := range tool.All() {
		v, ok := vs[t.ID]
		if ok && (only == "" || only == string(t.ID)) {
			out = append(out, doctor.ToolVersion{Tool: string(t.ID), Version: v.Version, Source: v.Where(e), Observed: t.Observed})
		}
	}
	return out
}
