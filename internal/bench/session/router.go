package session

import (
	"github.com/keydoctor/keydoctor/internal/bench"
	"github.com/keydoctor/keydoctor/internal/gateway"
)

// routerHop sets the measured route against the upstream when it is a
// router on this machine (claude-code-router, CC Switch's proxy, a local
// Portkey or LiteLLM: the tool's base URL on loopback) and --against names
// the upstream: what the router adds to TTFT and whether it buffers. Only
// for a plain --against run of two sides; with --models or --input-tokens
// a,b as well, the pairs are compared by the differences table alone.
func (r *benchRun) routerHop() {
	if r.o.Against == "" || len(r.variants) != 2 || !gateway.IsLoopbackURL(r.variants[0].BaseURL) {
		return
	}
	r.report.Router = bench.RouterHopOf(r.variants[0].Label, r.variants[1].Label, r.report.Runs, r.samples, r.report.Differences)
}
