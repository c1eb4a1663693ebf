package main

import (
	"os"
	"strings"
	"testing"
)

// TestSetupPiAsUser: setup --tools pi in a home where pi has run (its
// empty auth.json), as an ordinary user too: models.json holds the key
// (0600, the user's), settings.json is pi's ordinary 0644, the agent
// directory private; restore --last removes what setup created and leaves
// pi's own auth.json.
func TestSetupPiAsUser(t *testing.T) {
	forEachUser(t, func(t *testing.T, u binUser) {
		h := keyedHome(t, u)
		h.WriteFile(".pi/agent/auth.json", "{}", 0o600)
		r := h.Run("setup", "--yes", "--tools", "pi", "--model", "m1", "--pi-api", "anthropic-messages")
		wantCode(t, r, 0)
		for _, f := range []string{"~/.pi/agent/models.json", "~/.pi/agent/settings.json"} {
			if !strings.Contains(r.Stdout, "created   "+f+" (pi)") {
				t.Errorf("stdout lacks created %s:\n%s", f, r.Stdout)
			}
		}
		if s := h.ReadFile(".pi/agent/models.json"); !strings.Contains(s, `"baseUrl": "https://taotoken.net/api",`) || !strings.Contains(s, canaryKey) {
			t.Errorf("models.json:\n%s", strings.ReplaceAll(s, canaryKey, "KEY"))
		}
		checkOwnedPrivate(t, h, 0o600, ".pi/agent/models.json", ".pi/agent/auth.json")
		checkOwnedPrivate(t, h, 0o644, ".pi/agent/settings.json")
		checkOwnedPrivate(t, h, 0o700, ".pi", ".pi/agent")
		noLeftovers(t, h)
		wantCode(t, h.Run("setup", "--yes", "--tools", "pi", "--model", "m1"), 0)

		wantCode(t, h.Run("restore", "--last"), 0)
		for _, f := range []string{".pi/agent/models.json", ".pi/agent/settings.json"} {
			if _, err := os.Stat(h.Path(f)); err == nil {
				t.Errorf("%s, created by setup, is still there", f)
			}
		}
		if got := h.ReadFile(".pi/agent/auth.json"); got != "{}" {
			t.Errorf("auth.json: %q", got)
		}
		noLeftovers(t, h)
	})
}
