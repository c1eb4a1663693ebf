package probe

import (
	"context"
	"encoding/pem"
	"errors"
	"io"
	"log"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/testutil"
)

// serve runs a handler on loopback for one test.
func serve(t *testing.T, h http.HandlerFunc) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv
}

func reply(status int, contentType, body string, hdr ...string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		for i := 0; i+1 < len(hdr); i += 2 {
			w.Header().Set(hdr[i], hdr[i+1])
		}
		if contentType != "" {
			w.Header().Set("Content-Type", contentType)
		}
		w.WriteHeader(status)
		_, _ = w.Write([]byte(body))
	}
}

// TestClassifyHTTP covers the classifications that the fake gateway's
// scenarios do not: other gateways' shapes of the same failures.
func TestClassifyHTTP(t *testing.T) {
	tests := []struct {
		name   string
		h      http.HandlerFunc
		stream bool
		code   string
		errHas string
	}{
		{"401 echoing the key", reply(401, "application/json", `{"error":{"message":"Incorrect API key provided: `+testKey+`","type":"invalid_request_error","code":"invalid_api_key"}}`), false, "auth-invalid", "sk-t****0123"},
		{"403", reply(403, "application/json", `{"error":{"message":"key not\n allowed\u001b[2J"}}`), false, "auth-forbidden", "403 forbidden: key not allowed[2J"},
		{"404 html page", reply(404, "text/html", "<html><head><title>404 Not Found</title></head></html>"), false, "endpoint-not-found", `title "404 Not Found"`},
		{"404 naming the model", reply(404, "application/json", `{"error":{"message":"The model 'gpt-9' does not exist"}}`), false, "model-not-found", "does not exist"},
		{"503 new-api no channel", reply(503, "application/json", `{"error":{"message":"当前分组 default 下对于模型 gpt-9 无可用渠道","type":"new_api_error","code":"model_not_found"}}`), false, "model-no-channel", "无可用渠道"},
		{"400 other", reply(400, "application/json", `{"error":{"message":"max_tokens too large"}}`), false, string(catalog.HTTPError), "400 bad request: max_tokens too large"},
		{"429 retry-after date", reply(429, "", "", "Retry-After", time.Now().Add(90*time.Second).UTC().Format(http.TimeFormat)), false, "rate-limited", "retry after 1m"},
		{"502 html", reply(502, "text/html", "<!DOCTYPE html><title>Bad gateway</title>"), false, "server-error", "Bad gateway"},
		{"307", reply(307, "", "", "Location", "https://example.invalid/v1/chat/completions"), false, "http-redirect", "https://example.invalid"},
		{"200 html", reply(200, "text/html; charset=utf-8", "<!doctype html><title>Welcome</title>"), true, "http-html", "Welcome"},
		{"200 plain text", reply(200, "text/plain", "OK\x1b[31m"), false, "http-html", `"OK[31m"`},
		{"200 anthropic error", reply(200, "application/json", `{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}`), false, "upstream-overloaded", "overloaded_error: Overloaded"},
		{"200 string error", reply(200, "application/json", `{"error":"quota exhausted"}`), true, "quota-exhausted", "quota exhausted"},
		{"200 other error", reply(200, "application/json", `{"error":{"message":"upstream error: bad response"}}`), true, "error-in-200", "upstream error"},
		{"sse without content type", reply(200, "", "data: {\"choices\":[{\"delta\":{\"content\":\"hi\"}}]}\n\n"), true, "stream-unterminated", "without data: [DONE]"},
		{"empty stream", reply(200, "text/event-stream", ""), true, "stream-unterminated", "before its first event"},
		{"stream of text", reply(200, "text/event-stream", "hello\nworld\n"), true, "stream-not-sse", `"hello`},
	}
	c := newTestClient(t, Options{})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := serve(t, tt.h)
			res := c.Do(context.Background(), Request{Protocol: gateway.Chat, Root: srv.URL, Key: testKey, Model: "gpt-9", Stream: tt.stream})
			checkCode(t, res, tt.code)
			if !strings.Contains(res.Err.Error(), tt.errHas) {
				t.Errorf("err %q lacks %q", res.Err, tt.errHas)
			}
			if strings.ContainsRune(res.Err.Error(), '\x1b') {
				t.Errorf("err carries a terminal escape: %q", res.Err)
			}
		})
	}
}

func TestTLS(t *testing.T) {
	srv := httptest.NewUnstartedServer(reply(200, "application/json", `{"model":"m","choices":[{"message":{"content":"hi"}}],"usage":{"prompt_tokens":1,"completion_tokens":1}}`))
	srv.Config.ErrorLog = log.New(io.Discard, "", 0) // the rejected handshake is expected
	srv.StartTLS()
	t.Cleanup(srv.Close)
	req := Request{Protocol: gateway.Chat, Root: srv.URL, Key: testKey, Model: "m"}

	res := newTestClient(t, Options{}).Do(context.Background(), req)
	checkCode(t, res, "tls-untrusted")
	if res.TLSIssuer == "" {
		t.Errorf("issuer not captured: %v", res.Err)
	}

	// The same server trusted through --ca-file.
	caFile := filepath.Join(testutil.TempDir(t), "ca.pem")
	pemBytes := pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: srv.Certificate().Raw})
	if err := os.WriteFile(caFile, pemBytes, 0o600); err != nil {
		t.Fatal(err)
	}
	res = newTestClient(t, Options{CAFile: caFile}).Do(context.Background(), req)
	checkCode(t, res, "")
	if res.Timings.TLS <= 0 {
		t.Errorf("no TLS timing: %+v", res.Timings)
	}

	if _, err := NewClient(Options{CAFile: filepath.Join(testutil.TempDir(t), "missing.pem")}); err == nil {
		t.Error("a missing CA file was accepted")
	}

	// https:// to a plain-http port.
	plain := serve(t, reply(200, "application/json", "{}"))
	req.Root = strings.Replace(plain.URL, "http://", "https://", 1)
	res = newTestClient(t, Options{}).Do(context.Background(), req)
	checkCode(t, res, "tls-failed")
}

func TestConnectRefused(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	res := newTestClient(t, Options{}).Do(context.Background(), Request{Protocol: gateway.Chat, Root: "http://" + addr, Key: testKey, Model: "m"})
	checkCode(t, res, "connect-refused")
}

// TestClassifyTransportErrors feeds errors that loopback cannot produce
// (a failed DNS lookup, a dial timeout) to the classifier directly.
func TestClassifyTransportErrors(t *testing.T) {
	wrap := func(err error) error {
		return &url.Error{Op: "Post", URL: "https://gw.example/v1/chat/completions", Err: err}
	}
	dialTimeout := &net.OpError{Op: "dial", Net: "tcp", Err: timeoutErr{}}
	for _, tt := range []struct {
		err     error
		gotConn bool
		code    string
	}{
		{wrap(&net.DNSError{Err: "no such host", Name: "gw.example", IsNotFound: true}), false, "dns-failed"},
		{wrap(dialTimeout), false, "connect-timeout"},
		{wrap(timeoutErr{}), true, "timeout-headers"},
		{wrap(errors.New("net/http: timeout awaiting response headers")), true, "timeout-headers"},
		{wrap(errors.New("EOF")), true, "server-error"},
		{wrap(context.Canceled), true, string(catalog.HTTPError)},
	} {
		res := &Result{URL: "https://gw.example/v1/chat/completions"}
		tr := &tracer{gotConn: tt.gotConn}
		classifyTransport(res, tt.err, tr, context.Background())
		if string(res.Code) != tt.code {
			t.Errorf("%v: code %q (%v), want %q", tt.err, res.Code, res.Err, tt.code)
		}
	}
}

type timeoutErr struct{}

func (timeoutErr) Error() string   { return "i/o timeout" }
func (timeoutErr) Timeout() bool   { return true }
func (timeoutErr) Temporary() bool { return true }

func TestProxyFunc(t *testing.T) {
	env := map[string]string{"HTTPS_PROXY": "http://user:pw@127.0.0.1:7890", "NO_PROXY": "internal.example"}
	c := newTestClient(t, Options{Getenv: func(k string) string { return env[k] }})
	for _, tt := range []struct{ url, proxy string }{
		{"https://taotoken.net/api/v1/models", "http://127.0.0.1:7890"},
		{"https://internal.example/v1/models", ""},
		{"http://127.0.0.1:15721/v1/models", ""}, // Go never proxies loopback
		{"http://plain.example/v1/models", ""},   // no HTTP_PROXY set
	} {
		u, _ := url.Parse(tt.url)
		if got := c.ProxyFor(u); got != tt.proxy {
			t.Errorf("ProxyFor(%s) = %q, want %q", tt.url, got, tt.proxy)
		}
	}
	if got := newTestClient(t, Options{}).ProxyFor(&url.URL{Scheme: "https", Host: "x.example"}); got != "" {
		t.Errorf("no Getenv: proxy %q", got)
	}
}

func TestBurst(t *testing.T) {
	ms := time.Millisecond
	steady := []Delta{{At: 80 * ms}, {At: 90 * ms}, {At: 100 * ms}, {At: 110 * ms}, {At: 120 * ms}}
	burst := []Delta{{At: 900 * ms}, {At: 900 * ms}, {At: 901 * ms}, {At: 901 * ms}, {At: 902 * ms}}
	short := burst[:3]
	if DetectBurst(steady).Buffered || !DetectBurst(burst).Buffered || DetectBurst(short).Buffered || DetectBurst(nil).Buffered {
		t.Error("burst detection wrong")
	}
	s := &Stream{Deltas: steady, Usage: &Usage{OutputTokens: 5, FromServer: true}}
	if got := s.TPOT(); got != 10*ms {
		t.Errorf("TPOT %v", got)
	}
	if g := s.Gaps(); len(g) != 4 || g[0] != 10*ms {
		t.Errorf("gaps %v", g)
	}
}

// endless writes n bytes of a JSON string's inside, without holding them.
func endless(w io.Writer, n int) {
	chunk := []byte(strings.Repeat("x", 64<<10))
	for n > 0 {
		k := min(n, len(chunk))
		if _, err := w.Write(chunk[:k]); err != nil {
			return // the client stopped reading: the point
		}
		n -= k
	}
}

// A 100 MB JSON answer and a 10 MB event-stream line are too large, not
// web pages: the report names the cap and where reading stopped.
func TestResponseTooLarge(t *testing.T) {
	body := serve(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Content-Length", strconv.Itoa(100<<20+2))
		io.WriteString(w, `"`)
		endless(w, 100<<20)
		io.WriteString(w, `"`)
	})
	line := serve(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		io.WriteString(w, `data: {"choices":[{"delta":{"content":"`)
		endless(w, 10<<20)
		io.WriteString(w, "\"}}]}\n\n")
	})
	c := newTestClient(t, Options{})
	res := c.Do(context.Background(), Request{Protocol: gateway.Chat, Root: body.URL, Key: testKey, Model: "m"})
	checkCode(t, res, "response-too-large")
	if !strings.Contains(res.Err.Error(), "1 MiB keydoctor reads: it stopped after 1048577 bytes; Content-Length says 100 MiB") {
		t.Errorf("err = %v", res.Err)
	}
	res = c.Do(context.Background(), Request{Protocol: gateway.Chat, Root: line.URL, Key: testKey, Model: "m", Stream: true})
	checkCode(t, res, "response-too-large")
	if !strings.Contains(res.Err.Error(), "event-stream line is longer than the 1 MiB") {
		t.Errorf("err = %v", res.Err)
	}
}

// Through a proxy only the proxy is dialled: a refusal names the proxy and
// the variable that set it, never the gateway's host as the one refusing.
func TestRefusedByTheProxy(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	dead := l.Addr().String()
	l.Close() // nothing listens there now
	for _, name := range []string{"HTTPS_PROXY", "https_proxy"} {
		env := map[string]string{name: "http://" + dead}
		c := newTestClient(t, Options{Getenv: func(k string) string { return env[k] }})
		res := c.Do(context.Background(), Request{Protocol: gateway.Chat, Root: "https://gateway.example/api", Key: "sk-test-0123456789abcdef0123", Model: "m"})
		if res.Code != catalog.ConnectRefused || res.Proxy != "http://"+dead || res.ProxyVar != name {
			t.Fatalf("%s: code %q, proxy %q (%s), err %v", name, res.Code, res.Proxy, res.ProxyVar, res.Err)
		}
		want := "nothing listens at the proxy http://" + dead + " ($" + name + ") (connection refused): the request never reached gateway.example"
		if res.Err == nil || res.Err.Error() != want {
			t.Errorf("%s: error %v, want %s", name, res.Err, want)
		}
	}
}
