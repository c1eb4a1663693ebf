package htmlreport

import (
	"bytes"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/keydoctor/keydoctor/internal/bench"
)

// TestTickTextDistinct: ticks a narrow range apart are printed apart
// (short's three digits printed 10.00, 10.05, 10.10 as 10.0 10.1 10.1).
func TestTickTextDistinct(t *testing.T) {
	for _, r := range [][2]float64{{10, 10.15}, {0, 1}, {99.5, 101}, {1000, 1003}, {0, 0.004}, {0, 800}} {
		ts := niceTicks(r[0], r[1], 6)
		var got []string
		for _, x := range ts {
			got = append(got, tickText(x, ts))
		}
		seen := map[string]bool{}
		for _, s := range got {
			if seen[s] {
				t.Errorf("%v: ticks %v repeat %q", r, got, s)
			}
			seen[s] = true
		}
	}
	ts := niceTicks(10, 10.15, 6)
	if got := tickText(ts[1], ts); got != "10.05" {
		t.Errorf("tick after 10 on a 0.05 step = %q, want 10.05", got)
	}
}

// TestPageNoRepeatedTicks: a run whose TTFTs all sit within 0.2 ms draws
// its distribution's axis without two equal labels.
func TestPageNoRepeatedTicks(t *testing.T) {
	var ss []bench.Sample
	for i := range 20 {
		ss = append(ss, sample("", 1, 10+float64(i)*0.0075, 1, 5))
	}
	r := bench.Report{Schema: bench.Schema, Started: time.Unix(1_700_000_000, 0),
		Target: bench.Target{BaseURL: "http://gw.example/api", Model: "m"}, Runs: []bench.Level{bench.Aggregate(1, ss, time.Second)}}
	var b bytes.Buffer
	if err := Render(&b, Data{Report: r, Samples: ss, Generated: time.Unix(1_700_000_000, 0)}); err != nil {
		t.Fatal(err)
	}
	page := b.String()
	i := strings.Index(page, `id="chart-cdf-ttft"`)
	if i < 0 {
		t.Fatal("no TTFT chart")
	}
	svg := page[i:]
	svg = svg[:strings.Index(svg, "</svg>")]
	var xs []string
	for _, m := range regexp.MustCompile(`text-anchor="middle">([^<]*)<`).FindAllStringSubmatch(svg, -1) {
		xs = append(xs, m[1])
	}
	if len(xs) < 2 {
		t.Fatalf("TTFT chart has %d x ticks: %v", len(xs), xs)
	}
	sorted := slices.Clone(xs)
	slices.Sort(sorted)
	if len(slices.Compact(sorted)) != len(xs) {
		t.Errorf("TTFT chart repeats x ticks: %v", xs)
	}
	if strings.Contains(page, "--raw") {
		t.Error("the page mentions --raw, and the run wrote no --raw file")
	}
	b.Reset()
	if err := Render(&b, Data{Report: r, Samples: ss, Raw: "~/runs.jsonl"}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "~/runs.jsonl (--raw)") {
		t.Error("the page does not name the --raw file the run wrote")
	}
}
