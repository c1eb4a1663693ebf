package main

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/keydoctor/keydoctor/internal/bench"
)

// parsePlan reads --plan RPS[,TOKENS].
func parsePlan(o *benchOptions) (rps, tokens float64, err error) {
	if strings.TrimSpace(o.Plan) == "" {
		if o.LimitConcurrency != 0 || o.LimitTPM != 0 {
			return 0, 0, usageErrorf("e.g. --plan 5 --limit-tpm 90000", "--limit-concurrency and --limit-tpm go with --plan")
		}
		return 0, 0, nil
	}
	bad := usageErrorf("e.g. --plan 5 (requests/s) or --plan 5,1200 (and tokens per request)", "--plan %q: want RPS[,TOKENS], positive numbers", o.Plan)
	a, b, two := strings.Cut(o.Plan, ",")
	if rps, err = strconv.ParseFloat(strings.TrimSpace(a), 64); err != nil || rps <= 0 {
		return 0, 0, bad
	}
	if two {
		if tokens, err = strconv.ParseFloat(strings.TrimSpace(b), 64); err != nil || tokens <= 0 {
			return 0, 0, bad
		}
	}
	if o.LimitConcurrency < 0 || o.LimitTPM < 0 {
		return 0, 0, usageErrorf("", "--limit-concurrency and --limit-tpm cannot be negative")
	}
	return rps, tokens, nil
}

// planCapacity sets the --plan load against the limits.
func (r *benchRun) planCapacity() {
	if r.planRPS <= 0 {
		return
	}
	p, err := bench.PlanCapacity(r.planRPS, r.planTokens, r.report.Runs, r.report.Knee,
		bench.Limits{Concurrency: r.o.LimitConcurrency, TPM: r.o.LimitTPM})
	if err != nil {
		fmt.Fprintf(r.o.ErrOut, "keydoctor: hint: --plan: %v\n", err)
		return
	}
	r.report.Capacity = &p
}

// writeCapacity prints the plan.
func writeCapacity(w io.Writer, p *bench.CapacityPlan) {
	fmt.Fprintf(w, "\nplan      %g requests/s × %.2f s mean latency (at concurrency %d) = %d requests in flight (Little's law)\n",
		p.RPS, p.LatencyS, p.AtConcurrency, p.Concurrency)
	if p.AtConcurrency < p.Concurrency {
		fmt.Fprintf(w, "          (latency measured at concurrency %d, below the %d needed: a sweep up to it shows whether latency holds there)\n", p.AtConcurrency, p.Concurrency)
	}
	src := "given"
	if p.TokensMeasured {
		src = "this run's mean, prompt and answer"
	}
	fmt.Fprintf(w, "          %g requests/s × 60 × %s tokens per request (%s) = %s TPM\n", p.RPS, thousands(int(p.TokensPerRequest+0.5)), src, thousands(int(p.TPM+0.5)))
	var known []string
	if p.LimitConcurrency > 0 {
		known = append(known, fmt.Sprintf("%d at once (%s)", p.LimitConcurrency, p.ConcurrencyFrom))
	}
	if p.LimitTPM > 0 {
		known = append(known, fmt.Sprintf("%s TPM (%s)", thousands(p.LimitTPM), p.TPMFrom))
	}
	if p.LimitRPM > 0 {
		known = append(known, fmt.Sprintf("%s requests/min (the gateway's rate-limit headers)", thousands(p.LimitRPM)))
	}
	if len(known) == 0 {
		fmt.Fprintln(w, "          no limit known: pass --limit-concurrency and --limit-tpm, or sweep until the gateway's wall shows (--sweep auto)")
		return
	}
	fmt.Fprintf(w, "          limits: %s\n", strings.Join(known, ", "))
	var walls []string
	for _, name := range []string{"concurrency", "tpm", "rpm"} {
		if v, ok := p.MaxRPS[name]; ok {
			walls = append(walls, fmt.Sprintf("%s at %.2f requests/s", wallName(name), v))
		}
	}
	verdict := "does not fit"
	if p.Fits {
		verdict = "fits"
	}
	fmt.Fprintf(w, "          the %s wall comes first (%s): %g requests/s %s\n", wallName(p.FirstWall), strings.Join(walls, ", "), p.RPS, verdict)
}

func wallName(w string) string {
	switch w {
	case "tpm":
		return "tokens-per-minute"
	case "rpm":
		return "requests-per-minute"
	}
	return w
}
