package bench

import (
	"context"
	"fmt"
	"math/rand/v2"
	"runtime"
	"sort"
	"sync"
	"time"

	"github.com/keydoctor/keydoctor/internal/probe"
)

// Doer sends one request. probe.Client is the real one; tests use fakes.
// It never retries: one call, one measurement.
type Doer interface {
	Do(ctx context.Context, r probe.Request) *probe.Result
}

// Plan is one run at one load level.
type Plan struct {
	Request probe.Request
	// Concurrency is the number of closed-loop workers; with Rate it caps
	// the requests in flight (0: no cap).
	Concurrency int
	// Requests is the number of measured requests; 0 with Duration means
	// as many as fit.
	Requests int
	// Rate > 0 sends open-loop Poisson arrivals at this many per second,
	// each at its absolute planned time whatever the others do.
	Rate float64
	// Duration stops sending new requests after this long (in-flight
	// ones finish).
	Duration time.Duration
	// Ramp spreads the closed-loop workers' first requests evenly over
	// this long, so that equal answers do not keep arriving in one herd
	// (which a real gateway's mixed traffic would not do).
	Ramp time.Duration
	// Warmup requests run first at the same concurrency and are excluded;
	// negative means one per slot (WarmupPerSlot), so that every
	// connection is open before the measurement starts.
	Warmup int
	// MaxErrors stops the run early when the share of failed requests
	// exceeds it (0.5 = 50%); 1 or more never stops.
	MaxErrors float64
	Seed      uint64 // of the arrival process; same seed, same schedule
	// Key is redacted from error texts.
	Key string
	// Progress is called after each measured request completes, with the
	// count so far and the planned total (0 when open-ended).
	Progress func(done, total int)
	// LeanClient says the gateway is not in this process: a closed loop of
	// up to LeanStreams streams then runs on one P (see Execute).
	LeanClient bool
}

// LeanStreams is the most streams a lean client runs on one P. Why one:
// a client of a few dozen streams is idle between events, and with a
// second P every event readied by the poller also wakes a spinning
// thread that finds nothing to do (a futex wake, a sleep and a context
// switch per event). One P halves the context switches and takes 10–20%
// off the client's CPU at 16 and 64 streams, and ~11% at 256, with TTFT
// and TPOT unchanged (docs/engineering-notes.md, issue 31). At 256
// streams an event may wait for the one P; since reads are stamped with
// the kernel's arrival (rawconn), that wait no longer counts in TPOT
// (its p50 error was +0.04–0.07 ms with the read's own time). Above
// 256, and in open-loop runs, whose streams are not bounded, the client
// keeps every P: a second core is what keeps one read from taking
// several events, which would share one stamp.
const LeanStreams = 256

// leanProcs sets GOMAXPROCS to 1 for a lean plan and returns what undoes
// it.
func leanProcs(p Plan) (restore func()) {
	if !p.LeanClient || p.Rate > 0 || p.Concurrency > LeanStreams || runtime.GOMAXPROCS(0) == 1 {
		return func() {}
	}
	prev := runtime.GOMAXPROCS(1)
	return func() { runtime.GOMAXPROCS(prev) }
}

// WarmupPerSlot as Plan.Warmup sends one warmup request per slot.
const WarmupPerSlot = -1

// WarmupRequests is how many warmup requests the plan sends. Per slot
// means one per worker in a closed loop; an open loop's -c is only a cap,
// so it warms one connection.
func (p Plan) WarmupRequests() int {
	switch {
	case p.Warmup >= 0:
		return p.Warmup
	case p.Rate > 0:
		return 1
	}
	return max(p.Concurrency, 1)
}

// minForErrorStop is how many requests must complete before the error
// limit can stop a run: one early failure is not a rate.
const minForErrorStop = 10

// Execute runs a plan and returns its level and every sample (warmup
// included, flagged). Cancelling ctx (Ctrl-C) stops it: what completed is
// still measured, requests cut short are flagged Interrupted.
func Execute(ctx context.Context, d Doer, p Plan) (Level, []Sample) {
	r := &runner{d: d, p: p, ctx: ctx}
	defer leanProcs(p)()
	if w := p.WarmupRequests(); w > 0 {
		warm := p
		warm.Rate, warm.Duration, warm.Requests = 0, 0, w
		warm.Concurrency = min(max(p.Concurrency, 1), w)
		r.closedLoop(warm, true, time.Now())
	}
	r.stopped = ""
	clock := readClientClock()
	start := time.Now()
	if p.Rate > 0 {
		r.openLoop(start)
	} else {
		r.closedLoop(p, false, start)
	}
	load := readClientClock().since(clock)
	settle(r.samples, load)
	sort.Slice(r.samples, func(i, j int) bool {
		if r.samples[i].Warmup != r.samples[j].Warmup {
			return r.samples[i].Warmup
		}
		return r.samples[i].Seq < r.samples[j].Seq
	})
	l := Aggregate(p.Concurrency, r.samples, r.last.Sub(start))
	l.Rate, l.Stream, l.Client = p.Rate, p.Request.Stream, load
	l.Stopped = r.stopped
	if l.Stopped == "" && ctx.Err() != nil {
		l.Stopped = "interrupted: these figures cover what completed before"
	}
	return l, r.samples
}

type runner struct {
	d   Doer
	p   Plan
	ctx context.Context

	mu        sync.Mutex
	samples   []Sample
	done      int // measured completions
	failed    int
	stopped   string
	last      time.Time // last completion
	haltIssue bool      // the error limit was hit: send nothing more
}

// closedLoop runs workers that each send a request as soon as their
// previous one ended, until the plan's count or duration is reached.
func (r *runner) closedLoop(p Plan, warmup bool, start time.Time) {
	workers := max(p.Concurrency, 1)
	var (
		wg     sync.WaitGroup
		nextMu sync.Mutex
		issued int
	)
	next := func() (int, bool) {
		nextMu.Lock()
		defer nextMu.Unlock()
		if r.ctx.Err() != nil || r.halted() {
			return 0, false
		}
		if p.Requests > 0 && issued >= p.Requests {
			return 0, false
		}
		if p.Duration > 0 && time.Since(start) >= p.Duration {
			return 0, false
		}
		if p.Requests == 0 && p.Duration == 0 {
			return 0, false
		}
		issued++
		return issued - 1, true
	}
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if !warmup && p.Ramp > 0 && w > 0 && !r.sleep(start.Add(p.Ramp*time.Duration(w)/time.Duration(workers))) {
				return
			}
			for {
				seq, ok := next()
				if !ok {
					return
				}
				r.one(seq, warmup, start, -1)
			}
		}()
	}
	wg.Wait()
}

// openLoop sends Poisson arrivals at absolute times: send i is planned at
// start + the sum of i exponential gaps, so a slow answer never delays the
// next arrival (no coordinated omission).
func (r *runner) openLoop(start time.Time) {
	p := r.p
	rng := rand.New(rand.NewPCG(p.Seed, p.Seed^0x9e3779b97f4a7c15))
	var sem chan struct{}
	if p.Concurrency > 0 {
		sem = make(chan struct{}, p.Concurrency)
	}
	var wg sync.WaitGroup
	timer := time.NewTimer(0)
	defer timer.Stop()
	at := 0.0
	for i := 0; p.Requests == 0 || i < p.Requests; i++ {
		if i > 0 {
			at += rng.ExpFloat64() / p.Rate
		}
		planned := time.Duration(at * float64(time.Second))
		if p.Duration > 0 && planned >= p.Duration {
			break
		}
		if p.Requests == 0 && p.Duration == 0 {
			break
		}
		if wait := time.Until(start.Add(planned)); wait > 0 {
			timer.Reset(wait)
			select {
			case <-timer.C:
			case <-r.ctx.Done():
			}
		}
		if r.ctx.Err() != nil || r.halted() {
			break
		}
		if sem != nil {
			select {
			case sem <- struct{}{}:
			case <-r.ctx.Done():
			}
			if r.ctx.Err() != nil {
				break
			}
		}
		wg.Add(1)
		go func(seq int) {
			defer wg.Done()
			if sem != nil {
				defer func() { <-sem }()
			}
			r.one(seq, false, start, planned)
		}(i)
	}
	wg.Wait()
}

// sleep waits until t; false when the run was cancelled first.
func (r *runner) sleep(t time.Time) bool {
	d := time.Until(t)
	if d <= 0 {
		return true
	}
	timer := time.NewTimer(d)
	defer timer.Stop()
	select {
	case <-timer.C:
		return true
	case <-r.ctx.Done():
		return false
	}
}

func (r *runner) halted() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.haltIssue
}

// one sends one request and records it.
func (r *runner) one(seq int, warmup bool, start time.Time, planned time.Duration) {
	sent := time.Now()
	res := r.d.Do(r.ctx, r.p.Request)
	end := time.Now()
	s := newSample(res, r.p.Key)
	s.Seq, s.Warmup, s.Concurrency = seq, warmup, r.p.Concurrency
	if s.Start.IsZero() {
		s.Start = sent
	}
	s.Offset, s.Scheduled = sent.Sub(start), planned
	if !s.OK() && r.ctx.Err() != nil {
		s.Interrupted = true // cut short by Ctrl-C: not the gateway's failure
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.samples = append(r.samples, s)
	if warmup {
		return
	}
	if end.After(r.last) {
		r.last = end
	}
	if s.Interrupted {
		return
	}
	r.done++
	if !s.OK() {
		r.failed++
	}
	need := minForErrorStop
	if r.p.Requests > 0 {
		need = min(need, r.p.Requests)
	}
	if !r.haltIssue && r.p.MaxErrors < 1 && r.done >= need &&
		float64(r.failed) > r.p.MaxErrors*float64(r.done) {
		r.haltIssue = true
		r.stopped = errorStop(r.failed, r.done, r.p.MaxErrors)
	}
	if r.p.Progress != nil {
		r.p.Progress(r.done, r.p.Requests)
	}
}

// errorStop says why a run stopped at the error limit.
func errorStop(failed, done int, limit float64) string {
	return fmt.Sprintf("stopped early: %d of %d requests failed (%.0f%%), above the %.0f%% error limit",
		failed, done, 100*float64(failed)/float64(done), 100*limit)
}
