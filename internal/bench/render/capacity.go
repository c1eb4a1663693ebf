package render

import (
	"fmt"
	"io"
	"strings"

	"github.com/keydoctor/keydoctor/internal/bench"
)

// Capacity prints the plan.
func Capacity(w io.Writer, p *bench.CapacityPlan) {
	fmt.Fprintf(w, "\nplan      %g requests/s × %.2f s mean latency (at concurrency %d) = %d requests in flight (Little's law)\n",
		p.RPS, p.LatencyS, p.AtConcurrency, p.Concurrency)
	if p.AtConcurrency < p.Concurrency {
		fmt.Fprintf(w, "          (latency measured at concurrency %d, below the %d needed: a sweep up to it shows whether latency holds there)\n", p.AtConcurrency, p.Concurrency)
	}
	src := "given"
	if p.TokensMeasured {
		src = "this run's mean, prompt and answer"
	}
	fmt.Fprintf(w, "          %g requests/s × 60 × %s tokens per request (%s) = %s TPM\n", p.RPS, Thousands(int(p.TokensPerRequest+0.5)), src, Thousands(int(p.TPM+0.5)))
	var known []string
	if p.LimitConcurrency > 0 {
		known = append(known, fmt.Sprintf("%d at once (%s)", p.LimitConcurrency, p.ConcurrencyFrom))
	}
	if p.LimitTPM > 0 {
		known = append(known, fmt.Sprintf("%s TPM (%s)", Thousands(p.LimitTPM), p.TPMFrom))
	}
	if p.LimitRPM > 0 {
		known = append(known, fmt.Sprintf("%s requests/min (the gateway's rate-limit headers)", Thousands(p.LimitRPM)))
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
