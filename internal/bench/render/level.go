package render

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/keydoctor/keydoctor/internal/bench"
	"github.com/keydoctor/keydoctor/internal/human"
	"github.com/keydoctor/keydoctor/internal/stats"
)

// Level prints one level in full; planned is the prompt size
// --input-tokens asked for (0: none).
func Level(w io.Writer, l bench.Level, planned int) {
	fmt.Fprintf(w, "requests  %d ok, %d failed%s\n", l.OK, l.Failed, failureList(l))
	if l.Walls != nil {
		fmt.Fprintf(w, "walls     %d rate-limited (429): %s\n", l.Walls.RateLimited, l.Walls.Reason)
	}
	if l.Stopped != "" {
		fmt.Fprintf(w, "          %s\n", l.Stopped)
	}
	if l.Interrupted > 0 {
		fmt.Fprintf(w, "          %d requests cut short by the interruption, not counted\n", l.Interrupted)
	}
	if l.LateSends > 0 {
		fmt.Fprintf(w, "          %d requests left later than planned because %d were already in flight: raise -c, or the figures hide that wait\n", l.LateSends, l.Concurrency)
	}
	if l.OK == 0 {
		return
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "\tTTFT ms\tTPOT ms\tE2E ms\t")
	row := func(name string, get func(stats.Summary) float64) {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t\n", name, cell(l.TTFT, get), cell(l.TPOT, get), cell(l.E2E, get))
	}
	row("p50", func(s stats.Summary) float64 { return s.P50 })
	row("p90", func(s stats.Summary) float64 { return s.P90 })
	row("p99", func(s stats.Summary) float64 { return s.P99 })
	row("mean", func(s stats.Summary) float64 { return s.Mean })
	row("max", func(s stats.Summary) float64 { return s.Max })
	tw.Flush()
	writeClient(w, l)
	if !l.TPOTTrusted {
		fmt.Fprintf(w, "TPOT      not to be trusted: %d of %d streams arrived in bursts (stream-buffered): something between you and the model buffers\n", l.Bursty, l.OK)
	}
	if l.InputTokens.N > 0 || planned > 0 {
		fmt.Fprintf(w, "prompt    %s\n", promptTokens(l, planned))
	}
	fmt.Fprintf(w, "output    %s tokens (%s), %.1f tokens/s, %s TPM, %.2f requests/s over %.2fs\n",
		Thousands(l.OutputTokens), tokenSource(l.TokensSource), l.TokensPerS, Thousands(int(l.TPM+0.5)), l.RPS, l.WindowS)
	writeNetwork(w, l)
	if len(l.Notes) > 0 {
		fmt.Fprintf(w, "notes     %s (see 'keydoctor explain CODE')\n", strings.ReplaceAll(errorsField(l.Notes), " ", ", "))
	}
	if l.E2E.N > 0 && l.RPS > 0 {
		fmt.Fprintf(w, "little    L = λ·W = %.2f requests/s × %.3fs = %.1f requests in flight\n",
			l.Lambda, l.ObservedConcurrency/l.Lambda, l.ObservedConcurrency)
		slots := bench.SlotsFor(l.RPS, l.MeanE2E())
		fmt.Fprintf(w, "          to serve %.2f requests/s at this latency you need about %d concurrent %s\n",
			l.RPS, slots, human.Plural(slots, "slot", "slots"))
		if l.Rate > 0 && l.Rate > l.RPS*1.05 {
			want := bench.SlotsFor(l.Rate, l.MeanE2E())
			fmt.Fprintf(w, "          the planned %g requests/s would need about %d\n", l.Rate, want)
		}
	}
}

func writeNetwork(w io.Writer, l bench.Level) {
	n := l.Network
	phase := func(s stats.Summary) string {
		if s.N == 0 {
			return "-"
		}
		return fmt.Sprintf("%s ms", MS(s.P50))
	}
	fmt.Fprintf(w, "network   %d new %s (warmup included): dns %s, connect %s, tls %s (p50); response headers p50 %s",
		n.NewConns, human.Plural(n.NewConns, "connection", "connections"), phase(n.DNS), phase(n.Connect), phase(n.TLS), phase(n.FirstByte))
	if m := l.ModelTTFT; m.N > 0 {
		fmt.Fprintf(w, "; after the headers, first token p50 %s ms (p90 %s)", MS(m.P50), MS(m.P90))
		if m.P50 < 0.1*l.TTFT.P50 {
			fmt.Fprint(w, " (headers wait for the first token here)")
		}
	}
	fmt.Fprintln(w)
}

// writeClient says when the client, not the gateway, set the pace.
func writeClient(w io.Writer, l bench.Level) {
	if !l.Client.Saturated {
		return
	}
	fmt.Fprintf(w, "client    saturated at concurrency %d: %s", l.Concurrency, l.Client)
	if l.Starved > 0 {
		fmt.Fprintf(w, "; %d %s arrived in bursts because of it, not because anything buffers", l.Starved, human.Plural(l.Starved, "stream", "streams"))
	}
	fmt.Fprintln(w, "\n          these figures include this machine's own delay: lower -c, or run from a machine with more cores")
}

// promptTokens is the prompt size planned and counted.
func promptTokens(l bench.Level, planned int) string {
	var parts []string
	if planned > 0 {
		parts = append(parts, fmt.Sprintf("about %s tokens planned (--input-tokens)", Thousands(planned)))
	}
	if l.InputTokens.N > 0 {
		parts = append(parts, fmt.Sprintf("%s tokens counted by the gateway (p50)", Thousands(int(l.InputTokens.P50+0.5))))
	} else {
		parts = append(parts, "the gateway reported no count")
	}
	return strings.Join(parts, ", ")
}
