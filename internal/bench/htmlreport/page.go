package htmlreport

import (
	"fmt"
	"html/template"
	"io"
	"time"

	"github.com/keydoctor/keydoctor/internal/bench"
)

// Data is what the page shows.
type Data struct {
	Report  bench.Report
	Samples []bench.Sample
	// History are the series of the history this run belongs to (its
	// gateways and models), oldest run first; nil without a history.
	History   []bench.Series
	Generated time.Time
	// Raw is the --raw file the run wrote ("" none): the summary points
	// there only when it exists.
	Raw string
}

// section is one titled part of the page; Empty says why it has nothing.
type section struct {
	ID, Title string
	Body      template.HTML
	Empty     string
}

// Render writes the page. Every chart is inline SVG built here, with
// every text escaped; the page needs neither script nor network.
func Render(w io.Writer, d Data) error {
	r := d.Report
	gs := groups(r, d.Samples)
	var secs []section
	add := func(id, title string, body string, ok bool, empty string) {
		s := section{ID: id, Title: title, Empty: empty}
		if ok {
			s.Body, s.Empty = template.HTML(body), "" // built from escaped text only
		}
		secs = append(secs, s)
	}
	secs = append(secs, section{ID: "summary", Title: "Summary", Body: summaryTable(r, d.Raw)})
	for _, m := range []struct {
		id, name string
		get      func(*bench.Sample) (float64, bool)
	}{
		{"chart-cdf-ttft", "TTFT", func(s *bench.Sample) (float64, bool) { t, ok := s.TTFT(); return msOf(t), ok }},
		{"chart-cdf-tpot", "TPOT", func(s *bench.Sample) (float64, bool) { return msOf(s.TPOT), s.HasTPOT }},
		{"chart-cdf-e2e", "E2E", func(s *bench.Sample) (float64, bool) { return msOf(s.E2E()), true }},
	} {
		svg, ok := cdfChart(m.id, m.name, gs, m.get)
		add("dist-"+m.name, m.name+" distribution", svg, ok, "not measured in this run (no streamed answer succeeded)")
	}
	svg, ok := sweepCharts(r)
	add("sweep", "Sweep and knee", svg+kneeText(r), ok, "not a sweep: run bench --sweep 1,2,4,8 or --sweep auto")
	svg, ok = compareChart(r)
	add("compare", "Comparison", svg+winnerText(r), ok, "not a comparison: run bench --models a,b or --against URL")
	add("slo", "Goals", string(sloTable(r.SLO)), r.SLO != nil, "no goals: run bench --slo articles, or --slo 'ttft.p90<800ms,…'")
	svg, ok = historyChart(d.History)
	add("history", "History", svg, ok, "fewer than two saved runs of this target: run bench --history")
	return page.Execute(w, struct {
		R         bench.Report
		Generated string
		Sections  []section
	}{r, d.Generated.UTC().Format("2006-01-02 15:04 MST"), secs})
}

func kneeText(r bench.Report) string {
	if r.Knee == nil {
		return ""
	}
	return fmt.Sprintf(`<p class="note">knee: %s</p>`, esc(r.Knee.Reason))
}

func winnerText(r bench.Report) string {
	if r.Winner != "" {
		return fmt.Sprintf(`<p class="note">winner: <b>%s</b> (the lowest p50, beyond noise)</p>`, esc(r.Winner))
	}
	return `<p class="note">no clear winner: the differences are within noise</p>`
}

var page = template.Must(template.New("page").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>keydoctor bench: {{.R.Target.Model}} at {{.R.Target.BaseURL}}</title>
<style>
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;color:#222;margin:2em auto;max-width:720px;padding:0 1em}
h1{font-size:20px;margin-bottom:.2em}h2{font-size:16px;margin:1.6em 0 .4em;border-bottom:1px solid #ddd}
.meta{color:#666}.note{color:#444}.empty{color:#888;font-style:italic}
table{border-collapse:collapse;margin:.4em 0}td,th{padding:2px 8px;text-align:right;border-bottom:1px solid #eee}
th{background:#f6f6f6}td:first-child,th:first-child{text-align:left}
.met{color:#2a7a2a;font-weight:600}.missed{color:#c62828;font-weight:700}.unjudged{color:#888}
svg.chart{display:block;margin:.6em 0;max-width:100%;height:auto}
.axis{stroke:#555}.grid{stroke:#e4e4e4}.tick,.legend,.label,.value,.marklabel{font-size:11px;fill:#333}
.axislabel{font-size:12px;fill:#555}.mark{stroke:#c62828;stroke-dasharray:4 3}.marklabel{fill:#c62828}
.bar{fill:#1f77b4}.win{fill:#2ca02c}.whisker{stroke:#222;stroke-width:2}.bad{fill:none;stroke:#c62828;stroke-width:2}
@media print{body{margin:0}}
</style></head><body>
<h1>keydoctor bench</h1>
<p class="meta">{{.R.Target.Protocol}} {{.R.Target.URL}}, model {{.R.Target.Model}}{{if .R.Target.Tool}}, the path {{.R.Target.Tool}} takes{{end}}<br>
measured {{.R.Started.UTC.Format "2006-01-02 15:04 MST"}}; page written {{.Generated}}; no key is in this page</p>
{{range .Sections}}<section id="{{.ID}}"><h2>{{.Title}}</h2>
{{if .Empty}}<p class="empty">{{.Empty}}</p>{{else}}{{.Body}}{{end}}</section>
{{end}}</body></html>
`))
