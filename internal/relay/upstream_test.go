package relay

import (
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/keydoctor/keydoctor/internal/h1stream"
)

// TestStreamTransportRoutes: only what h1stream carries unchanged goes
// through it.
func TestStreamTransportRoutes(t *testing.T) {
	if !h1stream.Supported {
		if _, split := StreamTransport(DefaultTransport(time.Minute)).(*streamTransport); split {
			t.Fatal("StreamTransport splits where h1stream is not supported")
		}
		t.Skip("h1stream is not used on this OS")
	}
	proxied := DefaultTransport(time.Minute)
	proxied.Proxy = func(*http.Request) (*url.URL, error) { return url.Parse("http://proxy.example:3128") }
	cases := []struct {
		name   string
		std    *http.Transport
		url    string
		header http.Header
		plain  bool
	}{
		{"plain http", DefaultTransport(time.Minute), "http://127.0.0.1:4000/v1/chat/completions", nil, true},
		{"https", DefaultTransport(time.Minute), "https://gateway.example/v1/chat/completions", nil, false},
		{"upgrade", DefaultTransport(time.Minute), "http://127.0.0.1:4000/v1/responses", http.Header{"Connection": {"Upgrade"}, "Upgrade": {"websocket"}}, false},
		{"trailers accepted", DefaultTransport(time.Minute), "http://127.0.0.1:4000/v1/chat/completions", http.Header{"Te": {"trailers"}}, false},
		{"through a proxy", proxied, "http://10.0.0.5:4000/v1/chat/completions", nil, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			st := StreamTransport(tc.std).(*streamTransport)
			req, _ := http.NewRequest("POST", tc.url, nil)
			for k, v := range tc.header {
				req.Header[k] = v
			}
			if got := st.plain(req); got != tc.plain {
				t.Errorf("plain = %v, want %v", got, tc.plain)
			}
		})
	}
}

// TestTrailersPassThrough: a client that accepts trailers gets the
// gateway's, which h1stream would drop (so the request goes to net/http).
func TestTrailersPassThrough(t *testing.T) {
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Trailer", "X-Usage")
		w.Header().Set("Content-Type", "text/event-stream")
		io.WriteString(w, "data: {\"choices\":[{\"delta\":{\"content\":\"ok\"}}]}\n\ndata: [DONE]\n\n")
		w.Header().Set("X-Usage", "7")
	}))
	defer up.Close()
	root := startRelay(t, up.URL, nil, newRecorder())
	c, ctx := client(t)
	req, _ := http.NewRequestWithContext(ctx, "POST", root+"/v1/chat/completions", strings.NewReader(`{"model":"m","stream":true}`))
	req.Header.Set("Te", "trailers")
	res, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, res.Body)
	res.Body.Close()
	if got := res.Trailer.Get("X-Usage"); got != "7" {
		t.Errorf("trailer X-Usage = %q, want 7", got)
	}
}
