package main

import (
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/atomicfile"
)

// TestKilledSetup kills a real setup with SIGKILL at every step of its
// writes in turn (the crash points of the binary built with crashTag:
// each temporary file created, written, synced, renamed, backups
// included), as the test's user and as nobody. After each kill every tool
// file holds its old or its new content, doctor reports exactly the
// temporary copies left, and the next setup removes them and finishes the
// job, leaving no temporary file and no unfinished backup. Figures go to
// the log (go test -v -run TestKilledSetup).
func TestKilledSetup(t *testing.T) {
	binaryTest(t)
	forEachUser(t, func(t *testing.T, u binUser) {
		t.Parallel() // each kill waits on fsync more than on the CPU
		newState := soloResult(t, u, "model-a")
		probe := keyedHome(t, u)
		seedHome(probe)
		oldState := toolState(probe)
		trace := filepath.Join(probe.Home, "trace")
		probe.Env = append(probe.Env, "KEYDOCTOR_CRASH_TRACE="+trace)
		wantCode(t, probe.Run(setupArgs("model-a")...), 0)
		steps := strings.Count(probe.ReadFile("trace"), "\n")
		if steps < 4*len(toolFiles) {
			t.Fatalf("only %d crash points traced", steps)
		}
		every := 1
		if testing.Short() {
			every = 5
		}
		tally := map[string]int{}
		for k := 1; k <= steps; k += every {
			h := keyedHome(t, u)
			seedHome(h)
			h.Env = append(h.Env, "KEYDOCTOR_CRASH_AT="+strconv.Itoa(k))
			r := h.Run(setupArgs("model-a")...)
			h.Env = h.Env[:len(h.Env)-1]
			if r.Code != -1 {
				t.Fatalf("step %d: the run was not killed (exit %d)", k, r.Code)
			}
			old, neu, lost := 0, 0, 0
			for f, v := range toolState(h) {
				switch {
				case v == oldState[f] && v == newState[f]:
				case v == oldState[f]:
					old++
				case v == newState[f]:
					neu++
				default:
					lost += len(oldState[f])
					t.Errorf("step %d: %s holds neither its old nor its new content:\n%s", k, f, v)
				}
			}
			tally["files old"] += old
			tally["files new"] += neu
			tally["bytes lost"] += lost
			left := leftoversIn(h)
			tally["kills leaving temp files"] += min(len(left), 1)
			// doctor at every third point (they cycle through the four
			// steps of a write), to keep the test short.
			if k%3 == 0 {
				if got := doctorLeftovers(t, h); strings.Join(got, " ") != strings.Join(left, " ") {
					t.Errorf("step %d: doctor reports %v, the home holds %v", k, got, left)
				}
				tally["doctor runs"]++
			}
			wantCode(t, h.Run(setupArgs("model-a")...), 0)
			if got := toolState(h); !sameState(got, newState) {
				t.Errorf("step %d: the run after the kill did not finish the job: %v", k, got)
			}
			noLeftovers(t, h)
			noUnfinishedBackup(t, h, k)
			tally["kills"]++
		}
		t.Logf("%s: %d crash points, %v", u.Name, steps, tally)
	})
}

// leftoversIn lists every temporary copy in the home, as ~/ paths.
func leftoversIn(h *userHome) []string {
	var out []string
	filepath.WalkDir(h.Home, func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.IsDir() {
			l, _ := atomicfile.Leftovers(p)
			for _, x := range l {
				out = append(out, "~"+strings.TrimPrefix(x.Path, h.Home))
			}
		}
		return nil
	})
	sort.Strings(out)
	return out
}

// doctorLeftovers are the temp-file-left sources `doctor --offline` reports.
func doctorLeftovers(t *testing.T, h *userHome) []string {
	t.Helper()
	r := h.Run("doctor", "--offline", "--json")
	noCanary(t, r)
	var rep doctor.Report
	if err := json.Unmarshal([]byte(r.Stdout), &rep); err != nil {
		t.Fatalf("doctor --json: %v\n%s", err, r.Stdout)
	}
	var out []string
	for _, f := range rep.Findings {
		if f.Code == "temp-file-left" {
			out = append(out, f.Source)
		}
	}
	sort.Strings(out)
	return out
}

// noUnfinishedBackup fails on a backup directory without its manifest.
func noUnfinishedBackup(t *testing.T, h *userHome, step int) {
	t.Helper()
	entries, _ := os.ReadDir(h.Path(".config/keydoctor/backups"))
	for _, e := range entries {
		if _, err := os.Stat(filepath.Join(h.Path(".config/keydoctor/backups"), e.Name(), "manifest.json")); errors.Is(err, fs.ErrNotExist) {
			t.Errorf("step %d: unfinished backup %s left", step, e.Name())
		}
	}
}
