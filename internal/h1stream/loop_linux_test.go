package h1stream

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/http/httptrace"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/keydoctor/keydoctor/internal/rawconn"
	"github.com/keydoctor/keydoctor/internal/testutil"
)

// collect is a Sink that takes every event stream and keeps its body.
type collect struct {
	take     bool
	body     bytes.Buffer
	stamped  bool
	arrival  time.Time
	ended    bool
	err      error
	onBody   func()
	bodyCall int
}

func (c *collect) Head(resp *http.Response, _ time.Time) bool {
	return c.take && resp.StatusCode == 200
}

func (c *collect) Body(p []byte, arrival time.Time) bool {
	c.body.Write(p)
	if !arrival.IsZero() {
		c.stamped, c.arrival = true, arrival
	}
	if c.bodyCall++; c.onBody != nil {
		c.onBody()
	}
	return true
}

func (c *collect) End(err error) { c.ended, c.err = true, err }

// newLoop is a Loop whose dials are counted and stamped (rawconn).
func newLoop() (*Loop, *atomic.Int32) {
	var dials atomic.Int32
	d := &net.Dialer{}
	return &Loop{MaxIdlePerHost: 64, Dial: func(ctx context.Context, n, a string) (net.Conn, error) {
		dials.Add(1)
		c, err := d.DialContext(ctx, n, a)
		if err != nil {
			return nil, err
		}
		return rawconn.Wrap(c), nil
	}}, &dials
}

func loopPost(ctx context.Context, t *testing.T, l *Loop, url string, s Sink) (*http.Response, error) {
	t.Helper()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, strings.NewReader(`{"stream":true}`))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+fakeKey)
	return l.RoundTrip(req, s)
}

func events(n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "data: %d\n\n", i)
	}
	return b.String()
}

func TestLoopPushesStreamsOnOneConnection(t *testing.T) {
	srv := httptest.NewServer(sse(t, 5))
	defer srv.Close()
	l, dials := newLoop()
	defer l.CloseIdleConnections()
	for i := range 3 {
		s := &collect{take: true}
		resp, err := loopPost(context.Background(), t, l, srv.URL+"/v1/chat?x=1", s)
		if err != nil {
			t.Fatalf("request %d: %v", i, err)
		}
		if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "text/event-stream" || !s.ended || s.err != nil {
			t.Fatalf("request %d: %d %v ended %v err %v", i, resp.StatusCode, resp.Header, s.ended, s.err)
		}
		if got := s.body.String(); got != events(5) {
			t.Fatalf("request %d: body %q", i, got)
		}
		if n, _ := io.ReadAll(resp.Body); len(n) != 0 {
			t.Fatalf("a pushed response's body reads %q", n)
		}
	}
	if n := dials.Load(); n != 1 {
		t.Fatalf("%d dials for 3 requests in turn, want 1", n)
	}
}

func TestLoopBodyCarriesTheKernelsArrival(t *testing.T) {
	srv := httptest.NewServer(sse(t, 1))
	defer srv.Close()
	l, _ := newLoop()
	defer l.CloseIdleConnections()
	// The first answers may come unstamped (testutil.UntilKernelStamps).
	testutil.UntilKernelStamps(t, func() bool {
		s := &collect{take: true}
		before := time.Now()
		if _, err := loopPost(context.Background(), t, l, srv.URL+"/v1/chat?x=1", s); err != nil {
			t.Fatal(err)
		}
		if s.stamped && (s.arrival.Before(before) || s.arrival.After(time.Now())) {
			t.Fatalf("arrival %v outside the request's %v..now", s.arrival, before)
		}
		return s.stamped
	})
}

func TestLoopHandsOverWhatTheSinkDeclines(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusTooManyRequests)
		io.WriteString(w, `{"error":{"message":"slow down"}}`)
	}))
	defer srv.Close()
	l, dials := newLoop()
	defer l.CloseIdleConnections()
	for i := range 3 {
		s := &collect{take: true}
		resp, err := loopPost(context.Background(), t, l, srv.URL+"/v1/chat", s)
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(resp.Body)
		if err != nil || resp.StatusCode != 429 || string(b) != `{"error":{"message":"slow down"}}` || s.ended {
			t.Fatalf("request %d: %d %q %v (sink ended: %v)", i, resp.StatusCode, b, err, s.ended)
		}
		if a, ok := resp.Body.(interface{ Arrival() time.Time }); !ok || a.Arrival().IsZero() {
			t.Fatalf("request %d: the handed-over body keeps no arrival", i)
		}
		resp.Body.Close()
	}
	if n := dials.Load(); n != 1 {
		t.Fatalf("%d dials for 3 handed-over answers in turn, want 1: a body read whole gives its connection back", n)
	}
}

// A handed-over body left unread, or bytes past its end, close the
// connection: the next answer would not start clean.
func TestLoopHandOverLeftUnreadCloses(t *testing.T) {
	url := answerServer(t, func(c net.Conn) {
		io.WriteString(c, "HTTP/1.1 500 Internal Server Error\r\nContent-Length: 2\r\n\r\n{}junk")
	})
	l, dials := newLoop()
	defer l.CloseIdleConnections()
	for i := range 2 {
		resp, err := loopPost(context.Background(), t, l, url, &collect{take: true})
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if string(b) != "{}" {
			t.Fatalf("request %d: body %q", i, b)
		}
	}
	if n := dials.Load(); n != 2 {
		t.Fatalf("%d dials, want 2: bytes past a body must not be taken for the next answer", n)
	}
}

func TestLoopHeadTimeout(t *testing.T) {
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { <-release }))
	defer srv.Close()
	defer close(release)
	l, _ := newLoop()
	l.ResponseHeaderTimeout = 20 * time.Millisecond
	_, err := loopPost(context.Background(), t, l, srv.URL, &collect{take: true})
	if err == nil || !strings.Contains(err.Error(), "timeout awaiting response headers") {
		t.Fatalf("err %v, want the header timeout", err)
	}
}

func TestLoopCancelMidStream(t *testing.T) {
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		io.WriteString(w, "data: 0\n\n")
		w.(http.Flusher).Flush()
		<-release
	}))
	defer srv.Close()
	defer close(release)
	l, _ := newLoop()
	ctx, cancel := context.WithCancel(context.Background())
	s := &collect{take: true, onBody: cancel} // the first event in: cancel
	resp, err := loopPost(ctx, t, l, srv.URL, s)
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("%v %v", resp, err)
	}
	if !s.ended || s.err != context.Canceled || s.body.String() != "data: 0\n\n" {
		t.Fatalf("ended %v err %v body %q", s.ended, s.err, s.body.String())
	}
}

func TestLoopRedialsAClosedIdleConnection(t *testing.T) {
	srv := httptest.NewServer(sse(t, 2))
	defer srv.Close()
	l, dials := newLoop()
	for i := range 2 {
		s := &collect{take: true}
		if _, err := loopPost(context.Background(), t, l, srv.URL+"/v1/chat?x=1", s); err != nil || s.body.String() != events(2) {
			t.Fatalf("request %d: %v %q", i, err, s.body.String())
		}
		srv.CloseClientConnections() // the server drops the idle connection
	}
	if n := dials.Load(); n != 2 {
		t.Fatalf("%d dials, want 2", n)
	}
}

func TestLoopManyStreamsAtOnce(t *testing.T) {
	srv := httptest.NewServer(sse(t, 20))
	defer srv.Close()
	l, dials := newLoop()
	defer l.CloseIdleConnections()
	const streams, each = 48, 3
	var wg sync.WaitGroup
	errs := make(chan error, streams*each)
	for range streams {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range each {
				s := &collect{take: true}
				_, err := loopPost(context.Background(), t, l, srv.URL+"/v1/chat?x=1", s)
				if err == nil && (s.err != nil || s.body.String() != events(20)) {
					err = fmt.Errorf("err %v body %q", s.err, s.body.String())
				}
				if err != nil {
					errs <- err
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	if n := dials.Load(); n > streams {
		t.Fatalf("%d dials for %d streams", n, streams)
	}
}

// answerServer answers each request with the bytes answer writes, one
// write call per piece (the server's socket sends each at once), and
// keeps the connection open for the next.
func answerServer(t *testing.T, answer func(c net.Conn)) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go func() {
				defer c.Close()
				br := bufio.NewReader(c)
				for { // as long as the client sends requests
					req, err := http.ReadRequest(br)
					if err != nil {
						return
					}
					io.Copy(io.Discard, req.Body)
					answer(c)
				}
			}()
		}
	}()
	return "http://" + ln.Addr().String()
}

// A head and body trickled a byte a write, after a 100 Continue, are
// put together across the loop's reads.
func TestLoopTrickledAnswer(t *testing.T) {
	const answer = "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n" +
		"9\r\ndata: 0\n\n\r\n9\r\ndata: 1\n\n\r\n0\r\n\r\n"
	url := answerServer(t, func(c net.Conn) {
		for i := range len(answer) {
			if _, err := c.Write([]byte{answer[i]}); err != nil {
				return
			}
		}
	})
	l, _ := newLoop()
	s := &collect{take: true}
	resp, err := loopPost(context.Background(), t, l, url, s)
	if err != nil || resp.StatusCode != 200 || s.err != nil || s.body.String() != events(2) {
		t.Fatalf("%v %v: err %v body %q", resp, err, s.err, s.body.String())
	}
}

// The trace hears of the first byte once, when a 1xx head's came: not
// again for the final head, read alone after it.
func TestLoopFirstByteOnceAfter1xx(t *testing.T) {
	first := make(chan struct{}, 1)
	url := answerServer(t, func(c net.Conn) {
		io.WriteString(c, "HTTP/1.1 100 Continue\r\n\r\n")
		<-first // the loop read it, alone
		io.WriteString(c, "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nContent-Length: 9\r\n\r\ndata: 0\n\n")
	})
	l, _ := newLoop()
	calls := 0
	ctx := httptrace.WithClientTrace(context.Background(), &httptrace.ClientTrace{GotFirstResponseByte: func() {
		if calls++; calls == 1 {
			first <- struct{}{}
		}
	}})
	s := &collect{take: true}
	if _, err := loopPost(ctx, t, l, url, s); err != nil || s.body.String() != events(1) {
		t.Fatalf("%v %q", err, s.body.String())
	}
	if calls != 1 {
		t.Fatalf("GotFirstResponseByte called %d times, want once", calls)
	}
}

// A connection that ends inside a chunk is a body cut off.
func TestLoopCutOffChunk(t *testing.T) {
	url := answerServer(t, func(c net.Conn) {
		io.WriteString(c, "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n9\r\ndata:")
		c.Close()
	})
	l, _ := newLoop()
	s := &collect{take: true}
	if _, err := loopPost(context.Background(), t, l, url, s); err != nil {
		t.Fatal(err)
	}
	if !s.ended || s.err != io.ErrUnexpectedEOF || s.body.String() != "data:" {
		t.Fatalf("ended %v err %v body %q", s.ended, s.err, s.body.String())
	}
}

// A request larger than the socket's buffers is written in turns, as
// the socket drains (EPOLLOUT).
func TestLoopWritesALargeRequestInTurns(t *testing.T) {
	big := strings.Repeat("x", 8<<20)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n, _ := io.Copy(io.Discard, r.Body)
		w.Header().Set("Content-Type", "text/event-stream")
		fmt.Fprintf(w, "data: %d\n\n", n)
	}))
	defer srv.Close()
	l, _ := newLoop()
	req, _ := http.NewRequest(http.MethodPost, srv.URL, strings.NewReader(big))
	s := &collect{take: true}
	if _, err := l.RoundTrip(req, s); err != nil || s.err != nil || s.body.String() != fmt.Sprintf("data: %d\n\n", len(big)) {
		t.Fatalf("%v %v %q", err, s.err, s.body.String())
	}
}
