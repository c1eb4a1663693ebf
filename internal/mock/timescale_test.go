package mock

import (
	"testing"
	"time"
)

// TestTimeScale: a scaled gateway schedules every delay at the scale,
// floors and configured timings alike, and keeps what is not a delay
// (reasoning-first's token count).
func TestTimeScale(t *testing.T) {
	for _, tc := range []struct {
		scenario         string
		scale            float64
		ttft, tpot       time.Duration // configured
		wantTTFT, wantTP time.Duration
	}{
		{OK, 0, 80 * time.Millisecond, 10 * time.Millisecond, 80 * time.Millisecond, 10 * time.Millisecond},
		{OK, 1, 80 * time.Millisecond, 10 * time.Millisecond, 80 * time.Millisecond, 10 * time.Millisecond},
		{OK, 0.1, 80 * time.Millisecond, 10 * time.Millisecond, 8 * time.Millisecond, time.Millisecond},
		{LatencyHigh, 0.01, 0, 0, 10 * time.Millisecond, 600 * time.Microsecond},
		{SlowFirstToken, 0.01, 0, 5 * time.Millisecond, 100 * time.Millisecond, 50 * time.Microsecond},
		{ReasoningFirst, 0.5, 0, 10 * time.Millisecond, 0, 5 * time.Millisecond},
	} {
		o := Options{TimeScale: tc.scale}.withDefaults()
		tr := &turn{c: &call{scenario: tc.scenario}, ttft: tc.ttft, tpot: tc.tpot, n: 4}
		tr.shape(o)
		if tr.ttft != tc.wantTTFT || tr.tpot != tc.wantTP {
			t.Errorf("%s at scale %g: TTFT %v, TPOT %v; want %v, %v", tc.scenario, tc.scale, tr.ttft, tr.tpot, tc.wantTTFT, tc.wantTP)
		}
		if tc.scenario == ReasoningFirst && tr.reasoning != 100 { // a second at 10 ms a token, scaled or not
			t.Errorf("reasoning-first at scale %g: %d reasoning tokens, want 100", tc.scale, tr.reasoning)
		}
		if got := o.Scale(time.Second); got != time.Duration(float64(time.Second)*max(tc.scale, 0)) && tc.scale != 0 {
			t.Errorf("Scale(1s) at %g = %v", tc.scale, got)
		}
	}
}

// TestTimeScaleVar: a gateway whose Options leave TimeScale 0 takes
// KEYDOCTOR_MOCK_TIME_SCALE's; set options win, and a value that is no
// number in (0, 1] leaves the delays as configured.
func TestTimeScaleVar(t *testing.T) {
	for _, tc := range []struct {
		env       string
		opt, want float64
	}{
		{"0.25", 0, 0.25},
		{"0.25", 0.5, 0.5},
		{"", 0, 0},
		{"fast", 0, 0},
		{"-1", 0, 0},
		{"Inf", 0, 0},
		{"4", 0, 0},
		{"1", 0, 1},
	} {
		t.Setenv(TimeScaleVar, tc.env)
		o := NewHandler(Options{TimeScale: tc.opt, TTFT: 80 * time.Millisecond}).Options()
		if o.TimeScale != tc.want {
			t.Errorf("%s=%q, TimeScale %g: %g, want %g", TimeScaleVar, tc.env, tc.opt, o.TimeScale, tc.want)
		}
		if want := time.Duration(float64(80*time.Millisecond) * max(tc.want, 0)); tc.want > 0 && o.Scale(o.TTFT) != want {
			t.Errorf("%s=%q: TTFT scaled to %v, want %v", TimeScaleVar, tc.env, o.Scale(o.TTFT), want)
		}
	}
}
