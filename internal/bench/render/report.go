package render

import (
	"encoding/csv"
	"fmt"
	"io"
	"sort"
	"strings"
	"text/tabwriter"

	"github.com/keydoctor/keydoctor/internal/bench"
	"github.com/keydoctor/keydoctor/internal/stats"
)

// Sweep prints one row per level, the TTFT chart and the knee.
func Sweep(w io.Writer, r bench.Report) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "c\tok\tfailed\tTTFT p50\tp90\tp99\tTPOT p50\tE2E p50\ttokens/s\treq/s\tL\t")
	for _, l := range r.Runs {
		tpot := MS(l.TPOT.P50)
		if l.TPOT.N == 0 {
			tpot = "-"
		} else if !l.TPOTTrusted {
			tpot += "?"
		}
		ttft := func(v float64) string {
			if l.TTFT.N == 0 {
				return "-"
			}
			return MS(v)
		}
		c := fmt.Sprint(l.Concurrency)
		if l.Client.Saturated {
			c += "!"
		}
		fmt.Fprintf(tw, "%s\t%d\t%d\t%s\t%s\t%s\t%s\t%s\t%.1f\t%.2f\t%.1f\t\n", c, l.OK, l.Failed,
			ttft(l.TTFT.P50), ttft(l.TTFT.P90), ttft(l.TTFT.P99), tpot, MS(l.E2E.P50), l.TokensPerS, l.RPS, l.ObservedConcurrency)
	}
	tw.Flush()
	// two lines: the legend of a table that is never wrapped fits 60 columns
	fmt.Fprintln(w, "(ms; L = requests in flight by Little's law;\n ? = streams arrived in bursts; ! = the client saturated)")
	for _, l := range r.Runs {
		if l.Failed > 0 {
			fmt.Fprintf(w, "c=%d failures:%s\n", l.Concurrency, failureList(l))
		}
		if l.Walls != nil {
			fmt.Fprintf(w, "c=%d 429s: %s\n", l.Concurrency, l.Walls.Reason)
		}
		if l.Stopped != "" {
			fmt.Fprintf(w, "c=%d %s\n", l.Concurrency, l.Stopped)
		}
	}
	fmt.Fprintln(w)
	writeChart(w, r)
	if r.Knee != nil {
		if r.Knee.Signal == "client" {
			fmt.Fprintf(w, "\nknee: not found (signal: client)\n  %s\n", r.Knee.Reason)
		} else if r.Knee.Found() && r.Knee.Concurrency > 0 {
			fmt.Fprintf(w, "\nknee: concurrency %d (signal: %s)\n  %s\n", r.Knee.Concurrency, r.Knee.Signal, r.Knee.Reason)
		} else {
			fmt.Fprintf(w, "\nknee: none (signal: %s)\n  %s\n", r.Knee.Signal, r.Knee.Reason)
		}
	}
}

// writeChart draws TTFT p50 (E2E when not streaming) against concurrency
// as text bars.
func writeChart(w io.Writer, r bench.Report) {
	const width = 40
	metric, get := "TTFT p50", func(l bench.Level) float64 { return l.TTFT.P50 }
	if len(r.Runs) > 0 && r.Runs[0].TTFT.N == 0 {
		metric, get = "E2E p50", func(l bench.Level) float64 { return l.E2E.P50 }
	}
	top := 0.0
	for _, l := range r.Runs {
		top = max(top, get(l))
	}
	if top <= 0 {
		return
	}
	fmt.Fprintf(w, "%s vs concurrency\n", metric)
	for _, l := range r.Runs {
		n := int(get(l)/top*width + 0.5)
		mark := ""
		if r.Knee != nil && r.Knee.Concurrency == l.Concurrency && r.Knee.Found() && r.Knee.Signal != "client" {
			mark = "  ← knee"
		}
		fmt.Fprintf(w, "%5d │%s %s ms%s\n", l.Concurrency, strings.Repeat("█", max(n, 1)), MS(get(l)), mark)
	}
}

func CSV(w io.Writer, r bench.Report) error {
	cw := csv.NewWriter(w)
	head := []string{"concurrency", "rate", "requests", "ok", "failed", "errors"}
	for _, m := range []string{"ttft", "tpot", "e2e"} {
		for _, s := range []string{"p50", "p90", "p99", "mean", "max"} {
			head = append(head, m+"_"+s+"_ms")
		}
	}
	head = append(head, "output_tokens", "tokens_source", "tokens_per_s", "tpm", "rps", "observed_concurrency", "tpot_trusted")
	_ = cw.Write(head)
	for _, l := range r.Runs {
		row := []string{fmt.Sprint(l.Concurrency), fmt.Sprint(l.Rate), fmt.Sprint(l.Requests), fmt.Sprint(l.OK), fmt.Sprint(l.Failed), errorsField(l.Errors)}
		for _, s := range []stats.Summary{l.TTFT, l.TPOT, l.E2E} {
			if s.N == 0 && !l.Stream && s != l.E2E { // not measured: empty, not zero
				row = append(row, "", "", "", "", "")
				continue
			}
			row = append(row, fmt.Sprintf("%.3f", s.P50), fmt.Sprintf("%.3f", s.P90), fmt.Sprintf("%.3f", s.P99), fmt.Sprintf("%.3f", s.Mean), fmt.Sprintf("%.3f", s.Max))
		}
		row = append(row, fmt.Sprint(l.OutputTokens), l.TokensSource, fmt.Sprintf("%.3f", l.TokensPerS), fmt.Sprintf("%.1f", l.TPM),
			fmt.Sprintf("%.3f", l.RPS), fmt.Sprintf("%.3f", l.ObservedConcurrency), fmt.Sprint(l.TPOTTrusted))
		_ = cw.Write(row)
	}
	cw.Flush()
	return cw.Error()
}

// errorsField is code=n pairs, sorted, separated by spaces.
func errorsField(m map[string]int) string {
	codes := make([]string, 0, len(m))
	for c := range m {
		codes = append(codes, c)
	}
	sort.Strings(codes)
	for i, c := range codes {
		codes[i] = fmt.Sprintf("%s=%d", c, m[c])
	}
	return strings.Join(codes, " ")
}

func failureList(l bench.Level) string {
	if l.Failed == 0 {
		return ""
	}
	return " (" + strings.ReplaceAll(errorsField(l.Errors), " ", ", ") + "; see 'keydoctor explain CODE')"
}

func tokenSource(s string) string {
	switch s {
	case "server":
		return "counted by the server"
	case "deltas":
		return "counted from deltas: the server reported no usage"
	case "mixed":
		return "server usage where given, else deltas"
	}
	return "none"
}

func cell(s stats.Summary, get func(stats.Summary) float64) string {
	if s.N == 0 {
		return "-"
	}
	return MS(get(s))
}

// MS prints milliseconds with precision that fits their size.
func MS(v float64) string {
	switch {
	case v >= 1000:
		return fmt.Sprintf("%.0f", v)
	case v >= 100:
		return fmt.Sprintf("%.1f", v)
	default:
		return fmt.Sprintf("%.2f", v)
	}
}

// Thousands writes n with a comma every three digits.
func Thousands(n int) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
