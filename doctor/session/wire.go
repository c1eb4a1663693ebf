package session

import (
	"context"
	"net/http"
	"strings"
	"time"

	"github.com/keydoctor/keydoctor/checks/wire"
	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/bench"
	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/probe"
	"github.com/keydoctor/keydoctor/internal/stats"
)

// wireRun is the network half of a doctor run: one ladder per distinct
// path a configured tool takes, sharing one HTTP client.
type wireRun struct {
	checks []doctor.Check
	meter  *wire.Meter
	budget time.Duration // the longest a ladder may take
	client *probe.Client
}

// newWireRun builds the wire checks for the tools discovery found (only
// o.Tool's, when given). Every request gets o.Timeout as its deadline.
func newWireRun(ctx context.Context, e *env.Env, o Options, snap *discover.Snapshot) (*wireRun, error) {
	// Connecting and the model list get the timeout; a generation request
	// may take longer to its first token (slow is not dead): the ladder
	// sets each request's own deadline.
	firstToken := o.FirstToken
	if firstToken <= 0 {
		firstToken = wire.FirstTokenFactor * o.Timeout
	}
	generation := firstToken + o.Timeout
	pc, err := probe.NewClient(probe.Options{
		Getenv:                e.Getenv,
		CAFile:                o.CAFile,
		DialTimeout:           o.Timeout,
		TLSHandshakeTimeout:   o.Timeout,
		ResponseHeaderTimeout: generation,
		Timeout:               generation,
	})
	if err != nil {
		return nil, &CAFileError{err}
	}
	var paths []wire.Path
	for _, path := range wire.Paths(snap, o.Profile.Model) {
		if o.Tool == "" || string(path.Tool) == o.Tool {
			paths = append(paths, path)
		}
	}
	paths = wire.RunKeyHelpers(ctx, snap, paths) // only the tools probed
	w := &wireRun{meter: &wire.Meter{}, client: pc}
	prog := o.Progress
	if prog == nil {
		prog = silent{}
	}
	wo := wire.Options{Client: waitingClient{wire.ProbeClient{Client: pc}, prog}, Timeout: o.Timeout, FirstToken: firstToken, Meter: w.meter,
		MaxTTFT: o.MaxTTFT, MaxTPOT: o.MaxTPOT, Router: routers(e)}
	w.checks = wire.Checks(paths, wo)
	w.budget = wo.Budget()
	if o.Bench {
		d := meteredDoer{pc, w.meter, prog}
		for _, c := range append([]doctor.Check(nil), w.checks...) {
			if l, ok := c.(wire.Ladder); ok {
				w.checks = append(w.checks, benchAfter(l, o, d))
			}
		}
		w.budget += 5 * o.Timeout // a warm-up and three streamed requests, after the ladder
	}
	return w, nil
}

// silent is no progress.
type silent struct{}

func (silent) Begin(string, string) func() { return func() {} }

// meteredDoer counts the micro-benchmark's requests into the run's cost.
type meteredDoer struct {
	c *probe.Client
	m *wire.Meter
	p Progress
}

func (d meteredDoer) Do(ctx context.Context, r probe.Request) *probe.Result {
	defer d.p.Begin("bench: POST", r.Target())()
	res := d.c.Do(ctx, r)
	d.m.Add(res)
	return res
}

// waitingClient shows each request of the wire checks while it waits.
type waitingClient struct {
	wire.Client
	p Progress
}

func (c waitingClient) Do(ctx context.Context, r probe.Request) *probe.Result {
	defer c.p.Begin("POST", r.Target())()
	return c.Client.Do(ctx, r)
}

func (c waitingClient) ListModels(ctx context.Context, root, key string, auth gateway.Auth, header http.Header) ([]string, *probe.Result) {
	defer c.p.Begin("GET", strings.TrimRight(root, "/")+"/v1/models")()
	return c.Client.ListModels(ctx, root, key, auth, header)
}

// benchAfter is the latency micro-benchmark of doctor --bench for one
// ladder's route: it waits for the ladder (so that the two do not load
// the gateway at once), runs only on a path that streams, and hands its
// finding to every tool on the route.
func benchAfter(l wire.Ladder, o Options, d bench.Doer) doctor.Check {
	return doctor.CheckFunc{CheckName: "latency", Fn: func(ctx context.Context, _ *env.Env) []doctor.Finding {
		r := l.Route()
		if !l.Streamed(ctx) {
			f := doctor.Finding{Check: "latency", Status: doctor.Skipped, Message: "bench: not measured: the path does not stream (see the wire findings)"}
			return perMember(r, f)
		}
		req := probe.Request{Protocol: r.Protocol, URL: r.URL(), Key: r.Key, Auth: r.Auth, Model: r.Model, Header: r.Header()}
		lat := bench.MeasureLatency(ctx, bench.LatencyOptions{Doer: d, Request: req, Key: r.Key,
			Limits: stats.Limits{TTFT: o.MaxTTFT, TPOT: o.MaxTPOT}})
		f := doctor.Finding{Check: "latency", Code: catalog.LatencyHigh, Status: doctor.OK, Message: "bench: " + lat.Message}
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
func perMember(r wire.Route, f doctor.Finding) []doctor.Finding {
	var out []doctor.Finding
	for _, m := range r.Members {
		g := f
		g.Tool = m.Tool
		if g.Source == "" && g.Status != doctor.Skipped {
			g.Source = m.BaseSource
		}
		out = append(out, g)
	}
	return out
}
