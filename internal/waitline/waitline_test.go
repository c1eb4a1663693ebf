package waitline

import (
	"bytes"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/keydoctor/keydoctor/internal/redact"
)

// syncBuffer is a bytes.Buffer the line's redraws may write to while a
// test reads it.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func TestWaitsLine(t *testing.T) {
	var out syncBuffer
	clock := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	p := &Line{w: &out, width: 40, now: func() time.Time { return clock }, open: map[int]pending{}}
	end1 := p.Show("POST gw.example/api/v1/messages")
	clock = clock.Add(1500 * time.Millisecond)
	end2 := p.Show("GET gw.example/api/v1/models")
	p.mu.Lock()
	p.draw()
	p.mu.Unlock()
	got, clear := out.String(), redact.ClearLine() // the run's writer turns it into \r ESC[K
	if !strings.Contains(got, clear+"⠋ POST gw.example/api/v1/messages 0.0s") {
		t.Errorf("the first request is not shown at once: %q", got)
	}
	last := got[strings.LastIndex(got, clear)+len(clear):]
	if !strings.Contains(last, "POST gw.example/api/v1/mes") || !strings.HasSuffix(last, "…") || len([]rune(last)) > 39 {
		t.Errorf("the line is not the oldest request clipped to the width: %q", last)
	}
	end1()
	end2()
	if !strings.HasSuffix(out.String(), clear) {
		t.Errorf("the line is not erased when nothing waits: %q", out.String())
	}
	p.stop, p.closed = make(chan struct{}), make(chan struct{})
	close(p.closed)
	p.Close()
	before := out.String()
	p.Show("late")()
	if out.String() != before {
		t.Errorf("a request after close drew: %q", strings.TrimPrefix(out.String(), before))
	}
}

func TestWaitsElapsed(t *testing.T) {
	var out syncBuffer
	clock := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	p := &Line{w: &out, now: func() time.Time { return clock }, open: map[int]pending{}}
	defer p.Show("waiting for the gateway's answer")()
	clock = clock.Add(3200 * time.Millisecond)
	p.Show("another")()
	if !strings.Contains(out.String(), "waiting for the gateway's answer 3.2s (and 1 more)") {
		t.Errorf("no elapsed time and count: %q", out.String())
	}
}

func TestNoWaitsWithoutTerminal(t *testing.T) {
	if p := Start(nil, 80); p != nil {
		t.Fatal("progress without a terminal")
	}
	var p *Line
	p.Show("x")()
	p.Close()
}
