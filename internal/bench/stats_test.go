package bench

import (
	"math"
	"testing"
	"time"
)

func TestPercentileExact(t *testing.T) {
	ten := []float64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}
	hundred := make([]float64, 100)
	for i := range hundred {
		hundred[i] = float64(i + 1)
	}
	tests := []struct {
		name   string
		sorted []float64
		p      float64
		want   float64
	}{
		{"one sample", []float64{42}, 50, 42},
		{"one sample p99", []float64{42}, 99, 42},
		{"p50 of even count is the lower middle", []float64{1, 2, 3, 4}, 50, 2},
		{"p50 of odd count is the middle", []float64{1, 2, 3}, 50, 2},
		{"p90 of ten", ten, 90, 9},
		{"p99 of ten is the max", ten, 99, 10},
		{"p50 of ten", ten, 50, 5},
		{"p100", ten, 100, 10},
		{"p0 is the min", ten, 0, 1},
		{"p50 of hundred", hundred, 50, 50},
		{"p90 of hundred", hundred, 90, 90},
		{"p99 of hundred", hundred, 99, 99},
		{"p99 of 101 needs the max", append(append([]float64{}, hundred...), 1000), 99, 100},
		// relay's cases (its TTFT medians use this Percentile)
		{"p50 of five", []float64{1, 2, 3, 4, 5}, 50, 3},
		{"p90 of five", []float64{1, 2, 3, 4, 5}, 90, 5},
		{"p99 of five", []float64{1, 2, 3, 4, 5}, 99, 5},
		{"p0 of five", []float64{1, 2, 3, 4, 5}, 0, 1},
		{"p20 of five", []float64{1, 2, 3, 4, 5}, 20, 1},
		{"p21 of five", []float64{1, 2, 3, 4, 5}, 21, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Percentile(tt.sorted, tt.p); got != tt.want {
				t.Errorf("Percentile(%v, %v) = %v, want %v", tt.sorted, tt.p, got, tt.want)
			}
		})
	}
	if !math.IsNaN(Percentile(nil, 50)) {
		t.Error("percentile of nothing must be NaN")
	}
}

func TestSummarize(t *testing.T) {
	in := []float64{30, 10, math.NaN(), 20, 40, 100}
	orig := append([]float64(nil), in...)
	got := Summarize(in)
	want := Summary{N: 5, P50: 30, P90: 100, P99: 100, Mean: 40, Max: 100}
	if got != want {
		t.Fatalf("Summarize = %+v, want %+v", got, want)
	}
	for i := range in { // the caller's slice is not sorted in place
		if in[i] != orig[i] && !(math.IsNaN(in[i]) && math.IsNaN(orig[i])) {
			t.Fatalf("Summarize changed its input: %v", in)
		}
	}
	if (Summarize(nil) != Summary{}) {
		t.Error("empty input must give the zero Summary")
	}
}

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
		if got := Little(tt.lambda, tt.w); math.Abs(got-tt.l) > 1e-9 {
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
		if got := Chunked(tt.at); got != tt.want {
			t.Errorf("%s: Chunked = %v, want %v", tt.name, got, tt.want)
		}
	}
}
