package main

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// newKey is the key a killed run was storing.
const newKey = "sk-test-fedcba9876543210fedcba"

// filesHolding lists the files under the home that hold s.
func filesHolding(h *userHome, s string) []string {
	var out []string
	filepath.WalkDir(h.Home, func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			if b, err := os.ReadFile(p); err == nil && bytes.Contains(b, []byte(s)) {
				out = append(out, "~"+strings.TrimPrefix(p, h.Home))
			}
		}
		return nil
	})
	return out
}

// crashStep is the crash point (KEYDOCTOR_CRASH_AT) of the first step
// point of a write of a file named base, traced by a run of args.
func crashStep(t *testing.T, h *userHome, stdin, point, base string, args ...string) int {
	t.Helper()
	trace := filepath.Join(h.Home, "trace")
	h.Env = append(h.Env, "KEYDOCTOR_CRASH_TRACE="+trace)
	wantCode(t, h.runStdin(stdin, args...), 0)
	h.Env = h.Env[:len(h.Env)-1]
	b, err := os.ReadFile(trace)
	if err != nil {
		t.Fatal(err)
	}
	os.Remove(trace)
	for _, line := range strings.Split(string(b), "\n") {
		f := strings.Fields(line)
		if len(f) == 3 && f[1] == point && filepath.Base(f[2]) == base {
			n, _ := strconv.Atoi(f[0])
			return n
		}
	}
	t.Fatalf("no %s step of %s in the trace of %v:\n%s", point, base, args, b)
	return 0
}

// TestKilledKeyWriteLeavesNoKeyAtRest: a `profile set --key-stdin` or a
// `use` killed after writing the temporary copy of a key or profile file
// leaves that copy (it holds the new key); the next run of any writer —
// not only setup — removes it, and no file is left holding a key that was
// never stored.
func TestKilledKeyWriteLeavesNoKeyAtRest(t *testing.T) {
	binaryTest(t)
	next := map[string][]string{
		"profile set":    {"profile", "set", "work", "--model", "m2"},
		"profile add":    {"profile", "add", "other", "--base-url", "https://gateway.example/api", "--model", "m", "--key-env", "OTHER_KEY"},
		"profile rename": {"profile", "rename", "work", "job"},
		"profile rm":     {"profile", "rm", "work"},
		"use":            {"use", "work", "--yes", "--tools", "env"},
		"setup":          {"setup", "--yes", "--offline", "--tools", "env", "--model", "m3"},
	}
	killed := map[string]struct {
		stdin, point, file string
		args               []string
	}{
		"profile set --key-stdin": {newKey + "\n", "written", "work", []string{"profile", "set", "work", "--key-stdin"}},
		"use":                     {"", "written", "profiles.yaml", []string{"use", "work", "--yes", "--tools", "env"}},
	}
	forEachUser(t, func(t *testing.T, u binUser) {
		for kname, k := range killed {
			for nname, n := range next {
				t.Run(kname+" then "+nname, func(t *testing.T) {
					h := newUserHome(t, u)
					h.Env = append(h.Env, "KEYDOCTOR_KEYRING=off", "TAOTOKEN_API_KEY="+canaryKey, "ALT_KEY="+canaryKey, "OTHER_KEY="+canaryKey)
					wantCode(t, h.runStdin(canaryKey+"\n", "profile", "add", "work", "--base-url", "https://gateway.example/api", "--model", "m", "--key-stdin"), 0)
					if kname == "use" {
						// use switches to the profile: another default first, so
						// that it rewrites profiles.yaml.
						wantCode(t, h.Run("profile", "add", "alt", "--base-url", "https://other.example/api", "--model", "m", "--key-env", "ALT_KEY"), 0)
						wantCode(t, h.Run("setup", "--yes", "--offline", "--tools", "env", "--profile", "alt", "--base-url", "https://other.example/api", "--model", "m"), 0)
					}
					step := crashStep(t, h, k.stdin, k.point, k.file, k.args...)
					// Put the home back as it was before the traced run.
					if kname == "profile set --key-stdin" {
						wantCode(t, h.runStdin(canaryKey+"\n", "profile", "set", "work", "--key-stdin"), 0)
					} else {
						wantCode(t, h.Run("use", "alt", "--yes", "--tools", "env"), 0)
					}
					noLeftovers(t, h)

					h.Env = append(h.Env, "KEYDOCTOR_CRASH_AT="+strconv.Itoa(step))
					r := h.runStdin(k.stdin, k.args...)
					h.Env = h.Env[:len(h.Env)-1]
					if r.Code != -1 {
						t.Fatalf("the run was not killed at step %d (exit %d)\n%s", step, r.Code, r.Stderr)
					}
					left := leftoversIn(h)
					if len(left) == 0 {
						t.Fatalf("the kill at step %d left no temporary copy", step)
					}
					if kname == "profile set --key-stdin" && len(filesHolding(h, newKey)) == 0 {
						t.Fatalf("no file holds the new key after the kill: the test kills too early")
					}
					r = h.Run(n...)
					noCanary(t, r)
					if r.Code != 0 {
						t.Fatalf("%v: exit %d\n%s%s", n, r.Code, r.Stdout, r.Stderr)
					}
					noLeftovers(t, h)
					if got := filesHolding(h, newKey); len(got) > 0 {
						t.Errorf("after %v the never-stored key is still at rest in %v", n, got)
					}
				})
			}
		}
	})
}
