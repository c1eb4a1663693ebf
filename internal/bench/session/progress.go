package session

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/keydoctor/keydoctor/internal/bench"
	"github.com/keydoctor/keydoctor/internal/probe"
	"github.com/keydoctor/keydoctor/internal/redact"
)

// progress draws a one-line bar on stderr while a run goes, only on a
// terminal: redirected output gets no control characters.
type progress struct {
	on    bool
	w     func(string)
	mu    sync.Mutex
	label string
	total int
	start time.Time
	drawn time.Time // last redraw: at most every redrawEvery, so the bar costs the measurement nothing
}

const redrawEvery = 100 * time.Millisecond

func newProgress(o *Options) *progress {
	return &progress{on: o.ErrTerminal, w: func(s string) { fmt.Fprint(o.ErrOut, s); redact.Flush(o.ErrOut) }, start: time.Now()}
}

// level starts a sweep level.
func (p *progress) level(c, total int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.label, p.total, p.start = fmt.Sprintf("c=%d ", c), total, time.Now()
}

// update returns the engine's progress callback. total 0 keeps the
// level's own total (sweeps) or means open-ended.
func (p *progress) update(total int) func(done, planned int) {
	if total > 0 {
		p.total = total
	}
	return func(done, _ int) {
		if !p.on {
			return
		}
		p.mu.Lock()
		defer p.mu.Unlock()
		now := time.Now()
		if now.Sub(p.drawn) < redrawEvery && done != p.total {
			return
		}
		p.drawn = now
		const width = 30
		if p.total <= 0 {
			p.w(redact.ClearLine() + fmt.Sprintf("%s%d done, %.1fs ", p.label, done, time.Since(p.start).Seconds()))
			return
		}
		filled := min(width, done*width/p.total)
		p.w(redact.ClearLine() + fmt.Sprintf("%s[%s%s] %d/%d ", p.label, strings.Repeat("#", filled), strings.Repeat(".", width-filled), done, p.total))
	}
}

// done clears the bar.
func (p *progress) done() {
	if p.on {
		p.w(redact.ClearLine())
	}
}

// probeDoer builds one probe client per level, its pool sized to the
// level's concurrency: requests never wait for a connection inside the
// client, which would count as the gateway's latency. From loopStreams
// streams on, those to a plain http:// gateway are read by one event loop
// (probe.Options.EventLoop, Linux).
func probeDoer(o *Options) func(int) (bench.Doer, error) {
	return func(c int) (bench.Doer, error) {
		return probe.NewClient(probe.Options{Getenv: o.Env.Getenv, MaxConnsPerHost: max(c, 1), Timeout: o.Timeout,
			StreamClient: true, EventLoop: c >= loopStreams})
	}
}

// loopStreams is the least concurrency whose streams the event loop
// reads. Measured against a goroutine a stream (docs/engineering-notes.md,
// issue 31, median CPU of 5 alternating rounds): equal at 4 streams, 10%
// less at 16 and 64, 15% less at 128 and 256; but 20% more for one
// stream alone, whose every event costs the loop two epoll polls and the
// poller's wake-up on the epoll, where its own goroutine pays one read
// that finds nothing.
const loopStreams = 4

// failingDoer stands in when the client cannot be built; the run then
// reports every request failed rather than crashing.
type failingDoer struct{ err error }

func (f failingDoer) Do(context.Context, probe.Request) *probe.Result {
	return &probe.Result{Err: f.err}
}
