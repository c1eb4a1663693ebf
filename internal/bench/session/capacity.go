package session

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/keydoctor/keydoctor/internal/bench"
)

// parsePlan reads --plan RPS[,TOKENS].
func parsePlan(o *Options) (rps, tokens float64, err error) {
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
