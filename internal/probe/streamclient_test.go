package probe

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"runtime/pprof"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/h1stream"
	"github.com/keydoctor/keydoctor/internal/mock"
)

// TestStreamClientLikeNetHTTP: through h1stream (Options.StreamClient)
// a stream yields what it yields through net/http: the same events and
// text, the same timing fields set in the same order, the connection
// reused; and it costs fewer goroutines while it streams.
func TestStreamClientLikeNetHTTP(t *testing.T) {
	if !h1stream.Supported {
		t.Skip("h1stream is Linux-only: StreamClient is net/http here")
	}
	srv := startMock(t, mock.Options{Prefix: "/api", Tokens: 8})
	req := Request{Protocol: gateway.Chat, Root: srv.Root(), Key: testKey, Auth: gateway.AuthBearer, Model: "gpt-4o", Stream: true, MaxTokens: 16}
	type seen struct {
		text       string
		deltas     int
		header     []string
		goroutines int // the client's, more than before the request, at its first delta
	}
	var got [2]seen
	for i, own := range []bool{false, true} {
		c := newTestClient(t, Options{StreamClient: own})
		for n := range 2 {
			before, during := clientGoroutines(), -1
			res := c.DoStream(context.Background(), req, func(Delta) {
				if during < 0 {
					during = clientGoroutines()
				}
			})
			tm := res.Timings
			if !res.OK() || res.Stream == nil || !res.Stream.Terminated {
				t.Fatalf("%s: %s %v", clientName(own), res.Code, res.Err)
			}
			if tm.ConnReused != (n == 1) || (n == 0 && tm.Connect <= 0) || tm.WroteRequest <= 0 || tm.FirstByte < tm.WroteRequest ||
				tm.FirstDelta < tm.FirstByte || tm.LastDelta < tm.FirstDelta || tm.End < tm.LastDelta {
				t.Fatalf("%s request %d: timings %+v", clientName(own), n, tm)
			}
			var names []string
			for k := range res.Header {
				if k != "Date" {
					names = append(names, k)
				}
			}
			slices.Sort(names)
			if n == 0 { // a new connection: net/http starts its loops for it
				got[i] = seen{res.Text, len(res.Stream.Deltas), names, during - before}
			} else if res.Text != got[i].text {
				t.Fatalf("%s: the second answer differs", clientName(own))
			}
		}
	}
	std, own := got[0], got[1]
	if own.text != std.text || own.deltas != std.deltas || !slices.Equal(own.header, std.header) {
		t.Fatalf("net/http saw %+v, h1stream %+v", std, own)
	}
	if own.goroutines != 0 || std.goroutines == 0 { // one goroutine per stream: the caller's
		t.Fatalf("goroutines added during a stream: %d with h1stream, %d with net/http", own.goroutines, std.goroutines)
	}
	t.Logf("client goroutines added beside the caller's during a stream: net/http %d, h1stream %d", std.goroutines, own.goroutines)
}

// clientGoroutines counts the goroutines, other than the caller's, that
// run a client's code: net/http's connection loops or h1stream's. Counting
// every goroutine would count the in-process mock's too, whose number
// varies from run to run (the server's background reads).
func clientGoroutines() int {
	var buf bytes.Buffer
	pprof.Lookup("goroutine").WriteTo(&buf, 2)
	n := 0
	for _, g := range strings.Split(buf.String(), "\n\n") {
		if strings.Contains(g, "[running]") {
			continue // the caller
		}
		if strings.Contains(g, "net/http.(*persistConn)") || strings.Contains(g, "internal/h1stream.") {
			n++
		}
	}
	return n
}

// A head h1stream refuses is classified like net/http's refusals, and
// the error shows none of the gateway's bytes (here, the key echoed).
func TestStreamClientRefusesBadHeads(t *testing.T) {
	if !h1stream.Supported {
		t.Skip("h1stream is Linux-only: StreamClient is net/http here")
	}
	cases := []struct {
		name, head string
		want       catalog.Code
	}{
		{"header line without a colon", "HTTP/1.1 200 OK\r\nX-Echo " + testKey + "\r\n\r\n", catalog.ServerError},
		{"head too large", "HTTP/1.1 200 OK\r\n" + strings.Repeat("X-Echo: "+testKey+"\r\n", 3000) + "\r\n", catalog.ResponseTooLarge},
		{"line too long", "HTTP/1.1 200 OK\r\nX-Echo: " + strings.Repeat(testKey, 400) + "\r\n\r\n", catalog.ResponseTooLarge},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			ln, err := net.Listen("tcp", "127.0.0.1:0")
			if err != nil {
				t.Fatal(err)
			}
			defer ln.Close()
			go func() {
				c, err := ln.Accept()
				if err != nil {
					return
				}
				defer c.Close()
				br := bufio.NewReader(c)
				if req, err := http.ReadRequest(br); err == nil {
					io.Copy(io.Discard, req.Body)
					io.WriteString(c, tc.head)
					io.Copy(io.Discard, br)
				}
			}()
			c := newTestClient(t, Options{StreamClient: true})
			res := c.Do(context.Background(), Request{Protocol: gateway.Chat, Root: "http://" + ln.Addr().String(), Key: testKey, Model: "m", Stream: true})
			if res.Code != tc.want || res.Err == nil || strings.Contains(res.Err.Error(), testKey) {
				t.Fatalf("code %s, err %v", res.Code, res.Err)
			}
		})
	}
}

// A plain http:// request that a proxy takes goes through net/http, to
// the proxy, as it does without StreamClient; one no proxy takes goes
// through h1stream.
func TestStreamClientLeavesProxiedToNetHTTP(t *testing.T) {
	var (
		mu      sync.Mutex // the handler's writes reach the test through a socket, which the race detector does not see
		proxied []string
	)
	proxy := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		proxied = append(proxied, r.URL.String()) // absolute: the request a proxy gets
		mu.Unlock()
		w.WriteHeader(http.StatusNoContent)
	}))
	defer proxy.Close()
	pu, _ := url.Parse(proxy.URL)
	var h1Dials int
	st := &splitTransport{
		std: &http.Transport{Proxy: http.ProxyURL(pu)},
		h1: &h1stream.Transport{Dial: func(ctx context.Context, n, a string) (net.Conn, error) {
			h1Dials++
			return (&net.Dialer{}).DialContext(ctx, n, a)
		}},
		proxy: func(u *url.URL) (*url.URL, error) {
			if u.Host == "gateway.example:8080" {
				return pu, nil
			}
			return nil, nil
		},
	}
	defer st.CloseIdleConnections()
	for _, target := range []string{"http://gateway.example:8080/v1/models", proxy.URL + "/direct"} {
		req, _ := http.NewRequest(http.MethodGet, target, nil)
		resp, err := st.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
	}
	mu.Lock()
	defer mu.Unlock()
	if !slices.Equal(proxied, []string{"http://gateway.example:8080/v1/models", "/direct"}) || h1Dials != 1 {
		t.Fatalf("the proxy saw %q; h1stream dialled %d times", proxied, h1Dials)
	}
}
