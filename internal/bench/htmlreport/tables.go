package htmlreport

import (
	"fmt"
	"html/template"
	"strings"

	"github.com/keydoctor/keydoctor/internal/bench"
)

// summaryTable is a row per level or side.
func summaryTable(r bench.Report, raw string) template.HTML {
	var b strings.Builder
	b.WriteString(`<table id="table-summary"><tr><th>run</th><th>ok</th><th>failed</th><th>TTFT p50</th><th>p90</th><th>TPOT p50</th><th>E2E p50</th><th>tokens/s</th></tr>`)
	for _, l := range r.Runs {
		name := l.Label
		if name == "" {
			name = fmt.Sprintf("c=%d", l.Concurrency)
		}
		cell := func(n int, v float64) string {
			if n == 0 {
				return "–"
			}
			return short(v)
		}
		fmt.Fprintf(&b, "<tr><td>%s</td><td>%d</td><td>%d</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td><td>%.1f</td></tr>",
			esc(name), l.OK, l.Failed, cell(l.TTFT.N, l.TTFT.P50), cell(l.TTFT.N, l.TTFT.P90), cell(l.TPOT.N, l.TPOT.P50),
			cell(l.E2E.N, l.E2E.P50), l.TokensPerS)
	}
	b.WriteString("</table><p class=\"note\">ms")
	if raw != "" {
		fmt.Fprintf(&b, "; the figures of every request are in %s (--raw)", esc(raw))
	}
	b.WriteString("</p>")
	for _, l := range r.Runs {
		if l.Walls != nil {
			fmt.Fprintf(&b, `<p class="note">%s: %d rate-limited (429): %s</p>`, esc(l.Label), l.Walls.RateLimited, esc(l.Walls.Reason))
		}
		if l.Client.Saturated {
			fmt.Fprintf(&b, `<p class="note">%s: the client saturated at concurrency %d: %s</p>`, esc(l.Label), l.Concurrency, esc(l.Client.String()))
		}
	}
	return template.HTML(b.String()) // every text above is escaped
}

// sloTable is a row per verdict.
func sloTable(s *bench.SLO) template.HTML {
	if s == nil {
		return ""
	}
	var b strings.Builder
	fmt.Fprintf(&b, `<p>goals: <code>%s</code></p><table id="table-slo"><tr><th>goal</th><th>where</th><th>value</th><th>verdict</th></tr>`, esc(s.Goals))
	for _, v := range s.Verdicts {
		where := fmt.Sprintf("c=%d", v.Concurrency)
		if v.Label != "" {
			where = v.Label + " " + where
		}
		class, text, val := "met", "met", fmt.Sprintf("%s %s", short(v.Value), v.Unit)
		switch {
		case !v.Judged:
			class, text, val = "unjudged", "not judged: "+v.Note, "–"
		case !v.Met:
			class, text = "missed", "MISSED"
		}
		fmt.Fprintf(&b, `<tr><td>%s</td><td>%s</td><td>%s</td><td class="%s">%s</td></tr>`, esc(v.Goal), esc(where), esc(val), class, esc(text))
	}
	b.WriteString("</table>")
	if s.Met {
		b.WriteString(`<p class="met">every goal met</p>`)
	} else {
		b.WriteString(`<p class="missed">a goal was missed</p>`)
	}
	return template.HTML(b.String()) // every text above is escaped
}
