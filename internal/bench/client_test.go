package bench

import (
	"encoding/json"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/keydoctor/keydoctor/internal/probe"
)

// burstAt is a stream whose deltas all arrive 100 µs apart, 200 ms after
// a start at t0: the shape of a buffered stream, and of a starved client.
func burstAt(t0 time.Time) Sample {
	r := streamed(200*time.Millisecond, 100*time.Microsecond, 10, 0)
	r.Timings.Start = t0
	return newSample(r, testKey)
}

func TestSaturatedClientBlamesNoBuffering(t *testing.T) {
	t0 := time.Unix(1000, 0)
	bursts := func() []Sample {
		var out []Sample
		for range 4 {
			s := burstAt(t0)
			s.Notes = []string{bufferedNote}
			out = append(out, s)
		}
		return out
	}
	ss := bursts()
	settle(ss, ClientLoad{SchedP90MS: 80, Saturated: true})
	l := Aggregate(1, ss, time.Second)
	if l.Bursty != 0 || l.Starved != 4 || l.Notes[bufferedNote] != 0 {
		t.Errorf("saturated: level bursty %d starved %d notes %v", l.Bursty, l.Starved, l.Notes)
	}
	ss = bursts()
	settle(ss, ClientLoad{SchedP90MS: 0.1})
	if l := Aggregate(1, ss, time.Second); l.Bursty != 4 || l.Starved != 0 || l.Notes[bufferedNote] != 4 {
		t.Errorf("a client keeping up still reports buffering: %+v", l)
	}
}

func TestClientLoad(t *testing.T) {
	buckets := []float64{0, 0.001, 0.01, 0.1, math.Inf(1)}
	start := clientClock{counts: []uint64{5, 5, 5, 5}, buckets: buckets, os: osWait{waited: time.Second, runs: 100, ok: true}}
	calm := clientClock{counts: []uint64{95, 5, 5, 5}, buckets: buckets, os: osWait{waited: time.Second + 50*time.Millisecond, runs: 200, ok: true}}
	l := calm.since(start)
	if l.SchedP90MS != 1 || l.OSWaitMS == nil || *l.OSWaitMS != 0.5 || l.Saturated {
		t.Errorf("calm %+v", l)
	}
	// a fifth of the goroutine waits between 10 and 100 ms: p90 is 100
	busy := clientClock{counts: []uint64{85, 5, 5, 25}, buckets: buckets}
	if l := busy.since(start); l.SchedP90MS != 100 || !l.Saturated || l.OSWaitMS != nil {
		t.Errorf("busy %+v", l)
	}
	// the kernel kept the threads waiting 20 ms per run: busy processes beside
	starvedOS := clientClock{counts: []uint64{95, 5, 5, 5}, buckets: buckets, os: osWait{waited: 3 * time.Second, runs: 200, ok: true}}
	if l := starvedOS.since(start); !l.Saturated || !strings.Contains(l.String(), "20.0 ms per run") {
		t.Errorf("starved by the OS %+v %s", l, l)
	}
	if got := readClientClock().since(readClientClock()); got.SchedP90MS < 0 {
		t.Errorf("real clocks %+v", got)
	}
}

func TestModelTTFTIsPerRequest(t *testing.T) {
	// headers at 10 and 90 ms, first deltas at 100 and 100 ms: the
	// per-request differences are 90 and 10 (p50 10); p50 minus p50 would
	// say 100 − 10 = 90
	mk := func(fb time.Duration) Sample {
		r := streamed(100*time.Millisecond, 10*time.Millisecond, 5, 0)
		r.Timings.FirstByte = fb
		return newSample(r, testKey)
	}
	l := Aggregate(1, []Sample{mk(10 * time.Millisecond), mk(90 * time.Millisecond)}, time.Second)
	if l.ModelTTFT.N != 2 || l.ModelTTFT.P50 != 10 || l.ModelTTFT.Max != 90 {
		t.Errorf("model TTFT %+v", l.ModelTTFT)
	}
}

func TestNonStreamingJSONOmitsUnmeasured(t *testing.T) {
	r := &probe.Result{StatusCode: 200, Usage: probe.Usage{InputTokens: 42, OutputTokens: 16, FromServer: true},
		Timings: probe.Timings{Start: time.Now(), FirstByte: 50 * time.Millisecond, End: 60 * time.Millisecond}}
	l := Aggregate(1, []Sample{newSample(r, testKey)}, time.Second)
	b, err := json.Marshal(l)
	if err != nil {
		t.Fatal(err)
	}
	for _, absent := range []string{"ttft_ms", "tpot_ms", "tpot_trusted", "bursty_streams", "model_ttft_ms"} {
		if strings.Contains(string(b), `"`+absent+`"`) {
			t.Errorf("non-streaming level carries %s: %s", absent, b)
		}
	}
	for _, present := range []string{`"e2e_ms"`, `"input_tokens":{"n":1,"p50":42`} {
		if !strings.Contains(string(b), present) {
			t.Errorf("level lacks %s: %s", present, b)
		}
	}
	l.Stream = true
	b, _ = json.Marshal(l)
	if !strings.Contains(string(b), `"tpot_trusted"`) || !strings.Contains(string(b), `"ttft_ms"`) {
		t.Errorf("a streamed level keeps its fields: %s", b)
	}
}
