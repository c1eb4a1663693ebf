package probe

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/mock"
)

// BenchmarkTTFTError measures the client's own overhead: the TTFT it
// reports minus the TTFT the fake gateway injects, at concurrency 1 and
// 64, on each protocol. Reported metrics: median and p90 error in ms
// (target: median under 1 ms), allocations per request.
//
//	go test ./internal/probe -run '^$' -bench TTFTError -benchtime 20x
func BenchmarkTTFTError(b *testing.B) {
	const ttft = 50 * time.Millisecond
	srv := startMock(b, mock.Options{TTFT: ttft, TPOT: time.Millisecond, Tokens: 8})
	for _, conc := range []int{1, 64} {
		c := newTestClient(b, Options{MaxConnsPerHost: conc})
		for _, proto := range gateway.Protocols {
			b.Run(fmt.Sprintf("%s/c=%d", proto, conc), func(b *testing.B) {
				req := Request{Protocol: proto, Root: srv.Root(), Key: testKey, Model: "gpt-4o", Stream: true}
				// Warm the pool so connects are not part of TTFT.
				var wg sync.WaitGroup
				for range conc {
					wg.Add(1)
					go func() { defer wg.Done(); c.Do(context.Background(), req) }()
				}
				wg.Wait()
				var mu sync.Mutex
				var errs []float64
				b.ResetTimer()
				for b.Loop() {
					for range conc {
						wg.Add(1)
						go func() {
							defer wg.Done()
							res := c.Do(context.Background(), req)
							if !res.OK() {
								b.Errorf("%s: %v", res.Code, res.Err)
								return
							}
							mu.Lock()
							errs = append(errs, float64(res.Timings.FirstDelta-ttft)/float64(time.Millisecond))
							mu.Unlock()
						}()
					}
					wg.Wait()
				}
				b.StopTimer()
				sort.Float64s(errs)
				if len(errs) > 0 {
					b.ReportMetric(errs[len(errs)/2], "ms-median-err")
					b.ReportMetric(errs[len(errs)*9/10], "ms-p90-err")
				}
			})
		}
	}
}

// BenchmarkClientOverhead isolates the client's own cost on the receive
// path: an in-process server stamps the moment it writes the first
// content delta, and the metric is the client's TTFT stamp minus that
// moment (same clock), so the server's scheduling and the machine's load
// on it drop out. Streams are the recorded ones of testdata/streams.
func BenchmarkClientOverhead(b *testing.B) {
	markers := map[gateway.Protocol]string{gateway.Chat: `"content":"Hello"`, gateway.Messages: `"text_delta"`, gateway.Responses: `response.output_text.delta`}
	for _, conc := range []int{1, 64} {
		for _, proto := range gateway.Protocols {
			data, err := os.ReadFile(filepath.Join("testdata", "streams", string(proto)+"_ok.sse"))
			if err != nil {
				b.Fatal(err)
			}
			s := string(data)
			cut := strings.LastIndex(s[:strings.Index(s, markers[proto])], "\n\n") + 2
			prelude, rest := s[:cut], s[cut:]
			var sent sync.Map // X-Seq -> time the first delta was written
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				_, _ = io.Copy(io.Discard, r.Body)
				w.Header().Set("Content-Type", "text/event-stream")
				_, _ = io.WriteString(w, prelude)
				w.(http.Flusher).Flush()
				<-time.After(2 * time.Millisecond) // the client now waits in Read, as in real life
				sent.Store(r.Header.Get("X-Seq"), time.Now())
				_, _ = io.WriteString(w, rest)
				w.(http.Flusher).Flush()
			}))
			c := newTestClient(b, Options{MaxConnsPerHost: conc})
			b.Run(fmt.Sprintf("%s/c=%d", proto, conc), func(b *testing.B) {
				var seq atomic.Int64
				var mu sync.Mutex
				var errs []float64
				one := func(record bool) {
					id := strconv.FormatInt(seq.Add(1), 10)
					req := Request{Protocol: proto, Root: srv.URL, Key: testKey, Model: "m", Stream: true, Header: http.Header{"X-Seq": {id}}}
					res := c.Do(context.Background(), req)
					if !res.OK() {
						b.Errorf("%s: %v", res.Code, res.Err)
						return
					}
					at, _ := sent.Load(id)
					if record {
						mu.Lock()
						errs = append(errs, float64(res.Timings.Start.Add(res.Timings.FirstDelta).Sub(at.(time.Time)))/float64(time.Millisecond))
						mu.Unlock()
					}
				}
				var wg sync.WaitGroup
				batch := func(record bool) {
					for range conc {
						wg.Add(1)
						go func() { defer wg.Done(); one(record) }()
					}
					wg.Wait()
				}
				batch(false) // warm the pool
				b.ResetTimer()
				for b.Loop() {
					batch(true)
				}
				b.StopTimer()
				sort.Float64s(errs)
				if len(errs) > 0 {
					b.ReportMetric(errs[len(errs)/2], "ms-median-err")
					b.ReportMetric(errs[len(errs)*9/10], "ms-p90-err")
				}
			})
			srv.Close()
		}
	}
}
