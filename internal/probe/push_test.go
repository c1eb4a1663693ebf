package probe

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"net/http/httptrace"
	"runtime/pprof"
	"strings"
	"testing"
	"time"

	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/h1stream"
	"github.com/keydoctor/keydoctor/internal/mock"
)

func needsLoop(t *testing.T) {
	if !h1stream.LoopSupported || !h1stream.Supported {
		t.Skip("the event loop is Linux-only")
	}
}

// TestLoopPushesStreams: with EventLoop, a stream is read by the loop
// (its caller waits in Loop.RoundTrip, not in readStream); a callback
// keeps a stream on its caller's goroutine.
func TestLoopPushesStreams(t *testing.T) {
	needsLoop(t)
	more := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body)
		w.Header().Set("Content-Type", "text/event-stream")
		io.WriteString(w, `data: {"choices":[{"delta":{"content":"a"}}]}`+"\n\n")
		w.(http.Flusher).Flush()
		<-more
		io.WriteString(w, `data: {"choices":[{"delta":{"content":"b"}}]}`+"\n\ndata: [DONE]\n\n")
	}))
	defer srv.Close()
	c := newTestClient(t, Options{StreamClient: true, EventLoop: true})
	req := Request{Protocol: gateway.Chat, Root: srv.URL, Key: testKey, Model: "m", Stream: true}
	for _, withCallback := range []bool{false, true} {
		done := make(chan *Result)
		var onDelta func(Delta)
		if withCallback {
			onDelta = func(Delta) {}
		}
		go func() { done <- c.DoStream(context.Background(), req, onDelta) }()
		// The caller's goroutine is where it waits once the first event is
		// in: polled, as the stack is all there is to see.
		where := ""
		for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(time.Millisecond) {
			where = callerWait()
			if where != "" {
				break
			}
		}
		more <- struct{}{}
		res := <-done
		if !res.OK() || res.Text != "ab" {
			t.Fatalf("callback %v: %s %v text %q", withCallback, res.Code, res.Err, res.Text)
		}
		want := "loop"
		if withCallback {
			want = "reader"
		}
		if where != want {
			t.Fatalf("callback %v: the caller waited in the %s, want the %s", withCallback, where, want)
		}
	}
}

// callerWait says where the goroutine running DoStream waits: "loop"
// (Loop.RoundTrip), "reader" (readStream), or "" (neither yet).
func callerWait() string {
	var buf bytes.Buffer
	pprof.Lookup("goroutine").WriteTo(&buf, 2)
	for _, g := range strings.Split(buf.String(), "\n\n") {
		if !strings.Contains(g, "probe.(*Client).DoStream") || !strings.Contains(g, "chan receive") && !strings.Contains(g, "IO wait") {
			continue
		}
		switch {
		case strings.Contains(g, "h1stream.(*Loop).RoundTrip"):
			return "loop"
		case strings.Contains(g, "probe.(*Client).readStream"):
			return "reader"
		}
	}
	return ""
}

// TestLoopStreamDeadline: the whole-request deadline, come while the
// loop pushes a stream, is the stream's timeout, as on the reader path
// (TestWholeDeadline).
func TestLoopStreamDeadline(t *testing.T) {
	needsLoop(t)
	srv := startMock(t, mock.Options{Tokens: 8, TPOT: time.Millisecond})
	c := newTestClient(t, Options{StreamClient: true, EventLoop: true})
	ctx := newEventDeadline()
	first := make(chan struct{}, 1)
	// The head comes in one segment, read and taken in the loop's turn
	// that first sees its bytes; the deadline's cancellation is seen a
	// turn later at the soonest.
	ctx.Context = httptrace.WithClientTrace(ctx.Context, &httptrace.ClientTrace{
		GotFirstResponseByte: func() { first <- struct{}{} },
	})
	go func() { <-first; ctx.expire() }()
	res := c.Do(ctx, Request{Protocol: gateway.Chat, Root: srv.Root(), Key: testKey, Model: "gpt-4o", Stream: true,
		Header: http.Header{mock.ScenarioHeader: {mock.TimeoutStream}}})
	if res.Code != "timeout-stream" || res.StatusCode != 200 {
		t.Fatalf("code %q (%v), status %d, want timeout-stream", res.Code, res.Err, res.StatusCode)
	}
}
