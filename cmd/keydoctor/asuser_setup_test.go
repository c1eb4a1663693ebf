package main

import (
	"bufio"
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/internal/atomicfile"
	"github.com/keydoctor/keydoctor/internal/lock"
)

const canaryKey = "sk-test-0123456789abcdef0123"

// toolFiles are the files `setup --tools claude,codex,cline,env` writes.
var toolFiles = []string{".claude/settings.json", ".codex/config.toml", ".codex/auth.json", ".cline/data/settings/providers.json", "proj/.env"}

const allToolsFlag = "claude,codex,cline,env"

func keyedHome(t *testing.T, u binUser) *userHome {
	h := newUserHome(t, u)
	h.Env = append(h.Env, "TAOTOKEN_API_KEY="+canaryKey)
	return h
}

// noCanary fails when a run printed the key.
func noCanary(t *testing.T, r runResult) {
	t.Helper()
	if strings.Contains(r.Stdout+r.Stderr, canaryKey) {
		t.Fatalf("the key was printed:\n%s\n%s", r.Stdout, r.Stderr)
	}
}

func wantCode(t *testing.T, r runResult, code int) {
	t.Helper()
	noCanary(t, r)
	if r.Code != code {
		t.Fatalf("exit status %d, want %d\nstdout:\n%s\nstderr:\n%s", r.Code, code, r.Stdout, r.Stderr)
	}
}

// uidOf is the uid files written by u's runs belong to.
func uidOf(u binUser) int {
	if u.UID >= 0 {
		return u.UID
	}
	return os.Geteuid()
}

// checkOwnedPrivate checks that every path belongs to u and has mode.
func checkOwnedPrivate(t *testing.T, h *userHome, mode fs.FileMode, rels ...string) {
	t.Helper()
	for _, rel := range rels {
		fi, err := os.Stat(h.Path(rel))
		if err != nil {
			t.Errorf("%s: %v", rel, err)
			continue
		}
		if runtime.GOOS == "windows" {
			continue
		}
		if uid, _ := ownerOf(t, h.Path(rel)); uid != uidOf(h.User) {
			t.Errorf("%s belongs to uid %d, want %d", rel, uid, uidOf(h.User))
		}
		if fi.Mode().Perm() != mode {
			t.Errorf("%s: mode %04o, want %04o", rel, fi.Mode().Perm(), mode)
		}
	}
}

// noLeftovers fails when any temporary copy is left anywhere in the home.
func noLeftovers(t *testing.T, h *userHome) {
	t.Helper()
	filepath.WalkDir(h.Home, func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.IsDir() {
			l, _ := atomicfile.Leftovers(p)
			for _, x := range l {
				t.Errorf("temporary file left: %s", x.Path)
			}
		}
		return nil
	})
}

// TestSetupFreshHomeAsUser: a first setup in an empty home, as an ordinary
// user too: nothing is chowned, every file and directory is private.
func TestSetupFreshHomeAsUser(t *testing.T) {
	forEachUser(t, func(t *testing.T, u binUser) {
		h := keyedHome(t, u)
		r := h.Run("setup", "--yes", "--tools", allToolsFlag, "--model", "m1")
		wantCode(t, r, 0)
		for _, f := range toolFiles {
			shown := "~/" + f
			if f == "proj/.env" {
				shown = ".env" // --project is the working directory
			}
			if !strings.Contains(r.Stdout, "created   "+shown+" (") {
				t.Errorf("stdout lacks created %s:\n%s", shown, r.Stdout)
			}
		}
		checkOwnedPrivate(t, h, 0o600, toolFiles...)
		checkOwnedPrivate(t, h, 0o600, ".config/keydoctor/lock")
		checkOwnedPrivate(t, h, 0o700, ".claude", ".codex", ".cline", ".cline/data/settings", ".config", ".config/keydoctor", ".config/keydoctor/backups")
		noLeftovers(t, h)
		wantCode(t, h.Run("setup", "--yes", "--tools", allToolsFlag, "--model", "m1"), 0)
	})
}

// TestSetupAndRestoreExistingFilesAsUser: a home with some files; setup
// keeps their owner and mode (tightening key files), restore puts them
// back and removes what setup created.
func TestSetupAndRestoreExistingFilesAsUser(t *testing.T) {
	forEachUser(t, func(t *testing.T, u binUser) {
		h := keyedHome(t, u)
		h.WriteFile(".claude/settings.json", "{\r\n  \"model\": \"opus\"\r\n}\r\n", 0o644)
		h.WriteFile(".codex/config.toml", "# mine\napproval_policy = \"on-request\"\n", 0o644)
		h.WriteFile("proj/.env", "PORT=8080\n", 0o640)
		r := h.Run("setup", "--yes", "--tools", allToolsFlag, "--model", "m1")
		wantCode(t, r, 0)
		if s := h.ReadFile(".claude/settings.json"); !strings.Contains(s, "\"model\": \"opus\"") || strings.Count(s, "\n") != strings.Count(s, "\r\n") {
			t.Errorf("settings.json: %q", s)
		}
		checkOwnedPrivate(t, h, 0o600, ".claude/settings.json", ".codex/auth.json", "proj/.env")
		checkOwnedPrivate(t, h, 0o644, ".codex/config.toml")

		r = h.Run("restore", "--last")
		wantCode(t, r, 0)
		if got := h.ReadFile(".claude/settings.json"); got != "{\r\n  \"model\": \"opus\"\r\n}\r\n" {
			t.Errorf("restored settings.json: %q", got)
		}
		if got := h.ReadFile("proj/.env"); got != "PORT=8080\n" {
			t.Errorf("restored .env: %q", got)
		}
		checkOwnedPrivate(t, h, 0o644, ".claude/settings.json", ".codex/config.toml")
		checkOwnedPrivate(t, h, 0o640, "proj/.env")
		for _, f := range []string{".codex/auth.json", ".cline/data/settings/providers.json"} {
			if _, err := os.Stat(h.Path(f)); err == nil {
				t.Errorf("%s, created by setup, is still there", f)
			}
		}
		noLeftovers(t, h)
	})
}

// TestReadOnlyDirRefusedAsUser: a directory the user may not write into is
// refused before anything is backed up or written: exit 2, no backup.
func TestReadOnlyDirRefusedAsUser(t *testing.T) {
	forEachUser(t, func(t *testing.T, u binUser) {
		if uidOf(u) == 0 || runtime.GOOS == "windows" {
			t.Skip("root may write into any directory")
		}
		h := keyedHome(t, u)
		h.WriteFile(".claude/settings.json", "{}\n", 0o600)
		h.WriteFile(".codex/config.toml", "# mine\n", 0o644)
		if err := os.Chmod(h.Path(".codex"), 0o500); err != nil {
			t.Fatal(err)
		}
		r := h.Run("setup", "--yes", "--tools", "claude,codex", "--model", "m1")
		wantCode(t, r, 2)
		want := "keydoctor: error: ~/.codex/config.toml: cannot be written: its directory " + h.Path(".codex") + " is not writable (permission denied)\n"
		if !strings.Contains(r.Stderr, want) || !strings.Contains(r.Stderr, "keydoctor: hint: nothing was written; make "+h.Path(".codex")+" writable") {
			t.Errorf("stderr:\n%s\nwant\n%s", r.Stderr, want)
		}
		if got := h.ReadFile(".claude/settings.json"); got != "{}\n" {
			t.Errorf("settings.json was written: %q", got)
		}
		if entries, _ := os.ReadDir(h.Path(".config/keydoctor/backups")); len(entries) != 0 {
			t.Errorf("a refused run left backups: %v", entries)
		}
	})
}

// TestSecondRunWaitsForTheLock: a run that finds the lock taken says so and
// waits; when the holder lets go it goes ahead. Synchronised on the
// waiting message, not on time.
func TestSecondRunWaitsForTheLock(t *testing.T) {
	forEachUser(t, func(t *testing.T, u binUser) {
		h := keyedHome(t, u)
		wantCode(t, h.Run("setup", "--yes", "--tools", "claude", "--model", "m1"), 0) // the lock file is the user's
		l, err := lock.Acquire(context.Background(), h.Path(".config/keydoctor"), lock.Options{Command: "test"})
		if err != nil {
			t.Fatal(err)
		}
		defer l.Release()
		h.Env = append(h.Env, "KEYDOCTOR_LOCK_WAIT=10m")
		cmd := h.Command("setup", "--yes", "--tools", "claude", "--model", "m2")
		stderr, err := cmd.StderrPipe()
		if err != nil {
			t.Fatal(err)
		}
		var out strings.Builder
		cmd.Stdout = &out
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		line, err := bufio.NewReader(stderr).ReadString('\n')
		want := fmt.Sprintf("keydoctor: waiting up to 10m0s for keydoctor test (pid %d) to finish writing\n", os.Getpid())
		if err != nil || line != want {
			t.Errorf("stderr %q (%v), want %q", line, err, want)
		}
		if got := h.ReadFile(".claude/settings.json"); !strings.Contains(got, `"m1"`) {
			t.Errorf("written while the lock was held: %s", got)
		}
		l.Release()
		if err := cmd.Wait(); err != nil {
			t.Fatalf("after the lock was released: %v\n%s", err, out.String())
		}
		if got := h.ReadFile(".claude/settings.json"); !strings.Contains(got, `"m2"`) {
			t.Errorf("not written after the wait: %s", got)
		}
	})
}

// TestForeignOwnedFileAsUser: an ordinary user may edit a file another user
// owns (it is writable to them) but cannot keep its owner: setup says so
// in a note instead of failing.
func TestForeignOwnedFileAsUser(t *testing.T) {
	forEachUser(t, func(t *testing.T, u binUser) {
		if u.UID < 0 {
			t.Skip("needs root to give the file another owner")
		}
		h := keyedHome(t, u)
		h.WriteFile(".claude/settings.json", "{}\n", 0o666)
		if err := os.Chown(h.Path(".claude/settings.json"), 0, 0); err != nil {
			t.Fatal(err)
		}
		r := h.Run("setup", "--yes", "--tools", "claude", "--model", "m1")
		wantCode(t, r, 0)
		if want := fmt.Sprintf("note: belongs to uid 0: the rewritten file will belong to you (uid %d)", u.UID); !strings.Contains(r.Stdout, want) {
			t.Errorf("stdout lacks %q:\n%s", want, r.Stdout)
		}
		checkOwnedPrivate(t, h, 0o600, ".claude/settings.json")
	})
}
