package relay

import (
	"bufio"
	"context"
	"fmt"
	"github.com/keydoctor/keydoctor/internal/human"
	"net"
	"net/http"
	"net/url"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/keydoctor/keydoctor/internal/mock"
)

// BenchmarkRelayTTFT measures the TTFT a client sees against the fake
// gateway (TTFT 200 ms, then 3 tokens 400 ms apart: an answer of about a
// second, as a model's is, so that 256 streams are 256 requests/s and not
// a load the benchmark's own 2 cores cannot serve), directly and through
// the relay, at concurrency 1, 64 and 256, in b.N alternating pairs of
// phases of 4c (at least 20) requests, so that a change of the machine's
// load over time does not favour one path. The c workers of a phase start spread over one
// answer's time, as a benchmark's ramp spreads them, rather than in one
// herd whose first tokens all fall due in the same instant. It reports
// the relay's added TTFT p50 and its upstream dials after the warm-up:
//
//	go test -run XXX -bench RelayTTFT -benchtime 5x ./internal/relay
func BenchmarkRelayTTFT(b *testing.B) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	gw, err := mock.Start(ctx, "127.0.0.1:0", mock.Options{Key: testKey, TTFT: 200 * time.Millisecond, TPOT: 400 * time.Millisecond, Tokens: 3})
	if err != nil {
		b.Fatal(err)
	}
	defer gw.Close()
	for _, conc := range []int{1, 64, 256} {
		b.Run(fmt.Sprintf("c%d", conc), func(b *testing.B) {
			tr := DefaultTransport(time.Minute)
			var dials atomic.Int64
			dial := tr.DialContext
			tr.DialContext = func(ctx context.Context, network, addr string) (net.Conn, error) {
				dials.Add(1)
				return dial(ctx, network, addr)
			}
			up, _ := url.Parse(gw.Root())
			rl, err := Start(ctx, "127.0.0.1:0", Options{Upstream: up, Transport: tr, OnRecord: func(Record) {}})
			if err != nil {
				b.Fatal(err)
			}
			defer rl.Close()
			client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 4 * conc, DisableCompression: true}}
			defer client.CloseIdleConnections()
			n := max(4*conc, 20)
			phase(b, client, gw.Root(), conc, n) // warm-up: every connection open
			phase(b, client, rl.Root, conc, n)
			warm := dials.Load()
			var direct, relayed []time.Duration
			b.ResetTimer()
			for range b.N { // b.N pairs of phases
				direct = append(direct, phase(b, client, gw.Root(), conc, n)...)
				relayed = append(relayed, phase(b, client, rl.Root, conc, n)...)
			}
			b.StopTimer()
			d, r := p50(direct), p50(relayed)
			b.ReportMetric(human.Millis(d), "direct-ttft-p50-ms")
			b.ReportMetric(human.Millis(r), "relay-ttft-p50-ms")
			b.ReportMetric(human.Millis(r-d), "added-ttft-p50-ms")
			b.ReportMetric(float64(dials.Load()-warm), "redials")
		})
	}
}

// phase sends n requests from conc workers, started spread over one
// answer's time, and returns their TTFTs.
func phase(b *testing.B, client *http.Client, root string, conc, n int) []time.Duration {
	var (
		mu   sync.Mutex
		out  []time.Duration
		wg   sync.WaitGroup
		left atomic.Int64
	)
	left.Store(int64(n))
	const spread = time.Second
	for w := range conc {
		wg.Add(1)
		go func() {
			defer wg.Done()
			time.Sleep(spread * time.Duration(w) / time.Duration(conc))
			for left.Add(-1) >= 0 {
				d, err := oneTTFT(client, root)
				if err != nil {
					b.Error(err)
					return
				}
				mu.Lock()
				out = append(out, d)
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	return out
}

func p50(ds []time.Duration) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := append([]time.Duration(nil), ds...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	return s[(len(s)-1)/2]
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
