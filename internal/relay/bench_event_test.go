package relay

import (
	"bufio"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// BenchmarkRelayEventLatency measures how long one SSE event takes from
// the gateway's write to the client's read, directly and through the
// relay, with 1 and 64 streams open at once. No timers are involved: the
// gateway writes an event when the client asks for it over a channel, so
// the relay's figure minus the direct one is what the relay adds per event
// (and so to TTFT).
//
//	go test -run XXX -bench RelayEventLatency ./internal/relay
func BenchmarkRelayEventLatency(b *testing.B) {
	var mu sync.Mutex
	ticks := map[string]chan struct{}{}
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body)
		mu.Lock()
		tick := ticks[r.Header.Get("X-Stream")]
		mu.Unlock()
		w.Header().Set("Content-Type", "text/event-stream")
		w.(http.Flusher).Flush()
		for i := 0; ; i++ {
			select {
			case _, ok := <-tick:
				if !ok {
					io.WriteString(w, "data: [DONE]\n\n")
					return
				}
			case <-r.Context().Done():
				return
			}
			io.WriteString(w, `data: {"model":"gpt-4o","choices":[{"index":0,"delta":{"content":"tok`+strconv.Itoa(i)+`"}}]}`+"\n\n")
			w.(http.Flusher).Flush()
		}
	}))
	defer up.Close()
	u, _ := url.Parse(up.URL)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	rl, err := Start(ctx, "127.0.0.1:0", Options{Upstream: u, OnRecord: func(Record) {}})
	if err != nil {
		b.Fatal(err)
	}
	defer rl.Close()
	for _, streams := range []int{1, 64} {
		for _, via := range []struct{ name, root string }{{"direct", up.URL}, {"relay", rl.Root}} {
			b.Run(via.name+"/streams"+strconv.Itoa(streams), func(b *testing.B) {
				client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 128, DisableCompression: true}}
				per := b.N/streams + 1
				lat := make([][]time.Duration, streams)
				var wg sync.WaitGroup
				start := make(chan struct{})
				for s := 0; s < streams; s++ {
					id := via.name + strconv.Itoa(streams) + "-" + strconv.Itoa(s)
					tick := make(chan struct{})
					mu.Lock()
					ticks[id] = tick
					mu.Unlock()
					req, _ := http.NewRequestWithContext(ctx, "POST", via.root+"/v1/chat/completions", strings.NewReader(`{"model":"gpt-4o","stream":true}`))
					req.Header.Set("X-Stream", id)
					res, err := client.Do(req)
					if err != nil {
						b.Fatal(err)
					}
					wg.Add(1)
					go func(s int) {
						defer wg.Done()
						defer res.Body.Close()
						br := bufio.NewReader(res.Body)
						<-start
						for i := 0; i < per; i++ {
							t0 := time.Now()
							tick <- struct{}{}
							if _, err := br.ReadString('\n'); err != nil {
								b.Error(err)
								return
							}
							lat[s] = append(lat[s], time.Since(t0))
							br.ReadString('\n')
						}
						close(tick)
						io.Copy(io.Discard, br)
					}(s)
				}
				b.ResetTimer()
				close(start)
				wg.Wait()
				b.StopTimer()
				var all []time.Duration
				for _, l := range lat {
					all = append(all, l...)
				}
				sort.Slice(all, func(i, j int) bool { return all[i] < all[j] })
				if n := len(all); n > 0 {
					b.ReportMetric(float64(all[n/2])/1e3, "event-p50-µs")
					b.ReportMetric(float64(all[n*99/100])/1e3, "event-p99-µs")
				}
			})
		}
	}
}
