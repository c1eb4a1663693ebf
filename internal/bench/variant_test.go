package bench

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/mock"
	"github.com/keydoctor/keydoctor/internal/probe"
)

// modelDoer answers at once, with a stream whose TTFT depends on the
// model, and records the order in which models were asked for.
type modelDoer struct {
	mu    sync.Mutex
	order []string
	ttft  map[string]time.Duration
}

func (d *modelDoer) Do(ctx context.Context, r probe.Request) *probe.Result {
	d.mu.Lock()
	d.order = append(d.order, r.Model)
	d.mu.Unlock()
	return streamed(d.ttft[r.Model], 10*time.Millisecond, 5, 0)
}

func TestRunVariantsInterleaves(t *testing.T) {
	d := &modelDoer{ttft: map[string]time.Duration{"a": 50 * time.Millisecond, "b": 20 * time.Millisecond}}
	vs := []Variant{{Label: "a", Request: probe.Request{Model: "a", Stream: true}}, {Label: "b", Request: probe.Request{Model: "b", Stream: true}}}
	levels, samples := RunVariants(context.Background(), d, Plan{Concurrency: 1, Requests: 4, Warmup: 0, MaxErrors: 1}, vs, nil)
	// round r starts with variant r mod 2: a b, b a, a b, b a
	if want := []string{"a", "b", "b", "a", "a", "b", "b", "a"}; !slices.Equal(d.order, want) {
		t.Errorf("order %v, want %v", d.order, want)
	}
	if len(levels) != 2 || levels[0].Label != "a" || levels[0].OK != 4 || levels[1].TTFT.P50 != 20 {
		t.Fatalf("levels %+v", levels)
	}
	if len(samples) != 8 || samples[0].Label == "" {
		t.Errorf("samples %d, first %+v", len(samples), samples[0])
	}
	if w := Winner([]string{"a", "b"}, samples, 1); w != "b" {
		t.Errorf("winner %q, want b", w)
	}
}

func TestBootstrap(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	draw := func(center float64) []float64 {
		v := make([]float64, 40)
		for i := range v {
			v[i] = center + rng.NormFloat64()*3
		}
		slices.Sort(v)
		return v
	}
	ref := draw(60)
	same := bootstrap(ref, draw(60), rand.New(rand.NewPCG(3, 4)))
	if same.Verdict != "within noise" {
		t.Errorf("two draws of one distribution: %+v", same)
	}
	faster := bootstrap(ref, draw(40), rand.New(rand.NewPCG(3, 4)))
	if faster.Verdict != "faster" || math.Abs(faster.Diff+20) > 3 || !(faster.Low <= faster.Diff && faster.Diff <= faster.High && faster.High < 0) {
		t.Errorf("20 ms faster: %+v", faster)
	}
	slower := bootstrap(ref, draw(75), rand.New(rand.NewPCG(3, 4)))
	if slower.Verdict != "slower" {
		t.Errorf("15 ms slower: %+v", slower)
	}
	// a real but negligible difference (1.5 ms of 60) is within noise
	tiny := bootstrap([]float64{60, 60, 60, 60}, []float64{61.5, 61.5, 61.5, 61.5}, rand.New(rand.NewPCG(3, 4)))
	if tiny.Verdict != "within noise" {
		t.Errorf("negligible: %+v", tiny)
	}
}

// TestComparisonOfKnownGateways compares through real fake gateways of
// known timing: two models of one gateway (--models), two gateways of one
// model (--against), and one gateway with itself. The winner and the
// differences must match the truth within 2 ms. A shared machine can
// stall mid-run, so a miss is measured again, up to three times.
func TestComparisonOfKnownGateways(t *testing.T) {
	if testing.Short() {
		t.Skip("runs real requests")
	}
	ctx := context.Background()
	timing := map[string]mock.Timing{"gpt-4o": {TTFT: 60 * time.Millisecond, TPOT: 8 * time.Millisecond},
		"gpt-4o-mini": {TTFT: 30 * time.Millisecond, TPOT: 4 * time.Millisecond}}
	one, err := mock.Start(ctx, "127.0.0.1:0", mock.Options{Key: testKey, Tokens: 8, ModelTiming: timing})
	if err != nil {
		t.Fatal(err)
	}
	defer one.Close()
	slow, err := mock.Start(ctx, "127.0.0.1:0", mock.Options{Key: testKey, Tokens: 8, TTFT: 50 * time.Millisecond, TPOT: 8 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer slow.Close()
	side := func(label, root, model string) Variant {
		r := RequestFor(gateway.Profile{BaseURL: root, Key: testKey, Model: model}, gateway.Chat)
		r.MaxTokens = 8
		return Variant{Label: label, Request: r, Key: testKey}
	}
	tests := []struct {
		name       string
		vs         []Variant
		winner     string
		ttft, tpot float64 // true differences, ms
	}{
		{"models", []Variant{side("gpt-4o", one.Root(), "gpt-4o"), side("gpt-4o-mini", one.Root(), "gpt-4o-mini")}, "gpt-4o-mini", -30, -4},
		{"routes", []Variant{side("direct", slow.Root(), "gpt-4o"), side("gateway", one.Root(), "gpt-4o-mini")}, "gateway", -20, -4},
		{"the same", []Variant{side("first", one.Root(), "gpt-4o"), side("second", one.Root(), "gpt-4o")}, "", 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var miss string
			for try := 1; try <= 3; try++ {
				if miss = compareOnce(ctx, t, tt.vs, tt.winner, tt.ttft, tt.tpot); miss == "" {
					return
				}
				t.Logf("try %d: %s", try, miss)
			}
			t.Fatal(miss)
		})
	}
}

func compareOnce(ctx context.Context, t *testing.T, vs []Variant, winner string, ttft, tpot float64) string {
	c, err := probe.NewClient(probe.Options{MaxConnsPerHost: 2, Timeout: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	_, samples := RunVariants(ctx, c, Plan{Concurrency: 2, Requests: 24, Warmup: WarmupPerSlot, MaxErrors: 0.5}, vs, nil)
	labels := []string{vs[0].Label, vs[1].Label}
	if w := Winner(labels, samples, 7); w != winner {
		return fmt.Sprintf("winner %q, want %q", w, winner)
	}
	for _, d := range Differences(labels, samples, 7) {
		want := map[string]float64{"ttft_p50": ttft, "tpot_p50": tpot}[d.Metric]
		if d.Metric == "e2e_p50" {
			continue
		}
		if math.Abs(d.Diff-want) > 2 {
			return fmt.Sprintf("%s: %+.2f ms, truth %+.0f", d.Metric, d.Diff, want)
		}
		if want == 0 && d.Verdict != "within noise" {
			return fmt.Sprintf("%s of one gateway with itself: %s", d.Metric, d)
		}
		if want != 0 && d.Verdict == "within noise" {
			return fmt.Sprintf("%s: a %+.0f ms difference called noise: %s", d.Metric, want, d)
		}
	}
	return ""
}
