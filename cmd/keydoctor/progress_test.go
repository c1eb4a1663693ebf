package main

import (
	"strings"
	"testing"
	"time"

	"github.com/keydoctor/keydoctor/internal/redact"
)

func TestWaitsLine(t *testing.T) {
	var out syncBuffer
	clock := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	p := &waits{w: &out, width: 40, now: func() time.Time { return clock }, open: map[int]pending{}}
	end1 := p.begin("POST gw.example/api/v1/messages")
	clock = clock.Add(1500 * time.Millisecond)
	end2 := p.begin("GET gw.example/api/v1/models")
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
	p.close()
	before := out.String()
	p.begin("late")()
	if out.String() != before {
		t.Errorf("a request after close drew: %q", strings.TrimPrefix(out.String(), before))
	}
}

func TestWaitsElapsed(t *testing.T) {
	var out syncBuffer
	clock := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	p := &waits{w: &out, now: func() time.Time { return clock }, open: map[int]pending{}}
	defer p.begin("waiting for the gateway's answer")()
	clock = clock.Add(3200 * time.Millisecond)
	p.begin("another")()
	if !strings.Contains(out.String(), "waiting for the gateway's answer 3.2s (and 1 more)") {
		t.Errorf("no elapsed time and count: %q", out.String())
	}
}

func TestNoWaitsWithoutTerminal(t *testing.T) {
	if p := newWaits(ui{}); p != nil {
		t.Fatal("progress without a terminal")
	}
	var p *waits
	p.begin("x")()
	p.close()
}
