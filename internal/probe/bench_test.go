package probe

import (
	"context"
	"fmt"
	"sort"
	"sync"
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
