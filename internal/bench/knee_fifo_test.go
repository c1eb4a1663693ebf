package bench

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/mock"
	"github.com/keydoctor/keydoctor/internal/probe"
)

// TestKneeOfFIFOGateway sweeps a gateway that serves L requests at once
// and queues the rest first in, first out (the fake gateway's
// MaxConcurrent: a Go channel serves blocked senders in order). At 1.5 L
// a third of the requests wait a whole answer, so the TTFT p50 hardly
// moves: the wall is still at L. A level can be disturbed by a stall of
// this shared machine (hundreds of ms), so a sweep that misses is run
// again, up to three times; the p50 rule this replaces misses every time.
func TestKneeOfFIFOGateway(t *testing.T) {
	if testing.Short() {
		t.Skip("sweeps a real gateway")
	}
	for _, limit := range []int{2, 4, 6, 8} {
		t.Run(fmt.Sprintf("L=%d", limit), func(t *testing.T) {
			t.Parallel()
			srv, err := mock.Start(context.Background(), "127.0.0.1:0", mock.Options{Key: testKey,
				MaxConcurrent: limit, TTFT: 50 * time.Millisecond, TPOT: 5 * time.Millisecond, Tokens: 16})
			if err != nil {
				t.Fatal(err)
			}
			defer srv.Close()
			var miss string
			for try := 1; try <= 3; try++ {
				knee, levels := fifoSweep(t, srv.Root(), limit)
				// Little's law recovers the limit from throughput and
				// latency: a ratio of two measurements, loose enough for a
				// busy machine
				if c := knee.Capacity; knee.Concurrency == limit && c > 0.6*float64(limit) && c < 1.4*float64(limit) {
					return
				}
				miss = fmt.Sprintf("knee at %d, capacity %.2f (%s: %s), want %d", knee.Concurrency, knee.Capacity, knee.Signal, knee.Reason, limit)
				t.Logf("try %d: %s", try, miss)
				for _, l := range levels {
					t.Logf("  c=%d TTFT p50 %.1f p90 %.1f mean %.1f, %.1f tokens/s", l.Concurrency, l.TTFT.P50, l.TTFT.P90, l.TTFT.Mean, l.TokensPerS)
				}
			}
			t.Fatal(miss)
		})
	}
}

// fifoSweep sweeps L/2, L, 1.5 L and 2 L, 8 L requests per level.
func fifoSweep(t *testing.T, root string, limit int) (Knee, []Level) {
	req := RequestFor(gateway.Profile{BaseURL: root, Key: testKey, Model: "gpt-4o"}, gateway.Chat)
	sw := Sweep{Levels: []int{max(limit/2, 1), limit, limit + limit/2, 2 * limit}, Rule: DefaultKneeRule}
	levels, _, knee := RunSweep(context.Background(), func(c int) Doer {
		pc, err := probe.NewClient(probe.Options{MaxConnsPerHost: c, Timeout: time.Minute})
		if err != nil {
			t.Fatal(err)
		}
		return pc
	}, Plan{Request: req, Requests: 8 * limit, Warmup: WarmupPerSlot, MaxErrors: 1, Key: testKey}, sw, nil)
	return knee, levels
}
