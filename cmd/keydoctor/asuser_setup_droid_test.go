package main

import (
	"strings"
	"testing"
)

// TestSetupDroidAsUser: as each user, setup adds our custom model to an
// existing ~/.factory/settings.json (the user's entry and comment kept),
// the file stays the user's and becomes 0600 (it holds the key), a re-run
// is a no-op, and restore puts the file back byte for byte.
func TestSetupDroidAsUser(t *testing.T) {
	forEachUser(t, func(t *testing.T, u binUser) {
		h := keyedHome(t, u)
		const before = "{\n  // mine\n  \"customModels\": [{\"model\": \"m\", \"displayName\": \"Mine\"}]\n}\n"
		h.WriteFile(".factory/settings.json", before, 0o644)
		r := h.Run("setup", "--yes", "--tools", "droid")
		wantCode(t, r, 0)
		if !strings.Contains(r.Stdout, "updated   ~/.factory/settings.json (droid)") {
			t.Errorf("stdout:\n%s", r.Stdout)
		}
		got := h.ReadFile(".factory/settings.json")
		for _, want := range []string{"// mine", `{"model": "m", "displayName": "Mine"},`, `"model": "custom:taotoken-0"`} {
			if !strings.Contains(got, want) {
				t.Errorf("lacks %s:\n%s", want, got)
			}
		}
		checkOwnedPrivate(t, h, 0o600, ".factory/settings.json")
		noLeftovers(t, h)
		if r := h.Run("setup", "--yes", "--tools", "droid"); r.Code != 0 || !strings.Contains(r.Stdout, "nothing changed") {
			t.Errorf("a second run: %d\n%s", r.Code, r.Stdout)
		}
		wantCode(t, h.Run("restore", "--last"), 0)
		if got := h.ReadFile(".factory/settings.json"); got != before {
			t.Errorf("restore left\n%s", got)
		}
	})
}
