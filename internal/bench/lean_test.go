package bench

import (
	"context"
	"runtime"
	"sync/atomic"
	"testing"
)

// TestLeanClientProcs: a lean closed loop of up to LeanStreams streams
// runs on one P, warmup included; larger, open-loop and ordinary plans
// keep every P; GOMAXPROCS is restored after the level.
func TestLeanClientProcs(t *testing.T) {
	if runtime.GOMAXPROCS(0) < 2 {
		t.Skip("needs GOMAXPROCS ≥ 2 to tell one P from several")
	}
	before := runtime.GOMAXPROCS(0)
	cases := []struct {
		name string
		plan Plan
		one  bool
	}{
		{"lean at 16", Plan{Concurrency: 16, Requests: 32, Warmup: WarmupPerSlot, LeanClient: true}, true},
		{"lean at LeanStreams", Plan{Concurrency: LeanStreams, Requests: LeanStreams, LeanClient: true}, true},
		{"lean above LeanStreams", Plan{Concurrency: LeanStreams + 1, Requests: LeanStreams + 1, LeanClient: true}, false},
		{"lean open loop", Plan{Concurrency: 4, Rate: 2000, Requests: 8, LeanClient: true}, false},
		{"not lean", Plan{Concurrency: 16, Requests: 32}, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var many, single atomic.Int64
			d := &fakeDoer{before: func(int64) {
				if runtime.GOMAXPROCS(0) == 1 {
					single.Add(1)
				} else {
					many.Add(1)
				}
			}}
			tc.plan.MaxErrors = 1
			Execute(context.Background(), d, tc.plan)
			if tc.one && (many.Load() != 0 || single.Load() == 0) {
				t.Errorf("%d requests ran with several Ps, %d with one: want all with one", many.Load(), single.Load())
			}
			if !tc.one && single.Load() != 0 {
				t.Errorf("%d requests ran with one P, want none", single.Load())
			}
			if got := runtime.GOMAXPROCS(0); got != before {
				t.Fatalf("GOMAXPROCS is %d after the level, was %d", got, before)
			}
		})
	}
}
