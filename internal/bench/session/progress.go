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
// client, which would count as the gateway's latency. Its streams to a
// plain http:// gateway are read by one event loop (probe.Options
// EventLoop, Linux): at 256 streams 15% less of the client's CPU than a
// goroutine a stream, with the same figures.
func probeDoer(o *Options) func(int) (bench.Doer, error) {
	return func(c int) (bench.Doer, error) {
		return probe.NewClient(probe.Options{Getenv: o.Env.Getenv, MaxConnsPerHost: max(c, 1), Timeout: o.Timeout, StreamClient: true, EventLoop: true})
	}
}

// failingDoer stands in when the client cannot be built; the run then
// reports every request failed rather than crashing.
type failingDoer struct{ err error }

func (f failingDoer) Do(context.Context, probe.Request) *probe.Result {
	return &probe.Result{Err: f.err}
}
