package bench

import (
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/internal/stats"
)

// level builds a synthetic level: concurrency, TTFT p50, TPOT p50 (ms),
// throughput (tokens/s) and failures.
func level(c int, ttft, tpot, tps float64, failed int) Level {
	l := Level{Concurrency: c, Requests: 20 + failed, OK: 20, Failed: failed, Errors: map[string]int{},
		TTFT: stats.Summary{N: 20, P50: ttft, P90: ttft * 1.1}, TPOT: stats.Summary{N: 20, P50: tpot}, TokensPerS: tps}
	if failed > 0 {
		l.Errors["rate-limited"] = failed
	}
	return l
}

// saturated marks a level's client saturated.
func saturated(l Level) Level {
	l.Client = ClientLoad{SchedP90MS: 40, Saturated: true}
	return l
}

// tail sets a level's TTFT p90 and mean.
func tail(l Level, p90, mean float64) Level {
	l.TTFT.P90, l.TTFT.Mean = p90, mean
	return l
}

func TestFindKnee(t *testing.T) {
	tests := []struct {
		name    string
		levels  []Level
		c       int
		signal  string
		mention []string
	}{
		{
			name: "a gateway serving 4 at once: TTFT jumps at 8, throughput flat, TPOT flat",
			levels: []Level{level(1, 80, 10, 50, 0), level(2, 81, 10, 99, 0), level(4, 82, 10, 197, 0),
				level(8, 420, 10, 199, 0), level(16, 1100, 10, 200, 0)},
			c: 4, signal: "ttft", mention: []string{"4 to 8", "queue"},
		},
		{
			name: "a FIFO gateway serving 4: at 8 half wait, the p50 hides it, the p90 does not (the issue's figures)",
			levels: []Level{level(1, 51, 5, 125, 0), level(2, 51.2, 5, 248, 0), tail(level(4, 51.5, 5, 493.1, 0), 52, 51.6),
				tail(level(8, 53.4, 5, 493.8, 0), 442, 170)},
			c: 4, signal: "ttft", mention: []string{"TTFT p90 rose 52.0 → 442 ms", "p50 51.5 → 53.4 ms", "queue for a slot"},
		},
		{
			name:   "unsorted input is sorted first",
			levels: []Level{level(8, 420, 10, 199, 0), level(1, 80, 10, 50, 0), level(4, 82, 10, 197, 0), level(2, 81, 10, 99, 0)},
			c:      4, signal: "ttft",
		},
		{
			name:   "linear scaling: no wall",
			levels: []Level{level(1, 80, 10, 50, 0), level(2, 80, 10, 100, 0), level(4, 81, 10, 200, 0), level(8, 82, 10, 395, 0)},
			c:      0, signal: "none", mention: []string{"no wall up to concurrency 8"},
		},
		{
			name:   "TTFT jumps but throughput still grows: prefill cost, not a wall",
			levels: []Level{level(1, 80, 10, 50, 0), level(2, 200, 10, 100, 0), level(4, 400, 10, 200, 0)},
			c:      0, signal: "none",
		},
		{
			name:   "throughput flat but TTFT steady: not queueing",
			levels: []Level{level(1, 80, 10, 50, 0), level(2, 82, 10, 52, 0), level(4, 85, 10, 53, 0)},
			c:      0, signal: "none",
		},
		{
			name:   "errors appear at 16",
			levels: []Level{level(1, 80, 10, 50, 0), level(2, 80, 10, 100, 0), level(4, 81, 10, 200, 0), level(8, 82, 10, 395, 0), level(16, 82, 10, 700, 3)},
			c:      8, signal: "errors", mention: []string{"rate-limited ×3", "at 8 none did"},
		},
		{
			name:   "errors win over a later TTFT jump",
			levels: []Level{level(1, 80, 10, 50, 0), level(2, 80, 10, 100, 1), level(4, 400, 10, 100, 0)},
			c:      1, signal: "errors",
		},
		{
			name:   "failing at the lowest level",
			levels: []Level{level(1, 80, 10, 50, 2), level(2, 80, 10, 100, 0)},
			c:      0, signal: "errors", mention: []string{"already at concurrency 1"},
		},
		{
			name:   "the model slows down: TPOT rises with TTFT",
			levels: []Level{level(1, 80, 10, 50, 0), level(2, 81, 10, 100, 0), level(4, 300, 40, 110, 0)},
			c:      2, signal: "ttft", mention: []string{"model itself slows down"},
		},
		{
			name:   "a rise short of doubling is a busy machine, not a wall",
			levels: []Level{level(1, 50, 5, 100, 0), level(2, 53, 5, 200, 0), level(4, 90, 5, 260, 0)},
			c:      0, signal: "none",
		},
		{
			name:   "a tiny absolute jump is noise",
			levels: []Level{level(1, 2, 1, 50, 0), level(2, 4, 1, 50, 0)},
			c:      0, signal: "none",
		},
		{
			name: "the client saturates at 16 before any wall",
			levels: []Level{level(1, 80, 10, 50, 0), level(2, 80, 10, 100, 0), level(4, 81, 10, 200, 0), level(8, 82, 10, 395, 0),
				saturated(level(16, 150, 12, 430, 0))},
			c: 8, signal: "client", mention: []string{"client saturated at concurrency 16", "not the gateway"},
		},
		{
			name: "saturated while throughput still grows: the client kept up, go on",
			levels: []Level{level(1, 80, 10, 50, 0), saturated(level(2, 81, 10, 99, 0)), level(4, 82, 10, 197, 0),
				level(8, 420, 10, 199, 0)},
			c: 4, signal: "ttft",
		},
		{
			name: "a wall far beyond the client's lag is the gateway's, saturated or not",
			levels: []Level{level(1, 80, 10, 50, 0), level(2, 81, 10, 100, 0), level(4, 82, 10, 199, 0),
				saturated(level(8, 420, 10, 200, 0))},
			c: 4, signal: "ttft", mention: []string{"short of CPU at concurrency 8 too"},
		},
		{
			name:   "no levels",
			levels: nil, c: 0, signal: "none",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			k := FindKnee(tt.levels, DefaultKneeRule)
			if k.Concurrency != tt.c || k.Signal != tt.signal {
				t.Fatalf("FindKnee = %d/%s (%s), want %d/%s", k.Concurrency, k.Signal, k.Reason, tt.c, tt.signal)
			}
			for _, m := range tt.mention {
				if !strings.Contains(k.Reason, m) {
					t.Errorf("reason %q does not mention %q", k.Reason, m)
				}
			}
		})
	}
}

func TestFindKneeNonStreaming(t *testing.T) {
	a := Level{Concurrency: 2, OK: 10, Requests: 10, E2E: stats.Summary{N: 10, P50: 500}, TokensPerS: 100}
	b := Level{Concurrency: 4, OK: 10, Requests: 10, E2E: stats.Summary{N: 10, P50: 1100}, TokensPerS: 101}
	k := FindKnee([]Level{a, b}, DefaultKneeRule)
	if k.Concurrency != 2 || k.Signal != "e2e" {
		t.Fatalf("FindKnee = %+v, want 2/e2e", k)
	}
}

func TestCompare(t *testing.T) {
	base := []Level{level(1, 100, 10, 100, 0), level(4, 110, 10, 380, 0)}
	tests := []struct {
		name      string
		cur       []Level
		max       float64
		regressed bool
		which     []string // metrics that regressed
	}{
		{"unchanged", []Level{level(1, 100, 10, 100, 0), level(4, 110, 10, 380, 0)}, 0.2, false, nil},
		{"within the threshold", []Level{level(1, 118, 11.5, 85, 0), level(4, 125, 11, 330, 0)}, 0.2, false, nil},
		{"faster is never a regression", []Level{level(1, 20, 2, 900, 0), level(4, 20, 2, 900, 0)}, 0.2, false, nil},
		{"ttft tripled", []Level{level(1, 300, 10, 60, 0), level(4, 330, 10, 250, 0)}, 0.2, true, []string{"ttft_p50", "ttft_p90", "tokens_per_s"}},
		{"tpot up 30%", []Level{level(1, 100, 13, 100, 0), level(4, 110, 10, 380, 0)}, 0.2, true, []string{"tpot_p50"}},
		{"tpot up 30% under a 50% threshold", []Level{level(1, 100, 13, 100, 0), level(4, 110, 10, 380, 0)}, 0.5, false, nil},
		{"throughput halved", []Level{level(1, 100, 10, 50, 0), level(4, 110, 10, 380, 0)}, 0.2, true, []string{"tokens_per_s"}},
		{"new failures", []Level{level(1, 100, 10, 100, 0), level(4, 110, 10, 380, 2)}, 0.2, true, []string{"error_rate"}},
		{"a level missing from the new run is skipped", []Level{level(1, 100, 10, 100, 0)}, 0.2, false, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			changes, regressed := Compare(base, tt.cur, tt.max)
			if regressed != tt.regressed {
				t.Fatalf("regressed = %v, want %v: %v", regressed, tt.regressed, changes)
			}
			var got []string
			for _, c := range changes {
				if c.Regressed {
					got = append(got, c.Metric)
				}
			}
			for _, w := range tt.which {
				if !strings.Contains(strings.Join(got, ","), w) {
					t.Errorf("%s did not regress; regressed: %v", w, got)
				}
			}
		})
	}
}

func TestCompareFigures(t *testing.T) {
	changes, _ := Compare([]Level{level(1, 100, 10, 100, 0)}, []Level{level(1, 300, 10, 100, 0)}, 0.2)
	c := changes[0]
	if c.Metric != "ttft_p50" || c.Old != 100 || c.New != 300 || c.Change != 2 || !c.Regressed {
		t.Fatalf("first change = %+v", c)
	}
	if s := c.String(); !strings.Contains(s, "100 → 300 ms (+200%) REGRESSED") {
		t.Errorf("String() = %q", s)
	}
}

func TestLevelRequestsWholeRounds(t *testing.T) {
	tests := []struct{ n, c, want int }{
		{40, 16, 48}, // not 40: a last round of 8 would halve the tail's throughput
		{48, 16, 48},
		{10, 8, 16}, // at least two per slot
		{20, 1, 20},
		{0, 4, 0}, // --duration: open-ended
	}
	for _, tt := range tests {
		if got := LevelRequests(tt.n, tt.c); got != tt.want {
			t.Errorf("LevelRequests(%d, %d) = %d, want %d", tt.n, tt.c, got, tt.want)
		}
	}
}
