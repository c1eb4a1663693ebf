package setup

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
)

// TestWizardAsksConsent: a tool whose switch edits the user's shell
// profile is written there only when the user says yes; a key in no
// variable the file could name is said to go into it, and a yes chooses
// that too; a flag that gave the switch is not asked again.
func TestWizardAsksConsent(t *testing.T) {
	const q = "GitHub Copilot CLI reads only its environment: keep its variables in ~/.zshrc (a block of keydoctor's, undone by 'keydoctor restore')?"
	const qKey = "GitHub Copilot CLI reads only its environment: keep its variables in ~/.zshrc, the key itself included (the key is in no variable the file could name; it becomes 0600; undone by 'keydoctor restore')?"
	for _, tc := range []struct {
		name     string
		inVar    bool
		given    map[string]string
		answers  []any
		asked    string
		want     string
		wantForm string
	}{
		{"yes", true, nil, []any{true}, q, "true", ""},
		{"no", true, nil, []any{false}, q, "", ""},
		{"yes, the key in no variable", false, nil, []any{true}, qKey, "true", "file"},
		{"the flag given", true, map[string]string{"shell-profile": "true"}, nil, "", "true", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ask := &script{answers: tc.answers}
			vars := map[string]string{"HOME": "/home/u", "SHELL": "/usr/bin/zsh"}
			if tc.inVar {
				vars["TAOTOKEN_API_KEY"] = testKey
			}
			e := env.FromMap(vars)
			e.GOOS = "linux"
			w := &Wizard{Ask: ask, Env: e, Tools: []gateway.ToolID{"claude", "copilot"}, Options: tc.given,
				Profile: gateway.Profile{Preset: "taotoken", Key: testKey, KeyVar: "TAOTOKEN_API_KEY"}}
			if err := w.AskOptions(context.Background()); err != nil {
				t.Fatal(err)
			}
			if got := filepath.ToSlash(strings.Join(ask.asked, "|")); got != tc.asked { // ~\ under Windows
				t.Errorf("asked %q\nwant  %q", got, tc.asked)
			}
			if got := w.Options["shell-profile"]; got != tc.want {
				t.Errorf("shell-profile = %q, want %q", got, tc.want)
			}
			if got := w.Options["copilot-key"]; got != tc.wantForm {
				t.Errorf("copilot-key = %q, want %q", got, tc.wantForm)
			}
		})
	}
}
