package bench

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/keydoctor/keydoctor/internal/stats"
	"github.com/keydoctor/keydoctor/internal/testutil"
)

// run is a saved single-level run at t0 + i hours with TTFT p50 ttft.
func run(i int, ttft float64) Report {
	l := Level{Concurrency: 1, Requests: 60, OK: 60, Errors: map[string]int{}, Stream: true,
		TTFT: stats.Summary{N: 20, P50: ttft, P90: ttft * 1.1}, TPOT: stats.Summary{N: 20, P50: 10, P90: 11}, TokensPerS: 70}
	return Report{Schema: Schema, Started: time.Unix(1_700_000_000, 0).Add(time.Duration(i) * time.Hour),
		Target: Target{BaseURL: "http://gw.example/api", Model: "gpt-4o", Protocol: "chat"}, Runs: []Level{l}}
}

func TestHistoryRoundTrip(t *testing.T) {
	path := filepath.Join(testutil.TempDir(t), "data", "keydoctor", HistoryFile)
	for i, ttft := range []float64{80, 82, 79} {
		if err := AppendHistory(path, run(i, ttft)); err != nil {
			t.Fatal(err)
		}
	}
	fi, err := os.Stat(path)
	if err != nil || runtime.GOOS != "windows" && fi.Mode().Perm() != 0o600 { // no modes there
		t.Fatalf("history file %v %v", fi, err)
	}
	// a torn line (a run cut short while writing) is skipped and named
	f, _ := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	f.WriteString(`{"schema":"keydoctor/bench@1","runs":[{"concur` + "\n")
	f.Close()
	if err := AppendHistory(path, run(3, 81)); err != nil {
		t.Fatal(err)
	}
	runs, skipped, err := LoadHistory(path)
	if err != nil || len(runs) != 4 || len(skipped) != 1 || !strings.HasPrefix(skipped[0], "line 4:") {
		t.Fatalf("runs %d, skipped %v, %v", len(runs), skipped, err)
	}
	if runs[1].Runs[0].TTFT.P50 != 82 {
		t.Errorf("second run %+v", runs[1].Runs[0].TTFT)
	}
}

func TestTrendFlagsTheTripledRun(t *testing.T) {
	var runs []Report
	for i, ttft := range []float64{80, 83, 78, 81, 240, 80} {
		runs = append(runs, run(i, ttft))
	}
	// out of order on disk: the trend sorts by time
	runs[0], runs[5] = runs[5], runs[0]
	series := Trend(runs, 0.5)
	if len(series) != 1 || len(series[0].Points) != 6 {
		t.Fatalf("series %+v", series)
	}
	for i, p := range series[0].Points {
		want := i == 4
		if p.Regressed != want {
			t.Errorf("run %d (TTFT %v): regressed %v %v", i, p.TTFTP50, p.Regressed, p.Why)
		}
	}
	why := strings.Join(series[0].Points[4].Why, "; ")
	if !strings.Contains(why, "TTFT p50 rose 80.0 → 240 (+200%") {
		t.Errorf("why %q", why)
	}
	// the run after the spike is judged against a median the spike does not move
	if series[0].Points[5].Regressed {
		t.Error("back to normal is not a regression")
	}
	// sides of a comparison and different loads are separate series
	cmp := run(6, 50)
	cmp.Runs = append(cmp.Runs, cmp.Runs[0])
	cmp.Runs[0].Label, cmp.Runs[1].Label = "a", "b"
	cmp.Variants = []Variant{{Label: "a", Model: "m-a", BaseURL: "http://x"}, {Label: "b", Model: "m-b", BaseURL: "http://x"}}
	if s := Trend(append(runs, cmp), 0.5); len(s) != 3 || s[2].Model != "m-b" {
		t.Errorf("comparison series %+v", s)
	}
}
