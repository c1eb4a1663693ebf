package main

import (
	"os"
	"strings"
	"testing"
)

// TestSetupCrushAsUser: setup --tools crush --crush-type anthropic in a
// home where Crush has run (its data file holds the model picked in its
// interface), as an ordinary user too: crush.json holds the key (0600, the
// user's), the data file's selection is switched and its other state
// kept; restore --last removes crush.json and puts the data file back.
func TestSetupCrushAsUser(t *testing.T) {
	forEachUser(t, func(t *testing.T, u binUser) {
		h := keyedHome(t, u)
		const data = `{"models":{"large":{"model":"gpt-5","provider":"openai"}},"recent_models":{}}`
		h.WriteFile(".local/share/crush/crush.json", data, 0o600)
		r := h.Run("setup", "--yes", "--tools", "crush", "--model", "m1", "--crush-type", "anthropic")
		wantCode(t, r, 0)
		if !strings.Contains(r.Stdout, "created   ~/.config/crush/crush.json (crush)") || !strings.Contains(r.Stdout, "updated   ~/.local/share/crush/crush.json (crush)") {
			t.Errorf("stdout:\n%s", r.Stdout)
		}
		if s := h.ReadFile(".config/crush/crush.json"); !strings.Contains(s, `"base_url": "https://taotoken.net/api",`) || !strings.Contains(s, canaryKey) {
			t.Errorf("crush.json:\n%s", strings.ReplaceAll(s, canaryKey, "KEY"))
		}
		if s := h.ReadFile(".local/share/crush/crush.json"); s != `{"models":{"large":{"model":"m1","provider":"taotoken"}},"recent_models":{}}` {
			t.Errorf("data file: %s", s)
		}
		checkOwnedPrivate(t, h, 0o600, ".config/crush/crush.json", ".local/share/crush/crush.json")
		noLeftovers(t, h)
		wantCode(t, h.Run("setup", "--yes", "--tools", "crush", "--model", "m1"), 0)

		wantCode(t, h.Run("restore", "--last"), 0)
		if _, err := os.Stat(h.Path(".config/crush/crush.json")); err == nil {
			t.Error("crush.json, created by setup, is still there")
		}
		if got := h.ReadFile(".local/share/crush/crush.json"); got != data {
			t.Errorf("data file after restore: %q", got)
		}
		noLeftovers(t, h)
	})
}
