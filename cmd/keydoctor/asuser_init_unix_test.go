//go:build unix

package main

import (
	"os"
	"strings"
	"testing"
)

// init in a directory the user may not write says so and what to do, as
// an ordinary user would meet it (root writes anywhere: the run as root
// is skipped). Issue 30 item 11.
func TestInitReadOnlyDirectoryHint(t *testing.T) {
	forEachUser(t, func(t *testing.T, u binUser) {
		if u.UID < 0 && os.Geteuid() == 0 {
			t.Skip("root writes into a read-only directory")
		}
		const key = "sk-test-0123456789abcdef0123"
		h := newUserHome(t, u)
		h.Env = append(h.Env, "GW_KEY="+key, "KEYDOCTOR_KEYRING=off")
		if r := h.Run("profile", "add", "team", "--base-url", "https://gw.example.com/api", "--model", "gpt-4o", "--key-env", "GW_KEY"); r.Code != 0 {
			t.Fatalf("profile add: %d %s", r.Code, r.Stderr)
		}
		if err := os.Chmod(h.Project, 0o555); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { os.Chmod(h.Project, 0o755) })
		r := h.Run("init", "--profile", "team")
		if r.Code != exitFindings {
			t.Fatalf("exit %d, want %d: %s", r.Code, exitFindings, r.Stderr)
		}
		want := "keydoctor: error: cannot write ~/proj/keydoctor.yaml: permission denied\nkeydoctor: hint: run it where you may write (--project DIR), or make ~/proj writable\n"
		if r.Stderr != want {
			t.Errorf("stderr:\n%s\nwant:\n%s", r.Stderr, want)
		}
		if strings.Contains(r.Stdout+r.Stderr, key) {
			t.Error("the key was printed")
		}
	})
}
