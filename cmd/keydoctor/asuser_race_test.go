package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/writers"
)

// trialCount is def, or the number in the variable (for measurements:
// KEYDOCTOR_RACE_TRIALS=100 go test -run TestConcurrentSetups).
func trialCount(name string, def int) int {
	if n, err := strconv.Atoi(os.Getenv(name)); err == nil && n > 0 {
		return n
	}
	if testing.Short() {
		return 1
	}
	return def
}

// seedHome gives a home some files of its own before setup runs.
func seedHome(h *userHome) {
	h.WriteFile(".claude/settings.json", "{\n  \"permissions\": {\"allow\": [\"Bash(ls)\"]},\n  \"model\": \"opus\"\n}\n", 0o600)
	h.WriteFile(".codex/config.toml", "# mine\napproval_policy = \"on-request\"\n\n[features]\nweb_search = true\n", 0o644)
	h.WriteFile("proj/.env", "PORT=8080\n", 0o600)
}

var updatedAt = regexp.MustCompile(`"updatedAt": "[^"]*"`)

// toolState is the content of every tool file ("" when missing), with
// Cline's updatedAt timestamp (the time of the run) blanked.
func toolState(h *userHome) map[string]string {
	m := map[string]string{}
	for _, f := range toolFiles {
		m[f] = updatedAt.ReplaceAllString(h.ReadFile(f), `"updatedAt": ""`)
	}
	return m
}

func setupArgs(model string) []string {
	return []string{"setup", "--yes", "--json", "--tools", allToolsFlag, "--model", model}
}

// soloResult is what one setup alone leaves in a seeded home.
func soloResult(t *testing.T, u binUser, model string) map[string]string {
	h := keyedHome(t, u)
	seedHome(h)
	wantCode(t, h.Run(setupArgs(model)...), 0)
	return toolState(h)
}

func sameState(a, b map[string]string) bool {
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return len(a) == len(b)
}

// setupJSON is the part of setup's --json report the race test reads.
type setupJSON struct {
	Backup string `json:"backup"`
	Files  []struct {
		Path   string `json:"path"`
		Action string `json:"action"`
	} `json:"files"`
}

// TestConcurrentSetups runs pairs of setups with different models at the
// same time in one home, with the default wait (the second waits for the
// first) and with none (the second exits 2 naming the first's pid).
// Afterwards every tool file holds exactly one run's result, the run whose
// result it is exited 0, and a loser that also exited 0 had planned
// against the winner-to-be's predecessor: its backup holds what the other
// wrote, so no edit was lost.
func TestConcurrentSetups(t *testing.T) {
	binaryTest(t)
	forEachUser(t, func(t *testing.T, u binUser) {
		want := map[string]map[string]string{"a": soloResult(t, u, "model-a"), "b": soloResult(t, u, "model-b")}
		for _, wait := range []string{"default", "0"} {
			t.Run("wait="+wait, func(t *testing.T) {
				n := trialCount("KEYDOCTOR_RACE_TRIALS", 4)
				tally := map[string]int{}
				for i := 0; i < n; i++ {
					tally[racePair(t, u, wait, want)]++
				}
				t.Logf("%s, wait %s: %d pairs: %v", u.Name, wait, n, tally)
			})
		}
	})
}

// racePair runs one pair and returns its outcome.
func racePair(t *testing.T, u binUser, wait string, want map[string]map[string]string) string {
	t.Helper()
	h := keyedHome(t, u)
	seedHome(h)
	if wait != "default" {
		h.Env = append(h.Env, "KEYDOCTOR_LOCK_WAIT="+wait)
	}
	type run struct {
		cmd      *exec.Cmd
		out, err bytes.Buffer
		code     int
	}
	runs := map[string]*run{}
	for _, m := range []string{"a", "b"} {
		r := &run{cmd: h.Command(setupArgs("model-" + m)...)}
		r.cmd.Stdout, r.cmd.Stderr = &r.out, &r.err
		runs[m] = r
	}
	for _, r := range runs {
		if err := r.cmd.Start(); err != nil {
			t.Fatal(err)
		}
	}
	for _, r := range runs {
		r.cmd.Wait()
		r.code = r.cmd.ProcessState.ExitCode()
		noCanary(t, runResult{Stdout: r.out.String(), Stderr: r.err.String()})
	}
	got := toolState(h)
	winner := ""
	for m, w := range want {
		if sameState(got, w) {
			winner = m
		}
	}
	if winner == "" {
		t.Fatalf("the files hold neither run's result:\n%v\nstderr a: %s\nstderr b: %s", got, runs["a"].err.String(), runs["b"].err.String())
	}
	loser := map[string]string{"a": "b", "b": "a"}[winner]
	w, l := runs[winner], runs[loser]
	if w.code != 0 {
		t.Fatalf("the run whose result stands exited %d: %s", w.code, w.err.String())
	}
	noLeftovers(t, h)
	switch l.code {
	case 2:
		msg := fmt.Sprintf("keydoctor: error: keydoctor setup (pid %d) is writing files: ", w.cmd.Process.Pid)
		if !strings.HasPrefix(l.err.String(), msg) && !strings.Contains(l.err.String(), "\n"+msg) {
			t.Fatalf("the loser's stderr does not name the winner's pid %d:\n%s", w.cmd.Process.Pid, l.err.String())
		}
		if l.out.Len() != 0 {
			t.Fatalf("a run that exited 2 reported:\n%s", l.out.String())
		}
		return "loser exited 2"
	case 0:
		// The loser wrote first; the winner then planned against it.
		wb, lb := backupOf(t, h, w.out.Bytes()), backupOf(t, h, l.out.Bytes())
		before := map[string]string{}
		for _, f := range wb.Files {
			before[f.Path] = f.Before
		}
		for _, f := range lb.Files {
			// The winner either replaced what the loser wrote (and backed
			// it up) or left it as it was (the same key in auth.json).
			b, changed := before[f.Path]
			if !changed {
				data, _ := os.ReadFile(f.Target)
				b = fmt.Sprintf("%x", sha256.Sum256(data))
			}
			if b != f.Written {
				t.Fatalf("%s: the loser wrote %s, the winner found %s: an edit was lost", f.Path, f.Written, b)
			}
		}
		if strings.Contains(w.err.String(), "waiting up to") || strings.Contains(l.err.String(), "waiting up to") {
			return "both exited 0, one waited"
		}
		return "both exited 0, one after the other"
	}
	t.Fatalf("the loser exited %d:\n%s", l.code, l.err.String())
	return ""
}

// backupOf reads the manifest of the backup a setup --json report names.
func backupOf(t *testing.T, h *userHome, report []byte) *writers.Manifest {
	t.Helper()
	var r setupJSON
	if err := json.Unmarshal(report, &r); err != nil || r.Backup == "" {
		t.Fatalf("report without a backup (%v):\n%s", err, report)
	}
	m, err := writers.ReadManifest(filepath.Join(h.Home, strings.TrimPrefix(r.Backup, "~/")))
	if err != nil {
		t.Fatal(err)
	}
	return m
}
