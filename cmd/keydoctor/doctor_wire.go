package main

import (
	"time"

	"github.com/keydoctor/keydoctor/checks"
	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/probe"
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
	return w, nil
}

func (w *wireRun) close() { w.client.Close() }

// account puts what the run cost into the report.
func (w *wireRun) account(r *doctor.Report) {
	r.Requests, r.Tokens = w.meter.Requests(), w.meter.Tokens()
}
