package h1stream

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/http/httptrace"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// needsReuse skips where idle connections are not reused (Supported).
func needsReuse(t *testing.T) {
	if !Supported {
		t.Skip("no idle check on this system: probe keeps net/http here")
	}
}

// counting is a Transport that counts its dials.
func counting() (*Transport, *atomic.Int32) {
	var dials atomic.Int32
	d := &net.Dialer{}
	return &Transport{MaxIdlePerHost: 4, Dial: func(ctx context.Context, n, a string) (net.Conn, error) {
		dials.Add(1)
		return d.DialContext(ctx, n, a)
	}}, &dials
}

// sse serves n events, flushed one by one, and checks the request.
func sse(t *testing.T, n int) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		if r.Header.Get("Authorization") != "Bearer "+fakeKey || string(b) != `{"stream":true}` || r.ContentLength != int64(len(b)) || r.URL.RequestURI() != "/v1/chat?x=1" {
			t.Errorf("request %s %v %q", r.URL, r.Header, b)
		}
		w.Header().Set("Content-Type", "text/event-stream")
		for i := range n {
			fmt.Fprintf(w, "data: %d\n\n", i)
			w.(http.Flusher).Flush()
		}
	}
}

type phases struct{ gotConn, reused, wrote, firstByte, connectDone bool }

func post(ctx context.Context, t *testing.T, tr *Transport, url string, ph *phases) (*http.Response, error) {
	t.Helper()
	if ph != nil {
		ctx = httptrace.WithClientTrace(ctx, &httptrace.ClientTrace{
			ConnectDone: func(_, _ string, err error) { ph.connectDone = err == nil },
			GotConn:     func(i httptrace.GotConnInfo) { ph.gotConn, ph.reused = true, i.Reused },
			WroteRequest: func(i httptrace.WroteRequestInfo) {
				ph.wrote = i.Err == nil && ph.gotConn && !ph.firstByte
			},
			GotFirstResponseByte: func() { ph.firstByte = ph.wrote },
		})
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url+"/v1/chat?x=1", strings.NewReader(`{"stream":true}`))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+fakeKey)
	req.Header.Set("User-Agent", "keydoctor")
	return tr.RoundTrip(req)
}

func readAll(t *testing.T, resp *http.Response) string {
	t.Helper()
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestStreamAndReuse(t *testing.T) {
	needsReuse(t)
	srv := httptest.NewServer(sse(t, 3))
	defer srv.Close()
	tr, dials := counting()
	defer tr.CloseIdleConnections()
	for i := range 3 {
		var ph phases
		resp, err := post(context.Background(), t, tr, srv.URL, &ph)
		if err != nil {
			t.Fatal(err)
		}
		if got := readAll(t, resp); resp.StatusCode != 200 || got != "data: 0\n\ndata: 1\n\ndata: 2\n\n" || resp.TransferEncoding[0] != "chunked" {
			t.Fatalf("request %d: %d %q", i, resp.StatusCode, got)
		}
		if !ph.gotConn || !ph.wrote || !ph.firstByte || ph.reused != (i > 0) || ph.connectDone != (i == 0) {
			t.Fatalf("request %d: phases %+v", i, ph)
		}
	}
	if n := dials.Load(); n != 1 {
		t.Fatalf("%d dials for 3 requests on one connection", n)
	}
}

// A server that closes the connection between two requests costs one
// redial, and the second request succeeds.
func TestServerClosesBetweenRequests(t *testing.T) {
	for _, how := range []string{"connection-close header", "closed while idle"} {
		t.Run(how, func(t *testing.T) {
			h := sse(t, 1)
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if how == "connection-close header" {
					w.Header().Set("Connection", "close")
				}
				h(w, r)
			}))
			defer srv.Close()
			tr, dials := counting()
			defer tr.CloseIdleConnections()
			for i := range 2 {
				var ph phases
				resp, err := post(context.Background(), t, tr, srv.URL, &ph)
				if err != nil {
					t.Fatalf("request %d: %v", i, err)
				}
				if got := readAll(t, resp); got != "data: 0\n\n" || ph.reused {
					t.Fatalf("request %d: %q, reused %v", i, got, ph.reused)
				}
				if how == "closed while idle" {
					srv.CloseClientConnections()
				}
			}
			if n := dials.Load(); n != 2 {
				t.Fatalf("%d dials, want 2", n)
			}
		})
	}
}

// rawServer answers every request on a connection with raw, then waits
// for the client to close.
func rawServer(t *testing.T, raw string) string {
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
				req, err := http.ReadRequest(br)
				if err != nil {
					return
				}
				io.Copy(io.Discard, req.Body)
				if raw != "" {
					io.WriteString(c, raw)
				}
				io.Copy(io.Discard, br) // until the client closes
			}()
		}
	}()
	return "http://" + ln.Addr().String()
}

func TestMalformedHeadsRefused(t *testing.T) {
	cases := map[string]error{
		"HTTP/1.1 200 OK\r\nX-Echo " + fakeKey + "\r\n\r\n":                           errHeaderLine,
		"HTTP/1.1 200 OK\r\n" + strings.Repeat("X-A: "+fakeKey+"\r\n", 4000) + "\r\n": ErrHeadTooLarge,
		"HTTP/1.1 200 OK\r\nX-A: " + strings.Repeat(fakeKey, 400) + "\r\n\r\n":        ErrLineTooLong,
		"<html>" + fakeKey + "</html>\r\n":                                            errStatusLine,
	}
	for raw, want := range cases {
		url := rawServer(t, raw)
		tr, _ := counting()
		_, err := post(context.Background(), t, tr, url, nil)
		if !errors.Is(err, want) {
			t.Fatalf("error %v, want %v", err, want)
		}
		if strings.Contains(err.Error(), fakeKey) {
			t.Fatalf("the error shows the gateway's bytes: %v", err)
		}
	}
}

func TestHeaderTimeout(t *testing.T) {
	url := rawServer(t, "") // reads the request, never answers
	tr, _ := counting()
	tr.ResponseHeaderTimeout = 20 * time.Millisecond
	_, err := post(context.Background(), t, tr, url, nil)
	var ne net.Error
	if !errors.As(err, &ne) || !ne.Timeout() || !strings.Contains(err.Error(), "timeout awaiting response headers") {
		t.Fatalf("error %v", err)
	}
}

// Canceling the context ends a read blocked mid-stream, with the
// context's error, and the connection is not reused.
func TestCancelMidStream(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, "data: 0\n\n")
		w.(http.Flusher).Flush()
		<-r.Context().Done()
	}))
	defer srv.Close()
	tr, dials := counting()
	ctx, cancel := context.WithCancel(context.Background())
	resp, err := post(ctx, t, tr, srv.URL, nil)
	if err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, 64)
	if n, err := resp.Body.Read(buf); err != nil || string(buf[:n]) != "data: 0\n\n" {
		t.Fatalf("%q %v", buf[:n], err)
	}
	cancel()
	if _, err := resp.Body.Read(buf); !errors.Is(err, context.Canceled) {
		t.Fatalf("after cancel: %v", err)
	}
	resp.Body.Close()
	if _, err := resp.Body.Read(buf); err != errBodyClosed {
		t.Fatalf("after close: %v", err)
	}
	if resp, err = post(context.Background(), t, tr, srv.URL, nil); err == nil {
		resp.Body.Close()
	}
	if n := dials.Load(); n != 2 {
		t.Fatalf("%d dials: a canceled stream's connection was reused", n)
	}
}

// A body closed before its end leaves the rest on the connection: it is
// closed, not reused.
func TestUnreadBodyNotReused(t *testing.T) {
	srv := httptest.NewServer(sse(t, 50))
	defer srv.Close()
	tr, dials := counting()
	defer tr.CloseIdleConnections()
	for range 2 {
		resp, err := post(context.Background(), t, tr, srv.URL, nil)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Read(make([]byte, 4))
		resp.Body.Close()
	}
	if n := dials.Load(); n != 2 {
		t.Fatalf("%d dials", n)
	}
}

func TestBadRequestRefused(t *testing.T) {
	tr, dials := counting()
	req, _ := http.NewRequest(http.MethodPost, "http://127.0.0.1:1/", nil)
	req.Header.Set("Authorization", "Bearer "+fakeKey+"\r\nX-Injected: 1")
	_, err := tr.RoundTrip(req)
	if err == nil || strings.Contains(err.Error(), fakeKey) || dials.Load() != 0 {
		t.Fatalf("error %v after %d dials", err, dials.Load())
	}
	req, _ = http.NewRequest(http.MethodGet, "https://127.0.0.1:1/", nil)
	if _, err := tr.RoundTrip(req); err != errScheme {
		t.Fatalf("https: %v", err)
	}
}

// An answer without a body (204, Content-Length: 0) is at its end
// already: closed unread, its connection is reused.
func TestEmptyBodyReused(t *testing.T) {
	needsReuse(t)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Query().Get("x") == "1" {
			w.WriteHeader(http.StatusNoContent)
			return
		}
		w.Header().Set("Content-Length", "0")
	}))
	defer srv.Close()
	tr, dials := counting()
	defer tr.CloseIdleConnections()
	for _, path := range []string{"/?x=1", "/?x=2", "/?x=1"} {
		req, _ := http.NewRequest(http.MethodGet, srv.URL+path, nil)
		resp, err := tr.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
	}
	if n := dials.Load(); n != 1 {
		t.Fatalf("%d dials", n)
	}
}

// TestUserAgentAsNetHTTP: the default agent when none is set, none at all
// when it is set empty (how a reverse proxy forwards a request that had
// no agent), and the set one otherwise, once.
func TestUserAgentAsNetHTTP(t *testing.T) {
	got := make(chan []string, 1)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got <- r.Header.Values("User-Agent")
	}))
	defer srv.Close()
	tr, _ := counting()
	defer tr.CloseIdleConnections()
	for _, tc := range []struct {
		name string
		set  []string // nil: no User-Agent key
		want string
	}{
		{"unset", nil, "Go-http-client/1.1"},
		{"empty", []string{""}, ""},
		{"set", []string{"claude-cli/2.1.197"}, "claude-cli/2.1.197"},
	} {
		req, _ := http.NewRequest(http.MethodGet, srv.URL+"/v1/models", nil)
		if tc.set != nil {
			req.Header["User-Agent"] = tc.set
		}
		resp, err := tr.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		readAll(t, resp)
		v := <-got
		if (tc.want == "" && len(v) != 0) || (tc.want != "" && (len(v) != 1 || v[0] != tc.want)) {
			t.Errorf("%s: the server saw User-Agent %q, want %q", tc.name, v, tc.want)
		}
	}
}

func TestCarries(t *testing.T) {
	for _, tc := range []struct {
		url    string
		header http.Header
		want   bool
	}{
		{"http://127.0.0.1:4000/v1/chat/completions", nil, true},
		{"https://gateway.example/v1/chat/completions", nil, false},
		{"http://127.0.0.1:4000/v1/responses", http.Header{"Connection": {"Upgrade"}, "Upgrade": {"websocket"}}, false},
		{"http://127.0.0.1:4000/v1/chat/completions", http.Header{"Te": {"trailers"}}, false},
	} {
		req, _ := http.NewRequest(http.MethodPost, tc.url, nil)
		for k, v := range tc.header {
			req.Header[k] = v
		}
		if got := Carries(req); got != tc.want {
			t.Errorf("Carries(%s %v) = %v, want %v", tc.url, tc.header, got, tc.want)
		}
	}
}
