package bench

import (
	"context"
	"errors"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/probe"
)

// fakeDoer answers instantly with a canned result; fail decides which
// calls (1-based) fail with which code.
type fakeDoer struct {
	calls    atomic.Int64
	inflight atomic.Int64
	peak     atomic.Int64
	fail     func(call int64) string
	// gate, when set, holds every call until it is closed.
	gate   chan struct{}
	before func(call int64)
}

func (f *fakeDoer) Do(ctx context.Context, r probe.Request) *probe.Result {
	n := f.calls.Add(1)
	cur := f.inflight.Add(1)
	defer f.inflight.Add(-1)
	for {
		p := f.peak.Load()
		if cur <= p || f.peak.CompareAndSwap(p, cur) {
			break
		}
	}
	if f.before != nil {
		f.before(n)
	}
	if f.gate != nil {
		select {
		case <-f.gate:
		case <-ctx.Done():
		}
	}
	if ctx.Err() != nil {
		return &probe.Result{Code: "timeout-stream", Err: ctx.Err()}
	}
	if f.fail != nil {
		if code := f.fail(n); code != "" {
			return &probe.Result{StatusCode: 429, Code: catalog.Code(code), Err: errors.New(code)}
		}
	}
	return streamed(80*time.Millisecond, 10*time.Millisecond, 10, 0)
}

func TestExecuteCountsAndWarmup(t *testing.T) {
	d := &fakeDoer{}
	l, samples := Execute(context.Background(), d, Plan{Concurrency: 4, Requests: 20, Warmup: 3, MaxErrors: 0.5})
	if got := d.calls.Load(); got != 23 {
		t.Errorf("Do called %d times, want 23 (20 + 3 warmup)", got)
	}
	if l.Requests != 20 || l.OK != 20 || l.Failed != 0 || len(samples) != 23 {
		t.Fatalf("level %+v, %d samples", l, len(samples))
	}
	warm := 0
	for _, s := range samples {
		if s.Warmup {
			warm++
		}
	}
	if warm != 3 || !samples[0].Warmup {
		t.Errorf("%d warmup samples (want 3, first)", warm)
	}
	if d.peak.Load() > 4 {
		t.Errorf("peak in flight %d above concurrency 4", d.peak.Load())
	}
	if l.TTFT.P50 != 80 || l.TPOT.P50 != 10 || l.OutputTokens != 200 {
		t.Errorf("figures: %+v", l)
	}
}

func TestExecuteReachesConcurrency(t *testing.T) {
	// The first 8 calls wait until all 8 are in flight at once.
	var wg sync.WaitGroup
	wg.Add(8)
	released := make(chan struct{})
	var once sync.Once
	d := &fakeDoer{before: func(n int64) {
		if n <= 8 {
			wg.Done()
			<-released
		}
	}}
	go func() { wg.Wait(); once.Do(func() { close(released) }) }()
	l, _ := Execute(context.Background(), d, Plan{Concurrency: 8, Requests: 16, MaxErrors: 1})
	if d.peak.Load() != 8 || l.OK != 16 {
		t.Fatalf("peak %d, ok %d", d.peak.Load(), l.OK)
	}
}

func TestExecuteCountsFailuresByCode(t *testing.T) {
	d := &fakeDoer{fail: func(n int64) string {
		switch n % 5 {
		case 0:
			return "rate-limited"
		case 1:
			return "server-error"
		}
		return ""
	}}
	l, _ := Execute(context.Background(), d, Plan{Concurrency: 1, Requests: 20, MaxErrors: 0.5})
	if l.Failed != 8 || l.Errors["rate-limited"] != 4 || l.Errors["server-error"] != 4 || l.OK != 12 || l.Stopped != "" {
		t.Fatalf("level %+v", l)
	}
}

func TestExecuteStopsAtErrorLimit(t *testing.T) {
	d := &fakeDoer{fail: func(int64) string { return "auth-invalid" }}
	l, _ := Execute(context.Background(), d, Plan{Concurrency: 1, Requests: 100, MaxErrors: 0.5})
	if d.calls.Load() != minForErrorStop || l.Failed != minForErrorStop {
		t.Errorf("calls %d, failed %d; want the run stopped after %d", d.calls.Load(), l.Failed, minForErrorStop)
	}
	if l.Stopped == "" || l.Errors["auth-invalid"] != minForErrorStop {
		t.Errorf("level %+v", l)
	}
	// An open-ended run (duration only) waits for as many failures too.
	d = &fakeDoer{fail: func(int64) string { return "auth-invalid" }}
	l, _ = Execute(context.Background(), d, Plan{Concurrency: 1, Duration: time.Minute, MaxErrors: 0.5})
	if l.Failed != minForErrorStop || l.Stopped == "" {
		t.Errorf("duration run: %d failed, stopped %q", l.Failed, l.Stopped)
	}
	// MaxErrors 1 never stops.
	d = &fakeDoer{fail: func(int64) string { return "auth-invalid" }}
	l, _ = Execute(context.Background(), d, Plan{Concurrency: 2, Requests: 30, MaxErrors: 1})
	if l.Failed != 30 || l.Stopped != "" {
		t.Errorf("with no limit: %+v", l)
	}
}

func TestExecuteInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	d := &fakeDoer{before: func(n int64) {
		if n == 6 {
			cancel() // Ctrl-C while request 6 is in flight
		}
	}}
	l, samples := Execute(ctx, d, Plan{Concurrency: 1, Requests: 50, MaxErrors: 0.5})
	if l.OK != 5 || l.Interrupted != 1 || l.Failed != 0 {
		t.Fatalf("level %+v", l)
	}
	if l.Stopped == "" || len(samples) != 6 {
		t.Errorf("stopped %q, %d samples", l.Stopped, len(samples))
	}
}

func TestOpenLoopSchedule(t *testing.T) {
	sched := func(seed uint64) []time.Duration {
		_, s := Execute(context.Background(), &fakeDoer{}, Plan{Rate: 1e6, Requests: 50, Seed: seed, MaxErrors: 1})
		out := make([]time.Duration, len(s))
		for i := range s {
			out[i] = s[i].Scheduled
		}
		return out
	}
	a, b, c := sched(7), sched(7), sched(8)
	if len(a) != 50 || a[0] != 0 {
		t.Fatalf("schedule %v", a)
	}
	same := true
	for i := range a {
		if a[i] != b[i] {
			t.Fatalf("same seed, different schedule at %d: %v vs %v", i, a[i], b[i])
		}
		if i > 0 && a[i] < a[i-1] {
			t.Fatalf("schedule goes back in time at %d", i)
		}
		same = same && a[i] == c[i]
	}
	if same {
		t.Error("another seed gave the same schedule")
	}
}

func TestOpenLoopDurationEnds(t *testing.T) {
	l, _ := Execute(context.Background(), &fakeDoer{}, Plan{Rate: 2000, Duration: 20 * time.Millisecond, Concurrency: 4, MaxErrors: 1})
	if l.Requests == 0 || l.Rate != 2000 {
		t.Fatalf("level %+v", l)
	}
}

func TestClosedLoopDurationEnds(t *testing.T) {
	// A worker sends only while the duration lasts, so it must not be
	// shorter than a loaded machine takes to start one: 300ms, each
	// request taking 20ms (not the test waiting: the simulated request).
	d := &fakeDoer{before: func(int64) { time.Sleep(20 * time.Millisecond) }}
	l, _ := Execute(context.Background(), d, Plan{Concurrency: 2, Duration: 300 * time.Millisecond, MaxErrors: 1})
	if l.Requests == 0 {
		t.Fatalf("level %+v", l)
	}
}

func TestRunSweepAutoStopsAtErrors(t *testing.T) {
	var ran []int
	doer := func(c int) Doer {
		ran = append(ran, c)
		if c >= 8 {
			return &fakeDoer{fail: func(n int64) string {
				if n%2 == 0 {
					return "rate-limited"
				}
				return ""
			}}
		}
		return &fakeDoer{}
	}
	levels, _, knee := RunSweep(context.Background(), doer, Plan{Requests: 4, MaxErrors: 0.9}, Sweep{Auto: true, Rule: DefaultKneeRule}, nil)
	if len(ran) != 4 || ran[3] != 8 || len(levels) != 4 {
		t.Fatalf("ran levels %v", ran)
	}
	if knee.Concurrency != 4 || knee.Signal != "errors" {
		t.Fatalf("knee %+v", knee)
	}
	if levels[3].Requests != 16 {
		t.Errorf("level 8 ran %d requests, want 2 per slot", levels[3].Requests)
	}
}

func TestParseSweep(t *testing.T) {
	tests := []struct {
		in   string
		want []int
		auto bool
		bad  bool
	}{
		{"1,2,4,8,16", []int{1, 2, 4, 8, 16}, false, false},
		{" 1, 3 ,9", []int{1, 3, 9}, false, false},
		{"auto", nil, true, false},
		{"AUTO", nil, true, false},
		{"4,2", nil, false, true},
		{"1,x", nil, false, true},
		{"0,1", nil, false, true},
		{"8", nil, false, true},
		{"", nil, false, true},
	}
	for _, tt := range tests {
		sw, err := ParseSweep(tt.in)
		if (err != nil) != tt.bad {
			t.Errorf("ParseSweep(%q) error %v", tt.in, err)
			continue
		}
		if sw.Auto != tt.auto || len(sw.Levels) != len(tt.want) {
			t.Errorf("ParseSweep(%q) = %+v", tt.in, sw)
		}
	}
	if p := (Sweep{Auto: true, Max: 16}).Planned(); len(p) != 5 || p[4] != 16 {
		t.Errorf("auto planned %v", p)
	}
}

func TestWarmupPerSlot(t *testing.T) {
	d := &fakeDoer{}
	l, samples := Execute(context.Background(), d, Plan{Concurrency: 4, Requests: 8, Warmup: WarmupPerSlot, MaxErrors: 1})
	if d.calls.Load() != 12 || l.Requests != 8 || len(samples) != 12 {
		t.Fatalf("calls %d, level %d requests", d.calls.Load(), l.Requests)
	}
	if w := (Plan{Rate: 5, Concurrency: 256, Warmup: WarmupPerSlot}).WarmupRequests(); w != 1 {
		t.Errorf("an open loop warms %d connections, want 1", w)
	}
	sw := Sweep{Levels: []int{1, 4}}
	if b := PlanBudget(Plan{Requests: 10, Warmup: WarmupPerSlot}, &sw, 1); b.Requests != 10+1+12+4 { // whole rounds: 10 at c=4 is 12
		t.Errorf("budget %+v", b)
	}
}

func TestAggregateLateSends(t *testing.T) {
	var samples []Sample
	for i, lag := range []time.Duration{0, 2 * time.Millisecond, 30 * time.Millisecond, time.Second} {
		s := newSample(streamed(80*time.Millisecond, 10*time.Millisecond, 3, 0), testKey)
		s.Scheduled = time.Duration(i) * 100 * time.Millisecond
		s.Offset = s.Scheduled + lag
		samples = append(samples, s)
	}
	closed := newSample(streamed(80*time.Millisecond, 10*time.Millisecond, 3, 0), testKey)
	closed.Scheduled, closed.Offset = -1, time.Hour // closed loop: no plan to be late against
	samples = append(samples, closed)
	if l := Aggregate(1, samples, time.Second); l.LateSends != 2 {
		t.Fatalf("late sends %d, want 2", l.LateSends)
	}
}

func TestRampSpreadsFirstRequests(t *testing.T) {
	// With a ramp, worker i sends its first request no earlier than
	// i/4 of the ramp: a lower bound a timer guarantees, however slow the
	// machine.
	// Each call waits until all 4 are in flight, so every worker sends one.
	var wg sync.WaitGroup
	wg.Add(4)
	d := &fakeDoer{before: func(int64) { wg.Done(); wg.Wait() }}
	_, samples := Execute(context.Background(), d, Plan{Concurrency: 4, Requests: 4, Ramp: 40 * time.Millisecond, MaxErrors: 1})
	var offs []time.Duration
	for _, s := range samples {
		offs = append(offs, s.Offset)
	}
	slices.Sort(offs)
	if len(offs) != 4 || offs[3] < 30*time.Millisecond {
		t.Fatalf("offsets %v: the last worker must wait for its place in the ramp (3/4 of 40ms)", offs)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	l, _ := Execute(ctx, &fakeDoer{}, Plan{Concurrency: 4, Requests: 4, Ramp: time.Hour, MaxErrors: 1})
	if l.Requests > 1 {
		t.Errorf("a cancelled ramp still sent %d requests", l.Requests)
	}
}

type closingDoer struct {
	fakeDoer
	closed *atomic.Int64
}

func (c *closingDoer) Close() { c.closed.Add(1) }

func TestRunSweepClosesEachLevelsPool(t *testing.T) {
	closed := &atomic.Int64{}
	RunSweep(context.Background(), func(int) Doer { return &closingDoer{closed: closed} },
		Plan{Requests: 2, MaxErrors: 1}, Sweep{Levels: []int{1, 2, 4}, Rule: DefaultKneeRule}, nil)
	if closed.Load() != 3 {
		t.Fatalf("%d pools closed, want 3", closed.Load())
	}
}
