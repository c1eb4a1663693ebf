// Package htmlreport writes a benchmark as one self-contained HTML page:
// inline SVG charts and CSS, no script and nothing fetched, so that it
// opens anywhere, from a CI artifact or a mail, and prints as it shows.
package htmlreport

import (
	"fmt"
	"html"
	"math"
	"strconv"
	"strings"
)

// palette are the series colours, readable on white and in grey print.
var palette = []string{"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b", "#e377c2"}

// chart geometry, in SVG user units.
const (
	width, height          = 640.0, 272.0
	left, right, top, base = 58.0, 40.0, 28.0, 40.0
)

// series is one line of a line chart.
type series struct {
	name string
	xs   []float64
	ys   []float64
	dots []bool // points to circle in red (regressions)
}

// lineChart is an x/y chart of several series.
type lineChart struct {
	id, title, xLabel, yLabel string
	logX                      bool
	xTicks                    []float64 // when set, the x axis shows exactly these
	xTickLabel                func(float64) string
	lines                     []series
	marks                     []mark // vertical lines, e.g. the knee
}

type mark struct {
	x     float64
	label string
}

func (c lineChart) svg() string {
	var b strings.Builder
	xs, ys := c.extent()
	tx := func(x float64) float64 {
		return left + (c.fx(x)-c.fx(xs[0]))/span(c.fx(xs[0]), c.fx(xs[1]))*(width-left-right)
	}
	ty := func(y float64) float64 { return height - base - (y-ys[0])/span(ys[0], ys[1])*(height-top-base) }
	open(&b, c.id, c.title)
	axes(&b, c.xLabel, c.yLabel)
	yt := niceTicks(ys[0], ys[1], 5)
	for _, t := range yt {
		fmt.Fprintf(&b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" class="grid"/>`, left, ty(t), width-right, ty(t))
		fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" class="tick" text-anchor="end">%s</text>`, left-4, ty(t)+4, tickText(t, yt))
	}
	xt := c.xTicks
	label := c.xTickLabel
	if len(xt) == 0 {
		all := niceTicks(xs[0], xs[1], 6)
		for _, t := range all {
			if t >= xs[0] && t <= xs[1] { // no tick outside the plot
				xt = append(xt, t)
			}
		}
		label = func(t float64) string { return tickText(t, all) }
	}
	if label == nil {
		label = short
	}
	for _, t := range xt {
		fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" class="tick" text-anchor="middle">%s</text>`, tx(t), height-base+14, esc(label(t)))
	}
	for _, m := range c.marks {
		fmt.Fprintf(&b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" class="mark"/><text x="%.1f" y="%.1f" class="marklabel">%s</text>`,
			tx(m.x), top, tx(m.x), height-base, tx(m.x)+4, top+12, esc(m.label))
	}
	for i, s := range c.lines {
		color := palette[i%len(palette)]
		var pts []string
		for j := range s.xs {
			pts = append(pts, fmt.Sprintf("%.1f,%.1f", tx(s.xs[j]), ty(s.ys[j])))
		}
		fmt.Fprintf(&b, `<polyline points="%s" fill="none" stroke="%s" stroke-width="2"><title>%s</title></polyline>`, strings.Join(pts, " "), color, esc(s.name))
		for j := range s.dots {
			if s.dots[j] {
				fmt.Fprintf(&b, `<circle cx="%.1f" cy="%.1f" r="5" class="bad"><title>regressed</title></circle>`, tx(s.xs[j]), ty(s.ys[j]))
			}
		}
		if len(s.xs) == 1 { // a single point draws no line
			fmt.Fprintf(&b, `<circle cx="%.1f" cy="%.1f" r="3" fill="%s"/>`, tx(s.xs[0]), ty(s.ys[0]), color)
		}
	}
	legend(&b, c.lines)
	b.WriteString("</svg>")
	return b.String()
}

// fx is the x scale: log2 for concurrency.
func (c lineChart) fx(x float64) float64 {
	if c.logX {
		return math.Log2(math.Max(x, 1e-9))
	}
	return x
}

// extent is the x and y range of every line, y from 0.
func (c lineChart) extent() ([2]float64, [2]float64) {
	xs, ys := [2]float64{math.Inf(1), math.Inf(-1)}, [2]float64{0, math.Inf(-1)}
	for _, s := range c.lines {
		for i := range s.xs {
			xs[0], xs[1] = math.Min(xs[0], s.xs[i]), math.Max(xs[1], s.xs[i])
			ys[1] = math.Max(ys[1], s.ys[i])
		}
	}
	if math.IsInf(xs[0], 1) {
		xs, ys = [2]float64{0, 1}, [2]float64{0, 1}
	}
	if ys[1] <= 0 {
		ys[1] = 1
	}
	ts := niceTicks(0, ys[1], 5)
	ys[1] = math.Max(ys[1], ts[len(ts)-1])
	return xs, ys
}

func span(a, b float64) float64 {
	if b-a == 0 {
		return 1
	}
	return b - a
}

// bar is one bar of a bar chart, with an optional interval.
type bar struct {
	label     string
	value     float64
	low, high float64 // whisker; equal to value for none
	note      string
	highlight bool
}

// barChart draws horizontal bars, one per label.
func barChart(id, title, unit string, bars []bar) string {
	var b strings.Builder
	h := top + base/2 + float64(len(bars))*28
	fmt.Fprintf(&b, `<svg id="%s" class="chart" viewBox="0 0 %.0f %.0f" width="%.0f" height="%.0f" role="img" aria-label="%s"><title>%s</title>`,
		id, width, h, width, h, esc(title), esc(title))
	hi := 0.0
	for _, x := range bars {
		hi = math.Max(hi, math.Max(x.value, x.high))
	}
	if hi <= 0 {
		hi = 1
	}
	const labelW = 170.0
	scale := (width - labelW - 190) / hi // room for the value and its note
	for i, x := range bars {
		y := top + float64(i)*28
		class := "bar"
		if x.highlight {
			class = "bar win"
		}
		fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" class="label" text-anchor="end">%s</text>`, labelW-6, y+15, esc(x.label))
		fmt.Fprintf(&b, `<rect x="%.1f" y="%.1f" width="%.1f" height="18" class="%s"><title>%s: %s %s</title></rect>`,
			labelW, y+2, math.Max(x.value*scale, 1), class, esc(x.label), short(x.value), unit)
		if x.high > x.low {
			fmt.Fprintf(&b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" class="whisker"/>`, labelW+x.low*scale, y+11, labelW+x.high*scale, y+11)
		}
		fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" class="value">%s %s %s</text>`, labelW+math.Max(x.value, x.high)*scale+6, y+15, short(x.value), unit, esc(x.note))
	}
	b.WriteString("</svg>")
	return b.String()
}

func open(b *strings.Builder, id, title string) {
	fmt.Fprintf(b, `<svg id="%s" class="chart" viewBox="0 0 %.0f %.0f" width="%.0f" height="%.0f" role="img" aria-label="%s"><title>%s</title>`,
		id, width, height, width, height, esc(title), esc(title))
}

func axes(b *strings.Builder, xl, yl string) {
	fmt.Fprintf(b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" class="axis"/>`, left, height-base, width-right, height-base)
	fmt.Fprintf(b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" class="axis"/>`, left, top, left, height-base)
	fmt.Fprintf(b, `<text x="%.1f" y="%.1f" class="axislabel" text-anchor="middle">%s</text>`, (left+width-right)/2, height-6, esc(xl))
	fmt.Fprintf(b, `<text x="12" y="%.1f" class="axislabel" text-anchor="middle" transform="rotate(-90 12 %.1f)">%s</text>`, (top+height-base)/2, (top+height-base)/2, esc(yl))
}

func legend(b *strings.Builder, lines []series) {
	x := left + 8
	for i, s := range lines {
		if len(lines) == 1 {
			return
		}
		fmt.Fprintf(b, `<rect x="%.1f" y="4" width="10" height="10" fill="%s"/><text x="%.1f" y="13" class="legend">%s</text>`,
			x, palette[i%len(palette)], x+14, esc(s.name))
		x += 24 + 7*float64(len([]rune(s.name)))
	}
}

// niceTicks are about n round values from lo to at least hi.
func niceTicks(lo, hi float64, n int) []float64 {
	if hi <= lo {
		return []float64{lo}
	}
	step := math.Pow(10, math.Floor(math.Log10((hi-lo)/float64(n))))
	for _, m := range []float64{1, 2, 5, 10} {
		if (hi-lo)/(step*m) <= float64(n) {
			step *= m
			break
		}
	}
	var out []float64
	for t := math.Floor(lo/step) * step; t <= hi+step*0.999; t += step {
		out = append(out, t)
	}
	return out
}

// tickText prints one of the ticks ts with as many decimals as their step
// needs: short's three digits would print 10.05 and 10.10 both as "10.1".
func tickText(t float64, ts []float64) string {
	if len(ts) < 2 {
		return short(t)
	}
	step := ts[1] - ts[0]
	d := 0
	if step > 0 && step < 1 {
		d = int(math.Ceil(-math.Log10(step) - 1e-9))
	}
	return strconv.FormatFloat(t, 'f', d, 64)
}

// short prints a number compactly.
func short(v float64) string {
	switch a := math.Abs(v); {
	case a >= 1000:
		return fmt.Sprintf("%.0f", v)
	case a >= 100:
		return fmt.Sprintf("%.0f", v)
	case a >= 10:
		return fmt.Sprintf("%.1f", v)
	case a == 0:
		return "0"
	}
	return fmt.Sprintf("%.2f", v)
}

func esc(s string) string { return html.EscapeString(s) }
