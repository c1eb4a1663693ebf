package render

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/keydoctor/keydoctor/internal/bench"
)

// Variants prints a comparison run: one row per side, a chart of the
// deciding metric, the differences against the first side with their
// intervals, and the winner.
func Variants(w io.Writer, r bench.Report) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "side\tok\tfailed\tTTFT p50\tp90\tTPOT p50\tE2E p50\ttokens/s\t")
	for _, l := range r.Runs {
		ttft := func(v float64) string {
			if l.TTFT.N == 0 {
				return "-"
			}
			return MS(v)
		}
		tpot := "-"
		if l.TPOT.N > 0 {
			tpot = MS(l.TPOT.P50)
		}
		fmt.Fprintf(tw, "%s\t%d\t%d\t%s\t%s\t%s\t%s\t%.1f\t\n", l.Label, l.OK, l.Failed, ttft(l.TTFT.P50), ttft(l.TTFT.P90),
			tpot, MS(l.E2E.P50), l.TokensPerS)
	}
	tw.Flush()
	fmt.Fprintf(w, "(ms; %d requests per side at concurrency %d, interleaved)\n", r.Settings.Requests, r.Settings.Concurrency)
	for _, l := range r.Runs {
		if l.Failed > 0 {
			fmt.Fprintf(w, "%s failures:%s\n", l.Label, failureList(l))
		}
		if l.Walls != nil {
			fmt.Fprintf(w, "%s 429s: %s\n", l.Label, l.Walls.Reason)
		}
		if l.Stopped != "" {
			fmt.Fprintf(w, "%s %s\n", l.Label, l.Stopped)
		}
		if l.Client.Saturated {
			fmt.Fprintf(w, "%s: the client saturated (%s): these figures include this machine's own delay\n", l.Label, l.Client)
		}
	}
	fmt.Fprintln(w)
	writeVariantChart(w, r.Runs)
	writeDifferences(w, r)
	Router(w, r.Router)
}

// writeVariantChart draws TTFT p50 (E2E when not streaming) per side.
func writeVariantChart(w io.Writer, runs []bench.Level) {
	const width = 40
	metric, get := "TTFT p50", func(l bench.Level) float64 { return l.TTFT.P50 }
	for _, l := range runs {
		if l.TTFT.N == 0 {
			metric, get = "E2E p50", func(l bench.Level) float64 { return l.E2E.P50 }
		}
	}
	top, pad := 0.0, 0
	for _, l := range runs {
		top, pad = max(top, get(l)), max(pad, len([]rune(l.Label)))
	}
	if top <= 0 {
		return
	}
	fmt.Fprintf(w, "%s by side\n", metric)
	for _, l := range runs {
		n := int(get(l)/top*width + 0.5)
		fmt.Fprintf(w, "%-*s │%s %s ms\n", pad, l.Label, strings.Repeat("█", max(n, 1)), MS(get(l)))
	}
}

// writeDifferences prints each side against the first and the verdict.
func writeDifferences(w io.Writer, r bench.Report) {
	if len(r.Differences) == 0 {
		return
	}
	fmt.Fprintf(w, "\nagainst %s (difference of p50s, 95%% bootstrap interval):\n", r.Differences[0].Against)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, d := range r.Differences {
		name := strings.ToUpper(strings.TrimSuffix(d.Metric, "_p50"))
		fmt.Fprintf(tw, "  %s\t%s\t%+.2f ms\t[%+.2f, %+.2f]\t%s\t\n", d.Label, name, d.Diff, d.Low, d.High, d.Verdict)
	}
	tw.Flush()
	if r.Winner != "" {
		fmt.Fprintf(w, "winner: %s (the lowest %s p50, beyond noise)\n", r.Winner, decidingMetric(r))
	} else {
		fmt.Fprintf(w, "no clear winner: the %s p50s are within noise of each other\n", decidingMetric(r))
	}
}

func decidingMetric(r bench.Report) string {
	for _, l := range r.Runs {
		if l.TTFT.N == 0 {
			return "E2E"
		}
	}
	return "TTFT"
}
