package htmlreport

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"time"

	"github.com/keydoctor/keydoctor/internal/bench"
)

// maxCurvePoints bounds each distribution curve: a 1,000-request run
// draws as finely as the eye sees and the page stays small.
const maxCurvePoints = 200

// group is a set of samples drawn as one curve: a side of a comparison,
// or a level of a sweep.
type group struct {
	name    string
	samples []*bench.Sample
}

// groups splits the measured, successful samples by side or level.
func groups(r bench.Report, samples []bench.Sample) []group {
	var out []group
	idx := map[string]int{}
	for i := range samples {
		s := &samples[i]
		if s.Warmup || !s.OK() {
			continue
		}
		name := s.Label
		if name == "" {
			name = "c=" + strconv.Itoa(s.Concurrency)
		}
		j, ok := idx[name]
		if !ok {
			j, idx[name] = len(out), len(out)
			out = append(out, group{name: name})
		}
		out[j].samples = append(out[j].samples, s)
	}
	return out
}

// cdfChart is the distribution of one metric per group, as a cumulative
// curve: the share of requests at or below each value.
func cdfChart(id, metric string, gs []group, get func(*bench.Sample) (float64, bool)) (string, bool) {
	c := lineChart{id: id, title: metric + ": share of requests at or below", xLabel: metric + " (ms)", yLabel: "share of requests (%)"}
	for _, g := range gs {
		var v []float64
		for _, s := range g.samples {
			if x, ok := get(s); ok {
				v = append(v, x)
			}
		}
		if len(v) == 0 {
			continue
		}
		slices.Sort(v)
		var s series
		s.name = g.name
		step := math.Max(1, float64(len(v))/maxCurvePoints)
		for i := 0.0; int(i) < len(v); i += step {
			s.xs = append(s.xs, v[int(i)])
			s.ys = append(s.ys, 100*(i+1)/float64(len(v)))
		}
		s.xs, s.ys = append(s.xs, v[len(v)-1]), append(s.ys, 100)
		c.lines = append(c.lines, s)
	}
	if len(c.lines) == 0 {
		return "", false
	}
	return c.svg(), true
}

// sweepCharts are latency and throughput against concurrency, the knee
// marked on both.
func sweepCharts(r bench.Report) (string, bool) {
	if r.Knee == nil || len(r.Runs) < 2 {
		return "", false
	}
	lat := lineChart{id: "chart-sweep", title: "latency against concurrency", xLabel: "concurrency", yLabel: "ms", logX: true}
	tps := lineChart{id: "chart-sweep-throughput", title: "throughput against concurrency", xLabel: "concurrency", yLabel: "tokens/s", logX: true}
	metric := "TTFT"
	get := func(l bench.Level) (float64, float64) { return l.TTFT.P50, l.TTFT.P90 }
	if r.Runs[0].TTFT.N == 0 {
		metric, get = "E2E", func(l bench.Level) (float64, float64) { return l.E2E.P50, l.E2E.P90 }
	}
	p50, p90, thr := series{name: metric + " p50"}, series{name: metric + " p90"}, series{name: "tokens/s"}
	whole := func(x float64) string { return strconv.Itoa(int(x)) }
	lat.xTickLabel, tps.xTickLabel = whole, whole
	for _, l := range r.Runs {
		if l.Label != "" {
			continue // a comparison's side, not a level
		}
		c := float64(l.Concurrency)
		a, b := get(l)
		p50.xs, p50.ys = append(p50.xs, c), append(p50.ys, a)
		p90.xs, p90.ys = append(p90.xs, c), append(p90.ys, b)
		thr.xs, thr.ys = append(thr.xs, c), append(thr.ys, l.TokensPerS)
		lat.xTicks, tps.xTicks = append(lat.xTicks, c), append(tps.xTicks, c)
	}
	lat.lines, tps.lines = []series{p50, p90}, []series{thr}
	if r.Knee.Found() && r.Knee.Concurrency > 0 && r.Knee.Signal != "client" {
		m := mark{x: float64(r.Knee.Concurrency), label: fmt.Sprintf("knee: %d (%s)", r.Knee.Concurrency, r.Knee.Signal)}
		lat.marks, tps.marks = []mark{m}, []mark{m}
	}
	return lat.svg() + tps.svg(), true
}

// compareChart is a comparison's sides, TTFT p50 (E2E when any side did
// not stream) with the bootstrap interval of each difference.
func compareChart(r bench.Report) (string, bool) {
	if len(r.Variants) == 0 {
		return "", false
	}
	metric, key := "TTFT", "ttft_p50"
	get := func(l bench.Level) float64 { return l.TTFT.P50 }
	for _, l := range r.Runs {
		if l.TTFT.N == 0 {
			metric, key, get = "E2E", "e2e_p50", func(l bench.Level) float64 { return l.E2E.P50 }
		}
	}
	var bars []bar
	for _, l := range r.Runs {
		if l.Label == "" {
			continue // a level, not a side
		}
		x := bar{label: l.Label, value: get(l), highlight: l.Label == r.Winner}
		x.low, x.high = x.value, x.value
		if l.Label == r.Variants[0].Label {
			x.note = "(reference)"
		}
		for _, d := range r.Differences {
			if d.Label == l.Label && d.Metric == key {
				x.low, x.high = d.Ref+d.Low, d.Ref+d.High
				x.note = fmt.Sprintf("%+.1f ms, %s", d.Diff, d.Verdict)
			}
		}
		bars = append(bars, x)
	}
	return barChart("chart-compare", metric+" p50 by side, with the 95% interval of each difference", "ms", bars), true
}

// historyChart is the trend of the series this run belongs to.
func historyChart(h []bench.Series) (string, bool) {
	var out string
	for i, s := range h {
		if len(s.Points) < 2 {
			continue
		}
		c := lineChart{id: fmt.Sprintf("chart-history-%d", i), title: "trend: " + s.Model + " at " + s.BaseURL,
			xLabel: "run", yLabel: "ms"}
		p50, p90, tpot := series{name: "TTFT p50"}, series{name: "TTFT p90"}, series{name: "TPOT p50"}
		for j, p := range s.Points {
			x := float64(j + 1)
			p50.xs, p50.ys, p50.dots = append(p50.xs, x), append(p50.ys, p.TTFTP50), append(p50.dots, p.Regressed)
			p90.xs, p90.ys = append(p90.xs, x), append(p90.ys, p.TTFTP90)
			tpot.xs, tpot.ys = append(tpot.xs, x), append(tpot.ys, p.TPOTP50)
			c.xTicks = append(c.xTicks, x)
		}
		pts := s.Points
		c.xTickLabel = func(x float64) string {
			if i := int(x) - 1; i >= 0 && i < len(pts) {
				return pts[i].Started.UTC().Format("01-02 15:04")
			}
			return ""
		}
		if len(pts) > 8 { // keep the labels apart
			c.xTicks = thin(c.xTicks, 8)
		}
		c.lines = []series{p50, p90, tpot}
		out += c.svg()
	}
	return out, out != ""
}

func thin(v []float64, n int) []float64 {
	var out []float64
	step := float64(len(v)) / float64(n)
	for i := 0.0; int(i) < len(v); i += step {
		out = append(out, v[int(i)])
	}
	return out
}

func msOf(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
