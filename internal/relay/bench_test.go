package relay

import (
	"bufio"
	"context"
	"net/http"
	"net/url"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/keydoctor/keydoctor/internal/mock"
)

// BenchmarkRelayTTFT measures the TTFT a client sees against the fake
// gateway (TTFT 20 ms, 16 tokens 1 ms apart), directly and through the
// relay, at concurrency 1 and 64. The relay's added TTFT is the
// difference between the relay and direct figures:
//
//	go test -run XXX -bench RelayTTFT -benchtime 200x ./internal/relay
func BenchmarkRelayTTFT(b *testing.B) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	gw, err := mock.Start(ctx, "127.0.0.1:0", mock.Options{Key: testKey, TTFT: 20 * time.Millisecond, TPOT: time.Millisecond, Tokens: 16})
	if err != nil {
		b.Fatal(err)
	}
	defer gw.Close()
	up, _ := url.Parse(gw.Root())
	rl, err := Start(ctx, "127.0.0.1:0", Options{Upstream: up, OnRecord: func(Record) {}})
	if err != nil {
		b.Fatal(err)
	}
	defer rl.Close()
	for _, conc := range []int{1, 64} {
		for _, via := range []struct{ name, root string }{{"direct", gw.Root()}, {"relay", rl.Root}} {
			b.Run(via.name+"/c"+itoa(conc), func(b *testing.B) {
				benchTTFT(b, via.root, conc)
			})
		}
	}
}

func benchTTFT(b *testing.B, root string, conc int) {
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 128, DisableCompression: true}}
	var mu sync.Mutex
	var ttfts []time.Duration
	work := make(chan struct{}, b.N)
	for i := 0; i < b.N; i++ {
		work <- struct{}{}
	}
	close(work)
	b.ResetTimer()
	var wg sync.WaitGroup
	for w := 0; w < conc; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range work {
				d, err := oneTTFT(client, root)
				if err != nil {
					b.Error(err)
					return
				}
				mu.Lock()
				ttfts = append(ttfts, d)
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	b.StopTimer()
	sort.Slice(ttfts, func(i, j int) bool { return ttfts[i] < ttfts[j] })
	if n := len(ttfts); n > 0 {
		b.ReportMetric(float64(ttfts[n/2])/1e6, "ttft-p50-ms")
		b.ReportMetric(float64(ttfts[(n*99)/100])/1e6, "ttft-p99-ms")
	}
}

// oneTTFT sends one streaming chat request and returns the time to the
// first content delta.
func oneTTFT(client *http.Client, root string) (time.Duration, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "POST", root+"/v1/chat/completions",
		strings.NewReader(`{"model":"gpt-4o","stream":true,"messages":[{"role":"user","content":"hi"}]}`))
	req.Header.Set("Authorization", "Bearer "+testKey)
	req.Header.Set("Content-Type", "application/json")
	start := time.Now()
	res, err := client.Do(req)
	if err != nil {
		return 0, err
	}
	defer res.Body.Close()
	br := bufio.NewReader(res.Body)
	var ttft time.Duration
	for {
		line, err := br.ReadString('\n')
		if ttft == 0 && strings.Contains(line, `"content":"tok0"`) {
			ttft = time.Since(start)
		}
		if err != nil {
			break
		}
	}
	return ttft, nil
}

func itoa(n int) string {
	if n == 1 {
		return "1"
	}
	return "64"
}
