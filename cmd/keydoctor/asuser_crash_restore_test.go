package main

import (
	"encoding/json"
	"path"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/internal/restore"
)

// TestKilledRestore kills a real `restore NAME` with SIGKILL at every step
// of its writes in turn (the crash points of the binary built with
// crashTag: its own backup of the current state, then every file put back),
// as the test's user and as nobody. After each kill every tool file holds
// either what setup left (before the restore) or what the backup holds
// (after it), whole; the next restore removes the temporary copies the
// kill left (and says so), finishes the job and leaves no unfinished
// backup. Figures go to the log (go test -v -run TestKilledRestore).
func TestKilledRestore(t *testing.T) {
	binaryTest(t)
	forEachUser(t, func(t *testing.T, u binUser) {
		t.Parallel() // each kill waits on fsync more than on the CPU
		seeded := keyedHome(t, u)
		seedHome(seeded)
		restored := toolState(seeded) // what the backup holds: setup's files absent
		probe, name := setUpForRestore(t, u)
		setUp := toolState(probe)
		if sameState(setUp, restored) {
			t.Fatal("setup changed nothing: the test would prove nothing")
		}
		probe.Env = append(probe.Env, "KEYDOCTOR_CRASH_TRACE="+probe.Path("trace"))
		wantCode(t, probe.Run("restore", name), 0)
		if got := toolState(probe); !sameState(got, restored) {
			t.Fatalf("an unkilled restore left %v, want %v", got, restored)
		}
		trace := probe.ReadFile("trace")
		steps := strings.Count(trace, "\n")
		// Its own backup (a copy per file and a manifest) and the three
		// files setup changed, four steps each.
		if steps < 4*3 {
			t.Fatalf("only %d crash points traced:\n%s", steps, trace)
		}
		every := 1
		if testing.Short() {
			every = 5
		}
		tally := map[string]int{}
		for k := 1; k <= steps; k += every {
			h, name := setUpForRestore(t, u)
			h.Env = append(h.Env, "KEYDOCTOR_CRASH_AT="+strconv.Itoa(k))
			r := h.Run("restore", name)
			h.Env = h.Env[:len(h.Env)-1]
			if r.Code != -1 {
				t.Fatalf("step %d: the restore was not killed (exit %d)", k, r.Code)
			}
			noCanary(t, r)
			for f, v := range toolState(h) {
				switch {
				case v == setUp[f] && v == restored[f]:
				case v == setUp[f]:
					tally["files as setup left them"]++
				case v == restored[f]:
					tally["files restored"]++
				default:
					tally["files in neither state"]++
					t.Errorf("step %d: %s holds neither what setup wrote nor what the backup holds:\n%s", k, f, v)
				}
			}
			left := leftoversIn(h)
			tally["kills leaving temp files"] += min(len(left), 1)
			again := h.Run("restore", name, "--json")
			wantCode(t, again, 0)
			removed := removedLeftovers(t, again.Stdout)
			if miss := notCovered(left, removed); len(miss) > 0 {
				t.Errorf("step %d: the next restore removed %v, the kill left %v", k, removed, miss)
			}
			tally["unfinished backups removed"] += unfinishedBackups(removed)
			if got := toolState(h); !sameState(got, restored) {
				t.Errorf("step %d: the restore after the kill did not finish the job: %v", k, got)
			}
			noLeftovers(t, h)
			noUnfinishedBackup(t, h, k)
			tally["kills"]++
		}
		t.Logf("%s: %d crash points, %v", u.Name, steps, tally)
	})
}

// setUpForRestore is a seeded home after one setup, and the name of the
// backup that setup made (what restore puts back).
func setUpForRestore(t *testing.T, u binUser) (*userHome, string) {
	t.Helper()
	h := keyedHome(t, u)
	seedHome(h)
	r := h.Run(setupArgs("model-a")...)
	wantCode(t, r, 0)
	var rep setupJSON
	if err := json.Unmarshal([]byte(r.Stdout), &rep); err != nil || rep.Backup == "" {
		t.Fatalf("setup --json without a backup (%v):\n%s", err, r.Stdout)
	}
	return h, path.Base(rep.Backup)
}

// removedLeftovers is the removed_leftovers list of a `restore --json`,
// as ~/ paths (one under the project, the working directory, is shown
// relative to it).
func removedLeftovers(t *testing.T, stdout string) []string {
	t.Helper()
	var doc restore.Doc
	if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
		t.Fatalf("restore --json: %v\n%s", err, stdout)
	}
	var out []string
	for _, p := range doc.RemovedLeftovers {
		if !strings.HasPrefix(p, "~/") {
			p = "~/proj/" + p
		}
		out = append(out, p)
	}
	sort.Strings(out)
	return out
}

// notCovered are the temp files of left that removed does not name,
// itself or through the unfinished backup directory holding it.
func notCovered(left, removed []string) []string {
	var miss []string
	for _, l := range left {
		found := false
		for _, r := range removed {
			found = found || l == r || strings.HasPrefix(l, r+"/")
		}
		if !found {
			miss = append(miss, l)
		}
	}
	return miss
}

// unfinishedBackups counts the backup directories among removed.
func unfinishedBackups(removed []string) int {
	n := 0
	for _, r := range removed {
		if strings.HasPrefix(r, "~/.config/keydoctor/backups/") {
			n++
		}
	}
	return n
}
