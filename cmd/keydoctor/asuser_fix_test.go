package main

import (
	"strings"
	"testing"
)

// TestDoctorFixAsUser: doctor --fix run by an ordinary user rewrites its
// files keeping their owner, tightens a key file, and restore --last puts
// both back.
func TestDoctorFixAsUser(t *testing.T) {
	forEachUser(t, func(t *testing.T, u binUser) {
		h := keyedHome(t, u)
		h.Env = append(h.Env, "TAOTOKEN_BASE_URL=https://gateway.example/api", "TAOTOKEN_MODEL=m1")
		broken := "{\n  \"env\": {\n    \"ANTHROPIC_BASE_URL\": \"https://gateway.example/api/v1\",\n    \"ANTHROPIC_AUTH_TOKEN\": \"" + canaryKey + "\",\n    \"ANTHROPIC_MODEL\": \"m1\"\n  }\n}\n"
		h.WriteFile(".claude/settings.json", broken, 0o600)
		h.WriteFile("proj/.env", "TAOTOKEN_BASE_URL=https://gateway.example/api\nTAOTOKEN_API_KEY="+canaryKey+"\nTAOTOKEN_MODEL=m1\n", 0o644)
		wantCode(t, h.Run("doctor", "--offline"), 1)

		r := h.Run("doctor", "--fix", "--yes", "--offline")
		wantCode(t, r, 0)
		if !strings.Contains(h.ReadFile(".claude/settings.json"), `"ANTHROPIC_BASE_URL": "https://gateway.example/api",`) {
			t.Errorf("settings.json not fixed:\n%s", r.Stdout)
		}
		checkOwnedPrivate(t, h, 0o600, ".claude/settings.json", "proj/.env")
		noLeftovers(t, h)

		wantCode(t, h.Run("restore", "--last"), 0)
		if got := h.ReadFile(".claude/settings.json"); got != broken {
			t.Errorf("restored settings.json: %q", got)
		}
		checkOwnedPrivate(t, h, 0o644, "proj/.env")
	})
}
