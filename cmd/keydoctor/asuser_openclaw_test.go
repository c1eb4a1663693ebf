package main

import (
	"strings"
	"testing"
)

// TestSetupOpenClawAsUser: an ordinary user's JSON5 OpenClaw config is
// edited in place keeping its owner and every byte of theirs, tightened to
// 0600 once it holds the key, and restore --last puts it back as it was.
func TestSetupOpenClawAsUser(t *testing.T) {
	forEachUser(t, func(t *testing.T, u binUser) {
		h := keyedHome(t, u)
		mine := "// mine\n{\n  gateway: {mode: 'local'}, // local only\n  agents: {defaults: {model: {primary: 'x/y'}}},\n}\n"
		h.WriteFile(".openclaw/openclaw.json", mine, 0o644)
		r := h.Run("setup", "--yes", "--offline", "--tools", "openclaw", "--base-url", "https://gateway.example/api", "--model", "m1")
		wantCode(t, r, 0)
		got := h.ReadFile(".openclaw/openclaw.json")
		for _, frag := range []string{"// mine\n", "  gateway: {mode: 'local'}, // local only\n", "primary: 'taotoken/m1'", `baseUrl: "https://gateway.example/api/v1",`} {
			if !strings.Contains(got, frag) {
				t.Errorf("no %q in\n%s", frag, got)
			}
		}
		checkOwnedPrivate(t, h, 0o600, ".openclaw/openclaw.json")
		noLeftovers(t, h)
		wantCode(t, h.Run("restore", "--last"), 0)
		if got := h.ReadFile(".openclaw/openclaw.json"); got != mine {
			t.Errorf("restored: %q", got)
		}
		checkOwnedPrivate(t, h, 0o644, ".openclaw/openclaw.json")
	})
}
