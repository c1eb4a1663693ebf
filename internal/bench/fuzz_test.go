package bench

import (
	"encoding/json"
	"testing"

	"github.com/keydoctor/keydoctor/internal/stats"
)

func FuzzParseSweep(f *testing.F) {
	for _, s := range []string{"1,2,4,8,16", "auto", " 1, 3 ,9", "4,2", "1,,2", "0", "-1,2", "99999999999999999999,1", "1,2,٣"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		sw, err := ParseSweep(s)
		if err != nil {
			return
		}
		if sw.Auto {
			return
		}
		if len(sw.Levels) < 2 {
			t.Fatalf("%q: accepted %v", s, sw.Levels)
		}
		for i, c := range sw.Levels {
			if c < 1 || (i > 0 && c <= sw.Levels[i-1]) {
				t.Fatalf("%q: accepted %v", s, sw.Levels)
			}
		}
	})
}

func FuzzParseReport(f *testing.F) {
	good, _ := json.Marshal(Report{Schema: Schema, Runs: []Level{{Concurrency: 2, OK: 3, TTFT: stats.Summary{N: 3, P50: 80}}}})
	f.Add(good)
	f.Add([]byte(`{"schema":"keydoctor/bench@1","runs":[]}`))
	f.Add([]byte(`{"schema":"keydoctor/bench@2","runs":[{"concurrency":1}]}`))
	f.Add([]byte(`{"schema":"keydoctor/bench@1","runs":[{"concurrency":0}]}`))
	f.Add([]byte(`{"schema":"keydoctor/bench@1","runs":[{"concurrency":1,"ttft_ms":{"p50":"x"}}]}`))
	f.Add([]byte(`not json`))
	f.Fuzz(func(t *testing.T, b []byte) {
		r, err := parseReport(b)
		if err != nil {
			return
		}
		if r.Schema != Schema || len(r.Runs) == 0 {
			t.Fatalf("accepted %+v", r)
		}
		// a parsed baseline always compares without panicking
		Compare(r.Runs, r.Runs, 0.2)
		FindKnee(r.Runs, DefaultKneeRule)
	})
}
