package bench

import (
	"math"
	"testing"

	"github.com/keydoctor/keydoctor/internal/stats"
)

func TestPlanCapacity(t *testing.T) {
	// 2 s mean latency, 900 tokens out and 100 in per request
	l := Level{Concurrency: 8, OK: 10, OutputTokens: 9000, E2E: stats.Summary{N: 10, Mean: 2000}, InputTokens: stats.Summary{N: 10, Mean: 100}}
	p, err := PlanCapacity(3, 0, []Level{l}, nil, Limits{Concurrency: 10, TPM: 150_000})
	if err != nil {
		t.Fatal(err)
	}
	// Little: 3/s × 2 s = 6 in flight; 3 × 60 × 1000 = 180,000 TPM
	if p.Concurrency != 6 || p.TPM != 180_000 || !p.TokensMeasured || p.TokensPerRequest != 1000 {
		t.Fatalf("plan %+v", p)
	}
	// the TPM wall at 2.5/s comes before the concurrency wall at 5/s
	if p.FirstWall != "tpm" || p.Fits || math.Abs(p.MaxRPS["tpm"]-2.5) > 1e-9 || p.MaxRPS["concurrency"] != 5 {
		t.Errorf("walls %+v", p)
	}
	p, _ = PlanCapacity(1, 500, []Level{l}, nil, Limits{Concurrency: 10, TPM: 150_000})
	if !p.Fits || p.FirstWall != "concurrency" || p.TokensMeasured {
		t.Errorf("1/s of 500 tokens: %+v", p)
	}
	// limits the run found: the concurrency wall's 429s and the headers
	found := l
	found.Walls = &Walls{Wall: "concurrency", Served: 4}
	found.Advertised = &RateLimits{LimitTokens: 1_000_000, LimitRequests: 600}
	p, _ = PlanCapacity(3, 0, []Level{found}, nil, Limits{})
	if p.LimitConcurrency != 4 || p.LimitTPM != 1_000_000 || p.LimitRPM != 600 || p.FirstWall != "concurrency" || p.Fits {
		t.Errorf("found limits %+v", p)
	}
	// nothing known: no wall named, no fit claimed
	p, _ = PlanCapacity(3, 0, []Level{l}, nil, Limits{})
	if p.FirstWall != "" || p.Fits {
		t.Errorf("unknown limits %+v", p)
	}
	if _, err := PlanCapacity(3, 0, []Level{{Concurrency: 1}}, nil, Limits{}); err == nil {
		t.Error("no success, no plan")
	}
}

func TestPlanLevel(t *testing.T) {
	mk := func(c int, w float64) Level {
		return Level{Concurrency: c, OK: 5, E2E: stats.Summary{N: 5, Mean: w}}
	}
	levels := []Level{mk(1, 1000), mk(4, 1000), mk(16, 1500)}
	if l, _ := planLevel(3, levels); l.Concurrency != 4 {
		t.Errorf("3/s needs 3 in flight: the level at 4, got %d", l.Concurrency)
	}
	if l, _ := planLevel(50, levels); l.Concurrency != 16 {
		t.Errorf("beyond every level: the highest, got %d", l.Concurrency)
	}
}
