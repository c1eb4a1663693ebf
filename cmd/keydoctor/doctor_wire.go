package main

import (
	"context"
	"time"

	"github.com/keydoctor/keydoctor/checks"
	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/bench"
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/probe"
	"github.com/keydoctor/keydoctor/internal/stats"
)

// wireRun is the network half of a doctor run (doctor part 2): one ladder
// per distinct path a configured tool takes, sharing one HTTP client.
type wireRun struct {
	checks []doctor.Check
	meter  *checks.Meter
	budget time.Duration // the longest a ladder may take
	client *probe.Client
}

// newWireRun builds the wire checks for the tools discovery found (only
// --tool's, when given). Every request gets --timeout as its deadline.
func newWireRun(o *doctorOptions, p gateway.Profile, snap *discover.Snapshot) (*wireRun, error) {
	pc, err := probe.NewClient(probe.Options{
		Getenv:                o.Env.Getenv,
		CAFile:                o.CAFile,
		DialTimeout:           o.Timeout,
		TLSHandshakeTimeout:   o.Timeout,
		ResponseHeaderTimeout: o.Timeout,
		Timeout:               o.Timeout,
	})
	if err != nil {
		return nil, usageErrorf("give --ca-file a PEM file holding the CA certificate", "%v", err)
	}
	var paths []checks.Path
	for _, path := range checks.WirePaths(snap, p.Model) {
		if o.Tool == "" || string(path.Tool) == o.Tool {
			paths = append(paths, path)
		}
	}
	w := &wireRun{meter: &checks.Meter{}, client: pc}
	wo := checks.WireOptions{Client: checks.ProbeClient{Client: pc}, Timeout: o.Timeout, Meter: w.meter,
		MaxTTFT: o.MaxTTFT, MaxTPOT: o.MaxTPOT}
	w.checks = checks.WireChecks(paths, wo)
	w.budget = wo.Budget()
	if o.Bench {
		d := meteredDoer{pc, w.meter}
		for _, c := range append([]doctor.Check(nil), w.checks...) {
			if l, ok := c.(checks.Ladder); ok {
				w.checks = append(w.checks, benchAfter(l, o, d))
			}
		}
		w.budget += 5 * o.Timeout // a warm-up and three streamed requests, after the ladder
	}
	return w, nil
}

func (w *wireRun) close() { w.client.Close() }

// account puts what the run cost into the report.
func (w *wireRun) account(r *doctor.Report) {
	r.Requests, r.Tokens = w.meter.Requests(), w.meter.Tokens()
}

// meteredDoer counts the micro-benchmark's requests into the run's cost.
type meteredDoer struct {
	c *probe.Client
	m *checks.Meter
}

func (d meteredDoer) Do(ctx context.Context, r probe.Request) *probe.Result {
	res := d.c.Do(ctx, r)
	d.m.Add(res)
	return res
}

// benchAfter is the latency micro-benchmark of doctor --bench for one
// ladder's route: it waits for the ladder (so that the two do not load
// the gateway at once), runs only on a path that streams, and hands its
// finding to every tool on the route.
func benchAfter(l checks.Ladder, o *doctorOptions, d bench.Doer) doctor.Check {
	return doctor.CheckFunc{CheckName: "latency", Fn: func(ctx context.Context, _ *env.Env) []doctor.Finding {
		r := l.Route()
		if !l.Streamed(ctx) {
			f := doctor.Finding{Check: "latency", Status: doctor.Skipped, Message: "bench: not measured: the path does not stream (see the wire findings)"}
			return perMember(r, f)
		}
		req := probe.Request{Protocol: r.Protocol, URL: r.URL(), Key: r.Key, Auth: r.Auth, Model: r.Model}
		lat := bench.MeasureLatency(ctx, bench.LatencyOptions{Doer: d, Request: req, Key: r.Key,
			Limits: stats.Limits{TTFT: o.MaxTTFT, TPOT: o.MaxTPOT}})
		f := doctor.Finding{Check: "latency", Code: "latency-high", Status: doctor.OK, Message: "bench: " + gateway.Redact(lat.Message, r.Key)}
		switch {
		case !lat.Measured:
			f.Status = doctor.Skipped
		case lat.High:
			f.Status, f.Fix = doctor.Warning, lat.Fix
		}
		return perMember(r, f)
	}}
}

// perMember gives a finding to every tool on the route.
func perMember(r checks.Route, f doctor.Finding) []doctor.Finding {
	var out []doctor.Finding
	for _, m := range r.Members {
		g := f
		g.Tool = string(m.Tool)
		if g.Source == "" && g.Status != doctor.Skipped {
			g.Source = m.BaseSource
		}
		out = append(out, g)
	}
	return out
}
