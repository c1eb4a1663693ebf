package main

import (
	"strings"
	"testing"
)

// TestSetupKiloAsUser: as root and as an unprivileged user, setup writes
// Kilo Code's kilo.jsonc owned by the user, 0600 (it holds the key),
// keeping what Kilo added to it on its first run; restore puts it back
// byte for byte.
func TestSetupKiloAsUser(t *testing.T) {
	const asKiloLeftIt = "{\n  \"$schema\": \"https://app.kilo.ai/config.json\",\n  \"permission\": {\n    \"bash\": \"allow\"\n  }\n}"
	forEachUser(t, func(t *testing.T, u binUser) {
		h := keyedHome(t, u)
		h.WriteFile(".config/kilo/kilo.jsonc", asKiloLeftIt, 0o644)
		wantCode(t, h.Run("setup", "--yes", "--tools", "kilo", "--model", "m1"), 0)
		got := h.ReadFile(".config/kilo/kilo.jsonc")
		if !strings.Contains(got, `"bash": "allow"`) || !strings.Contains(got, `"model": "taotoken/m1"`) {
			t.Errorf("kilo.jsonc:\n%s", got)
		}
		checkOwnedPrivate(t, h, 0o600, ".config/kilo/kilo.jsonc")
		noLeftovers(t, h)
		if r := h.Run("setup", "--yes", "--tools", "kilo", "--model", "m1"); !strings.Contains(r.Stdout, "nothing changed") {
			t.Errorf("second setup:\n%s", r.Stdout)
		}
		wantCode(t, h.Run("restore", "--last"), 0)
		if got := h.ReadFile(".config/kilo/kilo.jsonc"); got != asKiloLeftIt {
			t.Errorf("restored kilo.jsonc:\n%s", got)
		}
	})
}
