// Package waitline shows on a terminal what a run waits on the network
// for. It writes to the writer it is given; whether that is a terminal
// (and whether to show it at all) is the command's to decide.
package waitline

import (
	"fmt"
	"io"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/keydoctor/keydoctor/internal/human"
	"github.com/keydoctor/keydoctor/internal/redact"
)

// Line shows what the run waits on the network for: one line, redrawn in
// place, with a turning bar, the oldest request still in flight, how long
// it has waited, and how many others wait with it. The line is erased
// when nothing waits, so the report that follows is clean. A nil *Line
// shows nothing (not a terminal, --quiet, --json).
type Line struct {
	w     io.Writer
	width int
	now   func() time.Time

	once   sync.Once
	mu     sync.Mutex
	open   map[int]pending
	next   int
	frame  int
	drawn  bool
	done   bool // closed: a late request (a check past its timeout) draws nothing
	stop   chan struct{}
	closed chan struct{}
}

type pending struct {
	label string
	since time.Time
}

var spinnerFrames = []string{"⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"}

// Start starts the line on w, clipped to width columns (0: not clipped);
// nil, showing nothing, when w is nil.
func Start(w io.Writer, width int) *Line {
	if w == nil {
		return nil
	}
	p := &Line{w: w, width: width, now: time.Now, open: map[int]pending{},
		stop: make(chan struct{}), closed: make(chan struct{})}
	go p.loop(100 * time.Millisecond)
	return p
}

func (p *Line) loop(every time.Duration) {
	defer close(p.closed)
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-p.stop:
			return
		case <-t.C:
			p.mu.Lock()
			p.draw()
			p.mu.Unlock()
		}
	}
}

// Begin shows a request (what, to url: the URL as ShowURL shows it)
// until the returned func is called (doctor/session's Progress).
func (p *Line) Begin(what, url string) (end func()) {
	return p.Show(what + " " + ShowURL(url))
}

// Show shows label until the returned func is called.
func (p *Line) Show(label string) (end func()) {
	if p == nil {
		return func() {}
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.done {
		return func() {}
	}
	id := p.next
	p.next++
	p.open[id] = pending{label, p.now()}
	p.draw()
	return func() {
		p.mu.Lock()
		defer p.mu.Unlock()
		delete(p.open, id)
		if !p.done {
			p.draw()
		}
	}
}

// draw redraws the line (p.mu held).
func (p *Line) draw() {
	if len(p.open) == 0 {
		if p.drawn {
			fmt.Fprint(p.w, redact.ClearLine())
			redact.Flush(p.w)
			p.drawn = false
		}
		return
	}
	oldest := -1
	for id := range p.open {
		if oldest < 0 || p.open[id].since.Before(p.open[oldest].since) {
			oldest = id
		}
	}
	w := p.open[oldest]
	line := fmt.Sprintf("%s %s %.1fs", spinnerFrames[p.frame%len(spinnerFrames)], w.label, p.now().Sub(w.since).Seconds())
	if n := len(p.open) - 1; n > 0 {
		line += fmt.Sprintf(" (and %d more)", n)
	}
	if p.width > 0 && human.Width(line) >= p.width {
		line = clipWidth(line, p.width-1)
	}
	p.frame++
	fmt.Fprint(p.w, redact.ClearLine()+line)
	redact.Flush(p.w) // a redrawn line never ends: show it now
	p.drawn = true
}

// Close erases the line and stops redrawing; later calls do nothing.
func (p *Line) Close() {
	if p == nil {
		return
	}
	p.once.Do(func() {
		close(p.stop)
		<-p.closed
		p.mu.Lock()
		defer p.mu.Unlock()
		p.open = map[int]pending{}
		p.draw()
		p.done = true
	})
}

// ShowURL is a URL as the line shows it: no user info, no query (either
// may hold a secret), no scheme.
func ShowURL(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return "the gateway"
	}
	return u.Host + u.Path
}

// clipWidth cuts s to at most n columns, the last one "…".
func clipWidth(s string, n int) string {
	var b strings.Builder
	col := 0
	for _, r := range s {
		if col += human.Width(string(r)); col >= n {
			break
		}
		b.WriteRune(r)
	}
	return b.String() + "…"
}
