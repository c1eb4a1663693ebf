package relay

import (
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
)

// cannedUpstream answers every request with the same one-event stream,
// without a network: what is left is the relay's own work per request.
type cannedUpstream struct{}

const cannedStream = `data: {"id":"c1","object":"chat.completion.chunk","model":"gpt-4o","choices":[{"index":0,"delta":{"content":"tok0"}}]}` + "\n\n" +
	`data: {"id":"c1","object":"chat.completion.chunk","model":"gpt-4o","choices":[{"index":0,"delta":{},"finish_reason":"stop"}],"usage":{"prompt_tokens":12,"completion_tokens":1,"total_tokens":13}}` + "\n\ndata: [DONE]\n\n"

func (cannedUpstream) RoundTrip(r *http.Request) (*http.Response, error) {
	if r.Body != nil {
		io.Copy(io.Discard, r.Body)
		r.Body.Close()
	}
	h := http.Header{}
	h.Set("Content-Type", "text/event-stream")
	return &http.Response{StatusCode: 200, Status: "200 OK", Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1,
		Header: h, Body: io.NopCloser(strings.NewReader(cannedStream)), ContentLength: -1, Request: r}, nil
}

// BenchmarkRelayRequest is the relay's CPU per request apart from the
// sockets (a streamed chat request with a one-token answer): reading the
// request, forwarding it, copying and observing the answer, the record.
// At 256 requests landing at once, the median one waits for half of the
// others' share of this before the gateway sees it.
func BenchmarkRelayRequest(b *testing.B) {
	up, _ := url.Parse("http://gateway.test/api")
	rl := New(Options{Upstream: up, Transport: cannedUpstream{}, Expect: []string{"gpt-4o"}, OnRecord: func(Record) {}})
	body := `{"model":"gpt-4o","stream":true,"max_tokens":64,"messages":[{"role":"user","content":"Say hello."}]}`
	b.ReportAllocs()
	for b.Loop() {
		req := httptest.NewRequest(http.MethodPost, "http://127.0.0.1:8787/v1/chat/completions", strings.NewReader(body))
		req.Header.Set("Authorization", "Bearer "+testKey)
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("User-Agent", "keydoctor/1.0")
		w := httptest.NewRecorder()
		rl.ServeHTTP(w, req)
		if w.Code != 200 {
			b.Fatalf("status %d", w.Code)
		}
	}
}
