package bench

import (
	"math"
	"testing"
	"time"
)

func TestTPOT(t *testing.T) {
	tests := []struct {
		first, last time.Duration
		tokens      int
		want        time.Duration
		ok          bool
	}{
		{80 * time.Millisecond, 170 * time.Millisecond, 10, 10 * time.Millisecond, true},
		{100 * time.Millisecond, 100 * time.Millisecond, 1, 0, false}, // one token: no interval
		{100 * time.Millisecond, 100 * time.Millisecond, 5, 0, false}, // all at once: nothing to divide
		{0, 50 * time.Millisecond, 0, 0, false},
		// server says 21 tokens over 4 deltas: the server's count wins
		{10 * time.Millisecond, 210 * time.Millisecond, 21, 10 * time.Millisecond, true},
	}
	for _, tt := range tests {
		got, ok := TPOT(tt.first, tt.last, tt.tokens)
		if got != tt.want || ok != tt.ok {
			t.Errorf("TPOT(%v, %v, %d) = %v, %v; want %v, %v", tt.first, tt.last, tt.tokens, got, ok, tt.want, tt.ok)
		}
	}
}

func TestLittle(t *testing.T) {
	tests := []struct {
		lambda float64
		w      time.Duration
		l      float64
		slots  int
	}{
		{10, 500 * time.Millisecond, 5, 5},
		{3, 1250 * time.Millisecond, 3.75, 4},
		{4, 250 * time.Millisecond, 1, 1},
		{0, time.Second, 0, 0},
		{100, 80 * time.Millisecond, 8, 8},
	}
	for _, tt := range tests {
		if got := little(tt.lambda, tt.w); math.Abs(got-tt.l) > 1e-9 {
			t.Errorf("Little(%v, %v) = %v, want %v", tt.lambda, tt.w, got, tt.l)
		}
		if got := SlotsFor(tt.lambda, tt.w); got != tt.slots {
			t.Errorf("SlotsFor(%v, %v) = %d, want %d", tt.lambda, tt.w, got, tt.slots)
		}
	}
}

func TestChunked(t *testing.T) {
	ms := time.Millisecond
	steady := []time.Duration{80 * ms, 90 * ms, 100 * ms, 110 * ms, 120 * ms, 130 * ms}
	oneBurst := []time.Duration{500 * ms, 500*ms + 10*time.Microsecond, 500*ms + 20*time.Microsecond, 500*ms + 30*time.Microsecond, 500*ms + 40*time.Microsecond}
	chunked := []time.Duration{100 * ms, 100 * ms, 100 * ms, 200 * ms, 200 * ms, 200 * ms, 300 * ms, 300 * ms, 300 * ms}
	tests := []struct {
		name string
		at   []time.Duration
		want bool
	}{
		{"steady", steady, false},
		{"one burst", oneBurst, true},
		{"chunked by a buffering proxy", chunked, true},
		{"too few deltas to tell", oneBurst[:3], false},
		{"empty", nil, false},
	}
	for _, tt := range tests {
		if got := isChunked(tt.at); got != tt.want {
			t.Errorf("%s: Chunked = %v, want %v", tt.name, got, tt.want)
		}
	}
}
