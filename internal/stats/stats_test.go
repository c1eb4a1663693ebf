package stats

import (
	"math"
	"testing"
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
