package wire

import (
	"context"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/probe"
	"github.com/keydoctor/keydoctor/internal/redact"
	"github.com/keydoctor/keydoctor/internal/stats"
)

// WireOptions configure the wire checks.
type Options struct {
	Client Client
	// Timeout bounds a request that generates nothing (the model list):
	// no headers by then is a stall. Zero means DefaultTimeout.
	Timeout time.Duration
	// FirstToken is the extra time a generation request may take to its
	// first token: slow is not dead (a reasoning model or a busy upstream
	// may think for 10 s), and the latency rung reports it as latency.
	// Zero means FirstTokenFactor × Timeout.
	FirstToken time.Duration
	Retry      RetryPolicy // zero means DefaultRetry
	// MaxTTFT and MaxTPOT are the latency-high thresholds; zero means the
	// seeds' defaults (stats.DefaultTTFT, stats.DefaultTPOT).
	MaxTTFT, MaxTPOT time.Duration
	Meter            *Meter         // counts requests and tokens; may be nil
	Rand             func() float64 // jitter source; nil means math/rand
	// Router names the local router at a loopback base URL (hops.go);
	// nil names none.
	Router Identifier
}

const (
	// DefaultTimeout is a request deadline long enough for a slow model's
	// first token in a small chat turn.
	DefaultTimeout = 30 * time.Second
	// FirstTokenFactor: a generation request may take this many times
	// Timeout to its first token (see Options.FirstToken).
	FirstTokenFactor = 3
)

// generation is a generation request's time limit: its first token, then
// a small answer.
func (o Options) generation() time.Duration { return o.FirstToken + o.Timeout }

func (o Options) withDefaults() Options {
	if o.Timeout <= 0 {
		o.Timeout = DefaultTimeout
	}
	if o.FirstToken <= 0 {
		o.FirstToken = FirstTokenFactor * o.Timeout
	}
	if o.Retry == (RetryPolicy{}) {
		o.Retry = DefaultRetry
	}
	if o.Retry.Cap > o.Timeout {
		// a wait longer than a request's deadline makes a doctor run drag
		// for a gateway that will not have recovered anyway
		o.Retry.Cap = o.Timeout
	}
	lim := stats.Limits{TTFT: o.MaxTTFT, TPOT: o.MaxTPOT}.WithDefaults()
	o.MaxTTFT, o.MaxTPOT = lim.TTFT, lim.TPOT
	return o
}

// Budget is the longest one wire check can take: every request of the
// ladder and of the alternatives search with all retries and waits. Give
// it to doctor.RunOptions.Timeout so that the engine does not cut a ladder
// short.
func (o Options) Budget() time.Duration {
	o = o.withDefaults()
	tries := time.Duration(o.Retry.Max + 1)
	ladder := tries*(o.Timeout+o.Retry.Cap) + 3*tries*(o.generation()+o.Retry.Cap)
	search := 2 * o.Timeout // alternatives run in parallel, then one protocol probe
	return ladder + search + time.Second
}

// WireChecks returns one check per distinct path: tools that send exactly
// the same request share one ladder, and each of them gets the findings.
// The engine runs the checks, hence the independent paths, in parallel.
func Checks(paths []Path, o Options) []doctor.Check {
	o = o.withDefaults()
	lists := &listCache{m: map[string]*listEntry{}}
	var out []doctor.Check
	for _, r := range GroupPaths(paths) {
		out = append(out, &wire{route: r, opts: o, lists: lists, done: make(chan struct{})})
	}
	return out
}

// Ladder is what a wire check tells the checks that follow it (the
// latency micro-benchmark of doctor --bench): which route it climbed, and
// whether that route streams.
type Ladder interface {
	doctor.Check
	Route() Route
	// Streamed waits for the ladder and reports whether it passed the
	// stream rung; false when ctx ends first.
	Streamed(ctx context.Context) bool
}

// wire is the ladder for one route.
type wire struct {
	route    Route
	opts     Options
	lists    *listCache    // model lists, shared by the routes of one run
	done     chan struct{} // closed when Run first returns
	once     sync.Once
	streamed bool // the stream rung passed; read after done
}

// Route is the route this ladder climbs.
func (w *wire) Route() Route { return w.route }

// Streamed waits for the ladder (see Ladder).
func (w *wire) Streamed(ctx context.Context) bool {
	select {
	case <-w.done:
		return w.streamed
	case <-ctx.Done():
		return false
	}
}

// listCache reads each model list once per run: routes that differ only
// in their endpoint (a Messages tool and a Chat tool on one gateway) share it.
type listCache struct {
	mu sync.Mutex
	m  map[string]*listEntry
}

type listEntry struct {
	once   sync.Once
	a      attempt
	models []string
}

// get returns the list for key, reading it with read the first time; a
// caller that comes while it is being read waits for it.
func (lc *listCache) get(key string, read func() (attempt, []string)) (attempt, []string) {
	lc.mu.Lock()
	e, ok := lc.m[key]
	if !ok {
		e = &listEntry{}
		lc.m[key] = e
	}
	lc.mu.Unlock()
	e.once.Do(func() { e.a, e.models = read() })
	return e.a, e.models
}

func (w *wire) Name() string { return "wire" }

// Run climbs the ladder and hands each finding to every tool on the route.
func (w *wire) Run(ctx context.Context, _ *env.Env) []doctor.Finding {
	var out []doctor.Finding
	fs := w.climb(ctx)
	streamed := false
	for _, f := range fs {
		streamed = streamed || (f.Check == string(stepStream) && f.Status == doctor.OK)
	}
	w.once.Do(func() { w.streamed = streamed; close(w.done) })
	sort.SliceStable(fs, func(i, j int) bool { return stepIndex(fs[i].Check) < stepIndex(fs[j].Check) })
	for _, f := range fs {
		for _, m := range w.route.Members {
			out = append(out, f.forMember(m, w.route.Key))
		}
	}
	return out
}

// step is a rung of the ladder, named as the report names the check.
type step string

const (
	stepReach   step = "wire-reach"   // DNS, TCP connect, TLS, an HTTP answer
	stepAuth    step = "wire-auth"    // the key is accepted
	stepModels  step = "wire-models"  // the model list, and the model in it
	stepRequest step = "wire-request" // one small non-streaming request
	stepStream  step = "wire-stream"  // one streaming request
	stepLatency step = "wire-latency" // TTFT and TPOT against the thresholds
	// stepBackground: the tool's background model, when it has its own
	stepBackground step = "wire-background"
)

var ladder = []step{stepReach, stepAuth, stepModels, stepRequest, stepStream, stepLatency, stepBackground}

// stepIndex orders findings by rung, whatever order they were found in.
func stepIndex(check string) int {
	for i, s := range ladder {
		if string(s) == check {
			return i
		}
	}
	return -1
}

// wireFinding is a finding before it is handed to a tool: the fix depends
// on the tool (its form of a base URL, where its key is set, the variable
// it reads a CA file from).
type wireFinding struct {
	doctor.Finding
	// slots fills the catalog's fix for one tool; nil: the tool's name,
	// the source of its base URL and its model. An error or warning with
	// a code and no Fix of its own gets the catalog's fix.
	slots func(m Path) catalog.Slots
	// aboutKey, aboutModel: the finding is about the key (the model), so
	// its source is where that is set rather than the base URL.
	aboutKey, aboutModel bool
}

func (f wireFinding) forMember(m Path, key string) doctor.Finding {
	out := f.Finding
	out.Tool = m.Tool
	switch {
	case out.Source != "" || out.Status == doctor.Skipped:
	case f.aboutKey && m.KeySource != "":
		out.Source, out.At = m.KeySource, m.KeyAt
	case f.aboutModel && m.ModelSource != "":
		out.Source, out.At = m.ModelSource, m.ModelAt
	default:
		out.Source, out.At = m.BaseSource, m.BaseAt
	}
	if out.Fix == "" && out.Code != "" && (out.Status == doctor.Error || out.Status == doctor.Warning) {
		slots := toolSlots(m, catalog.Slots{})
		if f.slots != nil {
			slots = f.slots(m)
		}
		out.Fix = catalog.Render(out.Code, slots)
	}
	if r := strings.TrimPrefix(out.Check, "wire-"); r != out.Check {
		out.Message = r + ": " + out.Message // the rung, for the text report
	}
	if out.Evidence != nil {
		ev := *out.Evidence
		out.Evidence = &ev
	}
	redact.Scrub(&out, key) // the member's own key, in whatever the finding says or carries
	return out
}

// request builds the probe request the route's tool sends.
func (w *wire) request(stream bool) probe.Request {
	p := w.route.Path
	return probe.Request{Protocol: p.Protocol, URL: p.URL(), Key: p.Key, Auth: p.Auth, Model: p.Model, Stream: stream, Header: p.Header()}
}

// modelsRequest is the model list at the prefix the tool uses, as far as
// a gateway root can say it (…/v1/models).
func (w *wire) modelsRequest() probe.Request {
	r := w.request(false)
	r.URL = w.route.modelsRoot() + w.route.modelsPath()
	return r
}

// evidence records a request's result for a finding.
func (w *wire) evidence(req probe.Request, a attempt) *doctor.Evidence {
	ev := NewEvidence(a.res, req, w.route.KeyVar, a.tries)
	if ev != nil && ev.Curl != "" {
		ev.Curl = w.route.KeySetup + ev.Curl
	}
	return ev
}

// skipped are the findings for the rungs above a broken one.
func skippedAfter(broken step, code catalog.Code) []wireFinding {
	var out []wireFinding
	past := false
	for _, s := range ladder {
		if past && s != stepBackground { // a rung only some paths have: not listed as skipped
			out = append(out, wireFinding{Finding: doctor.Finding{Check: string(s), Status: doctor.Skipped,
				Message: "not tried: the ladder stopped at " + strings.TrimPrefix(string(broken), "wire-") + " (" + string(code) + ")"}})
		}
		if s == broken {
			past = true
		}
	}
	return out
}
