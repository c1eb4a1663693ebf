package bench

import (
	"errors"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/keydoctor/keydoctor/internal/probe"
)

const testKey = "sk-test-0123456789abcdef0123"

// streamed builds a successful streaming result: ttft, then one delta per
// tpot, n deltas; serverTokens > 0 reports usage from the server.
func streamed(ttft, tpot time.Duration, n, serverTokens int) *probe.Result {
	r := &probe.Result{StatusCode: 200, Stream: &probe.Stream{Terminated: true}}
	for i := 0; i < n; i++ {
		r.Stream.Deltas = append(r.Stream.Deltas, probe.Delta{At: ttft + time.Duration(i)*tpot, Text: "x"})
	}
	last := ttft + time.Duration(n-1)*tpot
	r.Timings = probe.Timings{Start: time.Unix(1000, 0), Connect: time.Millisecond, FirstByte: 2 * time.Millisecond,
		FirstDelta: ttft, LastDelta: last, End: last + time.Millisecond}
	r.Usage = probe.Usage{OutputTokens: n}
	if serverTokens > 0 {
		r.Stream.Usage = &probe.Usage{OutputTokens: serverTokens, FromServer: true}
		r.Usage = *r.Stream.Usage
	}
	return r
}

func TestNewSample(t *testing.T) {
	ms := time.Millisecond
	s := newSample(streamed(80*ms, 10*ms, 10, 0), testKey)
	if ttft, ok := s.TTFT(); !ok || ttft != 80*ms {
		t.Errorf("TTFT = %v, %v", ttft, ok)
	}
	if !s.HasTPOT || s.TPOT != 10*ms || s.Tokens != 10 || s.FromServer {
		t.Errorf("deltas counted: TPOT %v tokens %d server %v", s.TPOT, s.Tokens, s.FromServer)
	}
	// 5 deltas carrying 9 tokens by the server's count over 40 ms: 5 ms/token
	s = newSample(streamed(80*ms, 10*ms, 5, 9), testKey)
	if s.TPOT != 5*ms || s.Tokens != 9 || !s.FromServer {
		t.Errorf("server counted: TPOT %v tokens %d server %v", s.TPOT, s.Tokens, s.FromServer)
	}
	f := newSample(&probe.Result{StatusCode: 401, Code: "auth-invalid", Err: errors.New("401 for key " + testKey)}, testKey)
	if f.OK() || f.Code != "auth-invalid" || f.Err == "" || strings.Contains(f.Err, testKey) {
		t.Errorf("failure sample = %+v", f)
	}
	u := newSample(&probe.Result{Err: errors.New("something odd")}, testKey)
	if string(u.Code) != unclassified {
		t.Errorf("a failure without a code must still be counted, got code %q", u.Code)
	}
}

func TestAggregate(t *testing.T) {
	ms := time.Millisecond
	var samples []Sample
	for i := 0; i < 8; i++ { // 8 ok: TTFT 80+i ms, 10 deltas at 10 ms
		samples = append(samples, newSample(streamed(time.Duration(80+i)*ms, 10*ms, 10, 0), testKey))
	}
	samples = append(samples, newSample(&probe.Result{StatusCode: 429, Code: "rate-limited", Err: errors.New("429"),
		Timings: probe.Timings{End: 5 * ms}}, testKey))
	w := newSample(streamed(500*ms, 10*ms, 10, 0), testKey)
	w.Warmup = true // excluded
	samples = append(samples, w)
	in := newSample(streamed(80*ms, 10*ms, 3, 0), testKey)
	in.Interrupted = true // not counted
	samples = append(samples, in)

	l := Aggregate(4, samples, 2*time.Second)
	if l.Requests != 9 || l.OK != 8 || l.Failed != 1 || l.Errors["rate-limited"] != 1 || l.Interrupted != 1 {
		t.Fatalf("counts: %+v", l)
	}
	if l.TTFT.P50 != 83 || l.TTFT.Max != 87 || l.TTFT.N != 8 {
		t.Errorf("TTFT = %+v", l.TTFT)
	}
	if l.TPOT.P50 != 10 || l.TPOT.N != 8 {
		t.Errorf("TPOT = %+v", l.TPOT)
	}
	if l.OutputTokens != 80 || l.TokensSource != "deltas" {
		t.Errorf("tokens %d from %q", l.OutputTokens, l.TokensSource)
	}
	if l.TokensPerS != 40 || l.TPM != 2400 || l.RPS != 4 {
		t.Errorf("rates: %v tokens/s, %v tpm, %v rps", l.TokensPerS, l.TPM, l.RPS)
	}
	// λ = 9 completions / 2 s; W = mean E2E over all 9 (8 × ~174.5 ms and 5 ms)
	var sum float64
	for i := 0; i < 8; i++ {
		sum += float64(80+i) + 90 + 1
	}
	wantL := 4.5 * (sum + 5) / 9 / 1000
	if math.Abs(l.ObservedConcurrency-wantL) > 1e-9 {
		t.Errorf("observed concurrency %v, want %v", l.ObservedConcurrency, wantL)
	}
	if l.Network.NewConns != 9 || l.Network.Connect.P50 != 1 || l.Network.FirstByte.P50 != 2 {
		t.Errorf("network = %+v (8 measured + 1 warmup connection)", l.Network)
	}
	if !l.TPOTTrusted || l.Bursty != 0 {
		t.Errorf("steady streams flagged bursty")
	}
	if l.ErrorRate() != 1.0/9 {
		t.Errorf("error rate %v", l.ErrorRate())
	}
}

func TestAggregateBurstyDistrustsTPOT(t *testing.T) {
	var samples []Sample
	for i := 0; i < 4; i++ {
		samples = append(samples, newSample(streamed(300*time.Millisecond, 10*time.Microsecond, 20, 0), testKey))
	}
	l := Aggregate(1, samples, time.Second)
	if l.Bursty != 4 || l.TPOTTrusted {
		t.Fatalf("bursty %d trusted %v", l.Bursty, l.TPOTTrusted)
	}
}

func TestAggregateCountsNotes(t *testing.T) {
	r := streamed(80*time.Millisecond, 10*time.Millisecond, 4, 0)
	r.Notes = []probe.Note{{Code: "usage-missing"}, {Code: "model-mismatch"}}
	samples := []Sample{newSample(r, testKey), newSample(r, testKey)}
	l := Aggregate(1, samples, time.Second)
	if l.Notes["usage-missing"] != 2 || l.Notes["model-mismatch"] != 2 || l.Failed != 0 {
		t.Fatalf("level %+v", l)
	}
}
