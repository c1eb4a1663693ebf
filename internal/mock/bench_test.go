package mock

import (
	"bufio"
	"context"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// BenchmarkScheduleError measures how far the first and later content
// deltas land from their deadlines (start+TTFT+i*TPOT), as a client on
// loopback sees them, at concurrency 1 and 64. It reports the median and
// p99 TTFT error and the median TPOT error in microseconds.
func BenchmarkScheduleError(b *testing.B) {
	const ttft, tpot, tokens = 20 * time.Millisecond, 2 * time.Millisecond, 8
	for _, conc := range []int{1, 64} {
		b.Run("c"+strconv.Itoa(conc), func(b *testing.B) {
			s := startTest(b, Options{TTFT: ttft, TPOT: tpot, Tokens: tokens})
			client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: conc}}
			var mu sync.Mutex
			var ttftErr, tpotErr []time.Duration
			for b.Loop() {
				var wg sync.WaitGroup
				for range conc {
					wg.Go(func() {
						first, last, n := streamTimes(b, client, s)
						mu.Lock()
						ttftErr = append(ttftErr, first-ttft)
						tpotErr = append(tpotErr, (last-first)/time.Duration(n-1)-tpot)
						mu.Unlock()
					})
				}
				wg.Wait()
			}
			slices.Sort(ttftErr)
			slices.Sort(tpotErr)
			b.ReportMetric(float64(ttftErr[len(ttftErr)/2].Microseconds()), "ttft-err-p50-µs")
			b.ReportMetric(float64(ttftErr[len(ttftErr)*99/100].Microseconds()), "ttft-err-p99-µs")
			b.ReportMetric(float64(tpotErr[len(tpotErr)/2].Microseconds()), "tpot-err-p50-µs")
		})
	}
}

// streamTimes sends one chat stream and returns when the first and last
// content deltas arrived, since the request started.
func streamTimes(b *testing.B, client *http.Client, s *Server) (first, last time.Duration, n int) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "POST", s.Root()+"/v1/chat/completions",
		strings.NewReader(`{"model":"gpt-4o","stream":true,"messages":[{"role":"user","content":"hi"}]}`))
	req.Header.Set("Authorization", "Bearer "+testKey)
	start := time.Now()
	resp, err := client.Do(req)
	if err != nil {
		b.Error(err)
		return
	}
	defer resp.Body.Close()
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		if strings.Contains(sc.Text(), `"content":"tok0"`) || strings.Contains(sc.Text(), `"content":" tok`) {
			at := time.Since(start)
			if n == 0 {
				first = at
			}
			last = at
			n++
		}
	}
	return first, last, n
}
