package main

import (
	"os"
	"runtime"
	"strings"
	"testing"
)

// TestSetupShellProfileAsUser: setup --shell-profile writes keydoctor's
// block into the user's own ~/.bashrc (a dotfiles symlink followed, the
// link kept), owned by them, 0644 while the key is named by its variable;
// restore puts the bytes back.
func TestSetupShellProfileAsUser(t *testing.T) {
	binaryTest(t)
	if runtime.GOOS == "windows" {
		t.Skip("symlinks and modes: Unix")
	}
	forEachUser(t, func(t *testing.T, u binUser) {
		h := keyedHome(t, u)
		h.Env = append(h.Env, "SHELL=/bin/bash")
		const mine = "# mine\nalias ll='ls -l'\n"
		h.WriteFile("dotfiles/bashrc", mine, 0o644)
		if err := os.Symlink(h.Path("dotfiles/bashrc"), h.Path(".bashrc")); err != nil {
			t.Fatal(err)
		}
		h.chown(h.Path(".bashrc"))
		r := h.Run("setup", "--yes", "--tools", "copilot", "--shell-profile")
		wantCode(t, r, 0)
		got := h.ReadFile("dotfiles/bashrc")
		if !strings.HasPrefix(got, mine+"\n# >>> keydoctor copilot >>>\n") || !strings.Contains(got, `export COPILOT_PROVIDER_API_KEY="${TAOTOKEN_API_KEY}"`) || strings.Contains(got, canaryKey) {
			t.Errorf("the profile:\n%s", got)
		}
		if fi, err := os.Lstat(h.Path(".bashrc")); err != nil || fi.Mode()&os.ModeSymlink == 0 {
			t.Errorf("~/.bashrc is no longer a link: %v", err)
		}
		checkOwnedPrivate(t, h, 0o644, "dotfiles/bashrc")

		r = h.Run("restore", "--last")
		wantCode(t, r, 0)
		if got := h.ReadFile("dotfiles/bashrc"); got != mine {
			t.Errorf("restored: %q", got)
		}
		checkOwnedPrivate(t, h, 0o644, "dotfiles/bashrc")
		noLeftovers(t, h)
	})
}
