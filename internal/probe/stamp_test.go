package probe

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/h1stream"
)

// TestArrivedAt: a stamp is moved back by the kernel's age of the bytes
// only when that age is believable.
func TestArrivedAt(t *testing.T) {
	wall := time.Date(2026, 12, 3, 8, 0, 0, 0, time.UTC)
	const now = 100 * time.Millisecond
	for _, tc := range []struct {
		name string
		t    time.Time
		want time.Duration
	}{
		{"zero: the kernel gave none", time.Time{}, now},
		{"3 ms ago", wall.Add(-3 * time.Millisecond), now - 3*time.Millisecond},
		{"in the future: a clock step", wall.Add(time.Millisecond), now},
		{"just now", wall, now},
		{"before the request began", wall.Add(-now), now},
		{"long before", wall.Add(-time.Hour), now},
	} {
		if got := arrivedAt(now, wall, tc.t); got != tc.want {
			t.Errorf("%s: arrivedAt = %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestStampReaderUsesArrival: a read's stamp is the kernel's when there is
// one, and stamps never go back (a later read's bytes cannot have arrived
// before an earlier read's).
func TestStampReaderUsesArrival(t *testing.T) {
	var clock time.Duration
	var arrival time.Time
	s := &stampReader{
		r:       strings.NewReader("abcdef"),
		clock:   func() time.Duration { return clock },
		arrival: func() time.Time { return arrival },
	}
	read := func(at time.Duration, age time.Duration) time.Duration {
		t.Helper()
		clock, arrival = at, time.Time{}
		if age > 0 {
			arrival = time.Now().Add(-age)
		}
		if _, err := s.Read(make([]byte, 2)); err != nil {
			t.Fatal(err)
		}
		return s.last
	}
	// The wall clock runs between the test's reading and arrived's: allow
	// it a little, but far less than the ages.
	const slack = 500 * time.Microsecond
	if got := read(50*time.Millisecond, 20*time.Millisecond); got < 30*time.Millisecond-slack || got > 30*time.Millisecond {
		t.Fatalf("first read: %v, want about 30ms", got)
	}
	if got := read(52*time.Millisecond, 40*time.Millisecond); got < 30*time.Millisecond-slack || got > 30*time.Millisecond {
		t.Fatalf("second read, its bytes stamped earlier: %v, want the first's, about 30ms", got)
	}
	if got := read(60*time.Millisecond, 0); got != 60*time.Millisecond {
		t.Fatalf("third read, unstamped: %v, want 60ms", got)
	}
}

// TestDeltaAtIsArrival: through h1stream a delta's At is when its bytes
// reached the machine. The server writes the second event while the
// client is still busy with the first delta, and the client reads it
// late; its At still falls before the server finished writing it.
func TestDeltaAtIsArrival(t *testing.T) {
	if !h1stream.Supported {
		t.Skip("h1stream is Linux-only: the kernel's stamps come through it")
	}
	second, written := make(chan struct{}), make(chan time.Time)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body)
		w.Header().Set("Content-Type", "text/event-stream")
		event := func(text string) {
			io.WriteString(w, `data: {"choices":[{"index":0,"delta":{"content":"`+text+`"}}]}`+"\n\n")
			w.(http.Flusher).Flush()
		}
		event("one")
		select {
		case <-second:
		case <-r.Context().Done():
			return
		}
		event("two")
		written <- time.Now()
		io.WriteString(w, "data: [DONE]\n\n")
	}))
	defer srv.Close()
	c := newTestClient(t, Options{StreamClient: true})
	req := Request{Protocol: gateway.Chat, Root: srv.URL, Key: testKey, Auth: gateway.AuthBearer, Model: "gpt-4o", Stream: true, MaxTokens: 16}
	// The kernel stamps received bytes only a moment after the first
	// socket asks (a deferred switch for the whole machine): early streams
	// may come unstamped, and then At is the read's time, after the gap.
	for try := range 100 {
		var w time.Time
		res := c.DoStream(context.Background(), req, func(d Delta) {
			if d.Text == "one" {
				second <- struct{}{}
				w = <-written
				time.Sleep(2 * time.Millisecond) // a busy client: it reads the second event late
			}
		})
		if !res.OK() || res.Stream == nil || len(res.Stream.Deltas) != 2 {
			t.Fatalf("try %d: %s %v", try, res.Code, res.Err)
		}
		tm := res.Timings
		if tm.FirstByte < tm.WroteRequest || tm.FirstDelta < tm.FirstByte || res.Stream.Deltas[1].At < tm.FirstDelta || tm.End < res.Stream.Deltas[1].At {
			t.Fatalf("try %d: out of order: %+v, second delta at %v", try, tm, res.Stream.Deltas[1].At)
		}
		at := tm.Start.Add(res.Stream.Deltas[1].At)
		if strings.Contains(fmt.Sprint(res), testKey) {
			t.Fatal("the key is in the result")
		}
		if !at.After(w.Add(time.Millisecond)) {
			return // stamped at arrival, before the client read it
		}
	}
	t.Fatal("in 100 streams no delta's At was its arrival: every one was when the client read it")
}
