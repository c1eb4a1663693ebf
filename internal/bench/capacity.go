package bench

import (
	"fmt"
	"math"
)

// Limits are what a gateway allows, as the user knows them (flags) or
// the run found them; zero is unknown.
type Limits struct {
	Concurrency int
	TPM         int
}

// CapacityPlan is a load (requests per second, tokens per request) turned
// into what it needs by Little's law, set against the limits.
type CapacityPlan struct {
	RPS              float64 `json:"rps"`
	TokensPerRequest float64 `json:"tokens_per_request"`
	TokensMeasured   bool    `json:"tokens_measured"` // the run's mean, not given
	LatencyS         float64 `json:"latency_s"`       // W: the mean E2E of the level used
	AtConcurrency    int     `json:"at_concurrency"`  // that level
	Concurrency      int     `json:"concurrency"`     // needed: ⌈RPS × W⌉
	TPM              float64 `json:"tpm"`             // needed: RPS × 60 × tokens per request
	LimitConcurrency int     `json:"limit_concurrency,omitempty"`
	ConcurrencyFrom  string  `json:"limit_concurrency_from,omitempty"`
	LimitTPM         int     `json:"limit_tpm,omitempty"`
	TPMFrom          string  `json:"limit_tpm_from,omitempty"`
	LimitRPM         int     `json:"limit_rpm,omitempty"` // from the gateway's headers
	// MaxRPS is the load each known wall allows: limit ÷ need per request/s.
	MaxRPS map[string]float64 `json:"max_rps,omitempty"`
	// FirstWall is the wall the load meets first: concurrency, tpm, rpm,
	// or "" when no limit is known; Fits says the load stays under all.
	FirstWall string `json:"first_wall,omitempty"`
	Fits      bool   `json:"fits"`
}

// PlanCapacity plans rps requests per second of tokens tokens each (0:
// the run's mean) from the run's levels. given are the user's limits;
// the rest come from what the run saw: the concurrency wall's 429s or the
// knee's estimate, and the rate-limit headers.
func PlanCapacity(rps, tokens float64, levels []Level, knee *Knee, given Limits) (CapacityPlan, error) {
	p := CapacityPlan{RPS: rps, TokensPerRequest: tokens}
	l, ok := planLevel(rps, levels)
	if !ok {
		return p, fmt.Errorf("no request succeeded: there is no latency to plan with")
	}
	p.LatencyS, p.AtConcurrency = l.E2E.Mean/1000, l.Concurrency
	if tokens <= 0 {
		p.TokensPerRequest, p.TokensMeasured = float64(l.OutputTokens)/float64(l.OK)+l.InputTokens.Mean, true
	}
	p.Concurrency = SlotsFor(rps, l.MeanE2E())
	p.TPM = rps * 60 * p.TokensPerRequest
	p.limits(levels, knee, given)
	p.MaxRPS = map[string]float64{}
	if p.LimitConcurrency > 0 && p.LatencyS > 0 {
		p.MaxRPS["concurrency"] = float64(p.LimitConcurrency) / p.LatencyS
	}
	if p.LimitTPM > 0 && p.TokensPerRequest > 0 {
		p.MaxRPS["tpm"] = float64(p.LimitTPM) / 60 / p.TokensPerRequest
	}
	if p.LimitRPM > 0 {
		p.MaxRPS["rpm"] = float64(p.LimitRPM) / 60
	}
	first := math.Inf(1)
	for _, w := range []string{"concurrency", "tpm", "rpm"} {
		if v, ok := p.MaxRPS[w]; ok && v < first {
			p.FirstWall, first = w, v
		}
	}
	p.Fits = p.FirstWall != "" && rps <= first
	return p, nil
}

// planLevel is the level whose latency the plan uses: the lowest
// concurrency that covers the load (its latency is the one the load will
// see), else the highest measured.
func planLevel(rps float64, levels []Level) (Level, bool) {
	var cover, top *Level
	for i := range levels {
		l := &levels[i]
		if l.OK == 0 || l.E2E.N == 0 {
			continue
		}
		if top == nil || l.Concurrency > top.Concurrency {
			top = l
		}
		if float64(l.Concurrency) >= little(rps, l.MeanE2E()) && (cover == nil || l.Concurrency < cover.Concurrency) {
			cover = l
		}
	}
	switch {
	case cover != nil:
		return *cover, true
	case top != nil:
		return *top, true
	}
	return Level{}, false
}

// limits fills the limits: the user's first, then the run's.
func (p *CapacityPlan) limits(levels []Level, knee *Knee, given Limits) {
	if given.Concurrency > 0 {
		p.LimitConcurrency, p.ConcurrencyFrom = given.Concurrency, "--limit-concurrency"
	}
	if given.TPM > 0 {
		p.LimitTPM, p.TPMFrom = given.TPM, "--limit-tpm"
	}
	for _, l := range levels {
		if w := l.Walls; p.LimitConcurrency == 0 && w != nil && w.Wall == "concurrency" && w.Served > 0 {
			p.LimitConcurrency, p.ConcurrencyFrom = w.Served, fmt.Sprintf("the gateway's 429s at concurrency %d", l.Concurrency)
		}
		if a := l.Advertised; a != nil {
			if p.LimitTPM == 0 && a.LimitTokens > 0 {
				p.LimitTPM, p.TPMFrom = a.LimitTokens, "the gateway's rate-limit headers"
			}
			if p.LimitRPM == 0 && a.LimitRequests > 0 {
				p.LimitRPM = a.LimitRequests
			}
		}
	}
	if p.LimitConcurrency == 0 && knee != nil && knee.Capacity > 0 && knee.Signal != "client" {
		p.LimitConcurrency, p.ConcurrencyFrom = int(math.Floor(knee.Capacity+0.5)), "the sweep's knee (Little's law)"
	}
}
