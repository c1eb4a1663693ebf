package bench

import (
	"encoding/json"
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
	return NewSample(r, testKey)
}

func TestLagAttribution(t *testing.T) {
	t0 := time.Unix(1000, 0)
	starvedThen := lagLog{starved: []span{{t0.Add(40 * time.Millisecond), t0.Add(199 * time.Millisecond)}}, longest: 159 * time.Millisecond}
	starvedBefore := lagLog{starved: []span{{t0.Add(10 * time.Millisecond), t0.Add(20 * time.Millisecond)}}, longest: 10 * time.Millisecond}
	tests := []struct {
		name            string
		log             lagLog
		bursty, starved bool
	}{
		{"no lag: the burst is the network's", lagLog{}, true, false},
		{"the client was starved just before the burst", starvedThen, false, true},
		{"a starvation long over does not explain it", starvedBefore, true, false},
		{"a stall shorter than most of the silence does not explain one burst", lagLog{starved: []span{{t0.Add(100 * time.Millisecond), t0.Add(199 * time.Millisecond)}}, longest: 99 * time.Millisecond}, true, false},
	}
	for _, tt := range tests {
		s := burstAt(t0)
		if !s.Bursty {
			t.Fatal("the fixture must look bursty")
		}
		tt.log.attribute(&s)
		if s.Bursty != tt.bursty || s.Starved != tt.starved {
			t.Errorf("%s: bursty %v starved %v, want %v %v", tt.name, s.Bursty, s.Starved, tt.bursty, tt.starved)
		}
	}
	steady := NewSample(streamed(80*time.Millisecond, 10*time.Millisecond, 10, 0), testKey)
	starvedThen.attribute(&steady)
	if steady.Bursty || steady.Starved {
		t.Error("a steady stream is neither bursty nor starved")
	}
}

func TestSaturatedClientBlamesNoBuffering(t *testing.T) {
	t0 := time.Unix(1000, 0)
	bursts := func() []Sample {
		var out []Sample
		for range 4 {
			out = append(out, burstAt(t0))
		}
		return out
	}
	// lag p90 above the limit, but no starvation interval near the bursts
	var busy lagLog
	for i := range 10 {
		due := t0.Add(time.Duration(i) * time.Second)
		busy.record(due, due.Add(30*time.Millisecond))
	}
	ss := bursts()
	lag, saturated := busy.settle(ss)
	l := Aggregate(1, ss, time.Second)
	if !saturated || lag.P90 != 30 || l.Bursty != 0 || l.Starved != 4 || l.Notes[bufferedNote] != 0 {
		t.Errorf("saturated %v, lag %+v, level bursty %d starved %d notes %v", saturated, lag, l.Bursty, l.Starved, l.Notes)
	}
	var calm lagLog
	calm.record(t0, t0.Add(100*time.Microsecond))
	ss = bursts()
	if _, saturated := calm.settle(ss); saturated || !ss[0].Bursty {
		t.Errorf("a client keeping up still reports buffering: saturated %v, %+v", saturated, ss[0])
	}
}

func TestLagLogRecords(t *testing.T) {
	var g lagLog
	t0 := time.Unix(1000, 0)
	g.record(t0, t0.Add(100*time.Microsecond)) // on time
	g.record(t0.Add(5*time.Millisecond), t0.Add(25*time.Millisecond))
	g.record(t0.Add(30*time.Millisecond), t0.Add(32*time.Millisecond))
	if len(g.lags) != 3 || len(g.starved) != 2 || g.longest != 20*time.Millisecond {
		t.Fatalf("log %+v", g)
	}
	if s := g.summary(); s.P50 != 2 || s.Max != 20 {
		t.Errorf("summary %+v", s)
	}
	for _, c := range []struct {
		at   time.Duration
		want bool
	}{{4 * time.Millisecond, false}, {10 * time.Millisecond, true}, {40 * time.Millisecond, true}, {60 * time.Millisecond, false}} {
		if got := g.explains(t0.Add(c.at), time.Millisecond); got != c.want {
			t.Errorf("explains(+%v) = %v", c.at, got)
		}
	}
	if !g.explains(t0.Add(31*time.Millisecond), 20*time.Millisecond) || g.explains(t0.Add(31*time.Millisecond), 25*time.Millisecond) {
		t.Error("only a delay at least minLen long explains a burst")
	}
	m := startLag() // starts and stops cleanly
	m.finish()
}

func TestModelTTFTIsPerRequest(t *testing.T) {
	// headers at 10 and 90 ms, first deltas at 100 and 100 ms: the
	// per-request differences are 90 and 10 (p50 10); p50 minus p50 would
	// say 100 − 10 = 90
	mk := func(fb time.Duration) Sample {
		r := streamed(100*time.Millisecond, 10*time.Millisecond, 5, 0)
		r.Timings.FirstByte = fb
		return NewSample(r, testKey)
	}
	l := Aggregate(1, []Sample{mk(10 * time.Millisecond), mk(90 * time.Millisecond)}, time.Second)
	if l.ModelTTFT.N != 2 || l.ModelTTFT.P50 != 10 || l.ModelTTFT.Max != 90 {
		t.Errorf("model TTFT %+v", l.ModelTTFT)
	}
}

func TestNonStreamingJSONOmitsUnmeasured(t *testing.T) {
	r := &probe.Result{StatusCode: 200, Usage: probe.Usage{InputTokens: 42, OutputTokens: 16, FromServer: true},
		Timings: probe.Timings{Start: time.Now(), FirstByte: 50 * time.Millisecond, End: 60 * time.Millisecond}}
	l := Aggregate(1, []Sample{NewSample(r, testKey)}, time.Second)
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
