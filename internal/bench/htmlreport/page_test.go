package htmlreport

import (
	"bytes"
	"context"
	"encoding/xml"
	"errors"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/keydoctor/keydoctor/internal/bench"
	"github.com/keydoctor/keydoctor/internal/probe"
	"github.com/keydoctor/keydoctor/internal/stats"
	"github.com/keydoctor/keydoctor/internal/testutil"
)

const testKey = "sk-test-0123456789abcdef0123"

// sample is a successful streamed request of the given timing (ms).
func sample(label string, c int, ttft, tpot float64, tokens int) bench.Sample {
	d := func(v float64) time.Duration { return time.Duration(v * float64(time.Millisecond)) }
	s := bench.Sample{Label: label, Concurrency: c, Streamed: true, Tokens: tokens, HasTPOT: true, TPOT: d(tpot),
		Deltas: []time.Duration{d(ttft), d(ttft + tpot*float64(tokens-1))}, Timings: probe.Timings{End: d(ttft + tpot*float64(tokens))}}
	return s
}

// fullData has every section: a sweep with its knee, a comparison, goals
// and a history. (One run is either a sweep or a comparison; the page
// draws whatever it is given.)
func fullData(n int) Data {
	rng := rand.New(rand.NewPCG(1, 2))
	var samples []bench.Sample
	var runs []bench.Level
	for _, c := range []int{1, 2, 4, 8} {
		var ss []bench.Sample
		for range n / 4 {
			wait := 0.0
			if c == 8 && rng.Float64() < 0.7 { // a queue: most wait a whole answer
				wait = 300
			}
			ss = append(ss, sample("", c, 80+wait+rng.NormFloat64()*3, 10+rng.NormFloat64()*0.3, 20))
		}
		window := time.Duration(float64(len(ss))*300/float64(min(c, 4))) * time.Millisecond // 4 served at once
		l := bench.Aggregate(c, ss, window)
		runs, samples = append(runs, l), append(samples, ss...)
	}
	knee := bench.FindKnee(runs, bench.DefaultKneeRule)
	r := bench.Report{Schema: bench.Schema, Started: time.Unix(1_700_000_000, 0),
		Target: bench.Target{BaseURL: "http://gw.example/api", Model: "gpt-4o <b>", Protocol: "chat", URL: "http://gw.example/api/v1/chat/completions"},
		Runs:   runs, Knee: &knee}
	// the comparison's sides
	for _, side := range []struct {
		label string
		ttft  float64
	}{{"gpt-4o", 80}, {"gpt-4o-mini", 40}} {
		var ss []bench.Sample
		for range 20 {
			ss = append(ss, sample(side.label, 2, side.ttft+rng.NormFloat64(), 8, 20))
		}
		l := bench.Aggregate(2, ss, time.Second)
		l.Label = side.label
		r.Runs, samples = append(r.Runs, l), append(samples, ss...)
		r.Variants = append(r.Variants, bench.Variant{Label: side.label, Model: side.label})
	}
	r.Differences = bench.Differences([]string{"gpt-4o", "gpt-4o-mini"}, samples, 1)
	r.Winner = bench.Winner([]string{"gpt-4o", "gpt-4o-mini"}, samples, 1)
	goals, _ := bench.ParseGoals(bench.ArticleGoals())
	s := bench.JudgeSLO(bench.ArticleGoals(), goals, runs, &runs[0], true)
	r.SLO = &s
	var hist []bench.Report
	for i, ttft := range []float64{80, 82, 79, 240} {
		h := r
		h.Started = r.Started.Add(time.Duration(i) * 24 * time.Hour)
		h.Runs = []bench.Level{{Concurrency: 1, Requests: 20, OK: 20, TTFT: stats.Summary{N: 20, P50: ttft, P90: ttft * 1.2}, TPOT: stats.Summary{N: 20, P50: 10}}}
		h.Variants = nil
		hist = append(hist, h)
	}
	return Data{Report: r, Samples: samples, History: bench.Trend(hist, 1), Generated: time.Unix(1_700_000_100, 0)}
}

// charts are the ids every full page must draw.
var charts = []string{"chart-cdf-ttft", "chart-cdf-tpot", "chart-cdf-e2e", "chart-sweep", "chart-sweep-throughput",
	"chart-compare", "table-slo", "chart-history-0", "table-summary"}

func render(t *testing.T, d Data) string {
	t.Helper()
	var b bytes.Buffer
	if err := Render(&b, d); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func TestPageHasEveryChart(t *testing.T) {
	page := render(t, fullData(200))
	for _, id := range charts {
		if !strings.Contains(page, `id="`+id+`"`) {
			t.Errorf("no %s", id)
		}
	}
	for _, want := range []string{"knee: 4 (ttft)", "winner: <b>gpt-4o-mini</b>", `class="missed">MISSED`, `class="bad"`, "gpt-4o &lt;b&gt;"} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	if strings.Contains(page, "<script") || strings.Contains(page, "http://gw.example/api/v1/chat/completions\"") || strings.Contains(page, testKey) {
		t.Error("a script, a link or a key in the page")
	}
	// every chart is well-formed XML
	for _, svg := range regexp.MustCompile(`(?s)<svg .*?</svg>`).FindAllString(page, -1) {
		if err := xml.Unmarshal([]byte(svg), new(struct{})); err != nil {
			t.Fatalf("malformed SVG: %v\n%.300s", err, svg)
		}
	}
}

func TestPageSays(t *testing.T) {
	d := fullData(40)
	d.Report.Knee, d.Report.Variants, d.Report.SLO, d.History = nil, nil, nil, nil
	page := render(t, d)
	for _, want := range []string{"not a sweep", "not a comparison", "no goals", "fewer than two saved runs"} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %q", want)
		}
	}
}

func TestPageSizeFor1000Requests(t *testing.T) {
	page := render(t, fullData(1000))
	if len(page) > 500<<10 {
		t.Fatalf("the page of a 1,000-request run is %d KB, want under 500", len(page)>>10)
	}
	t.Logf("%d KB", len(page)>>10)
}

// TestPageInChromium opens the page in a real headless browser (Debian's
// chromium) and checks the charts are in the DOM it built and that it
// draws a screenshot. Skipped where no browser is installed.
func TestPageInChromium(t *testing.T) {
	browser := ""
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			browser = p
			break
		}
	}
	if browser == "" {
		t.Skip("no chromium installed")
	}
	dir := testutil.TempDir(t)
	path := filepath.Join(dir, "bench.html")
	if err := os.WriteFile(path, []byte(render(t, fullData(1000))), 0o600); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	args := []string{"--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--user-data-dir=" + filepath.Join(dir, "profile")}
	dom, err := runBrowser(t, ctx, browser, append(args, "--dump-dom", "file://"+path), false)
	if err != nil {
		t.Fatalf("%s --dump-dom: %v", browser, err)
	}
	for _, id := range charts {
		if !strings.Contains(string(dom), `id="`+id+`"`) {
			t.Errorf("the browser's DOM has no %s", id)
		}
	}
	if n := strings.Count(string(dom), "<polyline"); n < 10 {
		t.Errorf("the browser's DOM has %d lines drawn", n)
	}
	shot := filepath.Join(dir, "bench.png")
	out, err := runBrowser(t, ctx, browser, append(args, "--window-size=800,3400", "--screenshot="+shot, "file://"+path), true)
	if err != nil {
		t.Fatalf("%s --screenshot: %v\n%s", browser, err, out)
	}
	png, err := os.ReadFile(shot)
	if err != nil || !bytes.HasPrefix(png, []byte("\x89PNG")) || len(png) < 20<<10 {
		t.Fatalf("screenshot: %d bytes, %v", len(png), err)
	}
	if keep := os.Getenv("KEYDOCTOR_KEEP_SCREENSHOT"); keep != "" {
		os.WriteFile(keep, png, 0o600)
	}
}

// runBrowser runs the browser once more when it dies by a signal, and
// skips the test when it crashes twice: a browser crash on a starved
// machine says nothing about the page (an exit status of its own still
// fails the test).
func runBrowser(t *testing.T, ctx context.Context, browser string, args []string, combined bool) ([]byte, error) {
	t.Helper()
	for try := 1; ; try++ {
		cmd := exec.CommandContext(ctx, browser, args...)
		var out []byte
		var err error
		if combined {
			out, err = cmd.CombinedOutput()
		} else {
			out, err = cmd.Output()
		}
		var exit *exec.ExitError
		if !errors.As(err, &exit) || ctx.Err() != nil || !exit.ProcessState.Sys().(syscall.WaitStatus).Signaled() {
			return out, err
		}
		if try == 2 {
			t.Skipf("%s crashed twice (%v): the page was not judged", browser, err)
		}
	}
}
