package render

import (
	"fmt"
	"io"
	"math"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/keydoctor/keydoctor/internal/bench"
)

// Series prints one series: a row per run, regressions marked, and
// a chart line per figure.
func Series(w io.Writer, s bench.Series) {
	fmt.Fprintf(w, "\n%s, %d runs\n", SeriesName(s), len(s.Points))
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "run (UTC)\tTTFT p50\tp90\tTPOT p50\tp90\ttokens/s\terrors\t")
	for _, p := range s.Points {
		mark := ""
		if p.Regressed {
			mark = "REGRESSED: " + strings.Join(p.Why, "; ")
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%.1f\t%.1f%%\t%s\n", when(p.Started), dashMS(p.TTFTP50), dashMS(tail(p, p.TTFTP90)),
			dashMS(p.TPOTP50), dashMS(tail(p, p.TPOTP90)), p.TokensPerS, 100*p.ErrorRate, mark)
	}
	tw.Flush()
	fmt.Fprintf(w, "(ms; a run is marked when worse than the median of up to %d runs before by more than --max-regression; p90s only for runs of %d requests or more)\n",
		bench.BaselineRuns, bench.StableTail)
	for _, c := range []struct {
		name string
		get  func(bench.Point) float64
	}{
		{"TTFT p50", func(p bench.Point) float64 { return p.TTFTP50 }},
		{"TTFT p90", func(p bench.Point) float64 { return tail(p, p.TTFTP90) }},
		{"TPOT p50", func(p bench.Point) float64 { return p.TPOTP50 }},
		{"TPOT p90", func(p bench.Point) float64 { return tail(p, p.TPOTP90) }},
		{"tokens/s", func(p bench.Point) float64 { return p.TokensPerS }},
		{"errors %", func(p bench.Point) float64 { return 100 * p.ErrorRate }},
	} {
		v := make([]float64, len(s.Points))
		for i, p := range s.Points {
			v[i] = c.get(p)
		}
		if line := sparkline(v); line != "" {
			first, last := ends(v)
			fmt.Fprintf(w, "  %-9s %s  %s → %s\n", c.name, line, MS(first), MS(last))
		}
	}
}

// tail is a p90 of p, or NaN (not shown) for a run of fewer than
// bench.StableTail requests: the history neither judges nor shows a tail
// that a couple of slow requests move.
func tail(p bench.Point, v float64) float64 {
	if p.Requests < bench.StableTail {
		return math.NaN()
	}
	return v
}

// ends are the first and last values shown (not NaN).
func ends(v []float64) (first, last float64) {
	first, last = math.NaN(), math.NaN()
	for _, x := range v {
		if !math.IsNaN(x) {
			if math.IsNaN(first) {
				first = x
			}
			last = x
		}
	}
	return first, last
}

// sparkline draws values as one line of block heights, lowest ▁ to
// highest █, a NaN (not shown) as a space; "" when nothing was measured.
func sparkline(v []float64) string {
	const blocks = "▁▂▃▄▅▆▇█"
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, x := range v {
		if !math.IsNaN(x) {
			lo, hi = math.Min(lo, x), math.Max(hi, x)
		}
	}
	if hi <= 0 {
		return ""
	}
	var b strings.Builder
	levels := []rune(blocks)
	for _, x := range v {
		if math.IsNaN(x) {
			b.WriteRune(' ')
			continue
		}
		i := 0
		if hi > lo {
			i = int((x - lo) / (hi - lo) * float64(len(levels)-1))
		}
		b.WriteRune(levels[i])
	}
	return b.String()
}

func dashMS(v float64) string {
	if v == 0 || math.IsNaN(v) {
		return "-"
	}
	return MS(v)
}

func SeriesName(s bench.Series) string {
	load := fmt.Sprintf("c=%d", s.Concurrency)
	if s.Rate > 0 {
		load = fmt.Sprintf("%g/s", s.Rate)
	}
	mode := "streamed"
	if !s.Stream {
		mode = "not streamed"
	}
	name := fmt.Sprintf("%s at %s (%s, %s, %s)", s.Model, s.BaseURL, s.Protocol, load, mode)
	if s.Label != "" {
		name = s.Label + ": " + name
	}
	return name
}

// when prints a run's time compactly, in UTC as saved.
func when(t time.Time) string { return t.UTC().Format("2006-01-02 15:04") }
