package mock

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// flushDiscard is a ResponseWriter that flushes into nothing: the
// handler's own cost, without a socket.
type flushDiscard struct {
	h     http.Header
	bytes int
}

func (w *flushDiscard) Header() http.Header         { return w.h }
func (w *flushDiscard) WriteHeader(int)             {}
func (w *flushDiscard) Write(p []byte) (int, error) { w.bytes += len(p); return len(p), nil }
func (w *flushDiscard) Flush()                      {}

// BenchmarkStreamEvent: the mock's cost per streamed chat event (encoding,
// scheduling, writing), one op per event of a 32-token answer. With
// tpot 0 no timer runs; with tpot 1µs every event waits on one, as it
// does in a measurement (the mock is the gateway there and shares the
// client's cores). allocs/op and B/op are per event.
//
//	go test ./internal/mock -run '^$' -bench StreamEvent -benchmem
func BenchmarkStreamEvent(b *testing.B) {
	const tokens = 32
	for _, tpot := range []time.Duration{0, time.Microsecond} {
		b.Run("tpot="+tpot.String(), func(b *testing.B) {
			h := NewHandler(Options{Key: testKey, Prefix: "/api", TTFT: tpot, TPOT: tpot, Tokens: tokens})
			body := `{"model":"gpt-4o","stream":true,"max_tokens":64,"messages":[{"role":"user","content":"hi"}]}`
			b.ReportAllocs()
			events := 0
			for events < b.N {
				r := httptest.NewRequest(http.MethodPost, "/api/v1/chat/completions", strings.NewReader(body))
				r.Header.Set("Authorization", "Bearer "+testKey)
				w := &flushDiscard{h: http.Header{}}
				h.ServeHTTP(w, r)
				if w.bytes == 0 {
					b.Fatal("nothing written")
				}
				events += tokens + 3 // role chunk, tokens, finish chunk, [DONE]
			}
		})
	}
}
