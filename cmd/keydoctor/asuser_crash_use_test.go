package main

import (
	"strconv"
	"strings"
	"testing"
)

// TestRestoreLastAfterKilledUse kills a real 'use alt' with SIGKILL at
// every step of its writes in turn (its backup's begun record, each copy,
// the manifest, each tool file, the profile store), then runs 'restore
// --last'. From the moment the begun record exists, restore --last puts
// back the state before that use, finished or not: the tools' files and
// the profile store (the default profile back on taotoken). Before it, the
// use left no trace and changed nothing, and restore --last undoes the run
// before (setup's). An unkilled use is undone the same way.
func TestRestoreLastAfterKilledUse(t *testing.T) {
	binaryTest(t)
	forEachUser(t, func(t *testing.T, u binUser) {
		t.Parallel() // each kill waits on fsync more than on the CPU
		probe := serialHome(t, u)
		before := serialState(probe)
		probe.Env = append(probe.Env, "KEYDOCTOR_CRASH_TRACE="+probe.Path("trace"))
		wantCode(t, probe.Run("use", "alt", "--yes"), 0)
		if sameState(serialState(probe), before) {
			t.Fatal("use changed nothing: the test would prove nothing")
		}
		wantCode(t, probe.Run("restore", "--last"), 0)
		if got := serialState(probe); !sameState(got, before) {
			t.Fatalf("restore --last after use left %v, want %v", got, before)
		}
		trace := probe.ReadFile("trace")
		// The begun record is the use's first write; restore's own writes
		// follow the use's in the trace.
		if !strings.HasPrefix(trace, "1 created ") || !strings.Contains(strings.SplitN(trace, "\n", 2)[0], "manifest.json") {
			t.Fatalf("the use's first write is not its backup's begun record:\n%s", trace)
		}
		steps := 0
		for _, l := range strings.Split(trace, "\n") {
			if strings.Contains(l, ".config/keydoctor/profiles.yaml") && strings.Contains(l, " renamed ") {
				steps, _ = strconv.Atoi(strings.Fields(l)[0])
				break // the use's store write; what follows is its seal and the restore
			}
		}
		if steps < 4*4 {
			t.Fatalf("only %d crash points in the use:\n%s", steps, trace)
		}
		every := 1
		if testing.Short() {
			every = 4
		}
		tally := map[string]int{}
		for k := 1; k <= steps+4; k += every {
			h := serialHome(t, u)
			setUp := serialState(h)
			h.Env = append(h.Env, "KEYDOCTOR_CRASH_AT="+strconv.Itoa(k))
			r := h.Run("use", "alt", "--yes")
			h.Env = h.Env[:len(h.Env)-1]
			noCanary(t, r)
			if r.Code != -1 {
				t.Fatalf("step %d: use was not killed (exit %d)", k, r.Code)
			}
			wantCode(t, h.Run("restore", "--last"), 0)
			got := serialState(h)
			switch {
			case k < 4: // the begun record is not there yet
				if sameState(got, setUp) {
					t.Errorf("step %d: restore --last did not undo the setup before a use that left nothing", k)
				}
				tally["kills before the begun record"]++
			case !sameState(got, before):
				for f, v := range got {
					if v != before[f] {
						t.Errorf("step %d: after restore --last %s holds\n%s\nnot what it held before the use:\n%s", k, f, v, before[f])
					}
				}
			default:
				tally["kills undone by restore --last"]++
			}
			noLeftovers(t, h)
		}
		t.Logf("%s: %d crash points, %v", u.Name, steps, tally)
	})
}
