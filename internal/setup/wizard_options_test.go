package setup

import (
	"context"
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
)

// TestWizardAsksConsent: a tool whose switch edits the user's shell
// profile is written there only when the user says yes; a flag that gave
// the switch is not asked again.
func TestWizardAsksConsent(t *testing.T) {
	const q = "GitHub Copilot CLI reads only its environment: keep its variables in ~/.zshrc (a block of keydoctor's, undone by 'keydoctor restore')?"
	for _, tc := range []struct {
		name    string
		given   map[string]string
		answers []any
		asked   string
		want    string
	}{
		{"yes", nil, []any{true}, q, "true"},
		{"no", nil, []any{false}, q, ""},
		{"the flag given", map[string]string{"shell-profile": "true"}, nil, "", "true"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ask := &script{answers: tc.answers}
			e := env.FromMap(map[string]string{"HOME": "/home/u", "SHELL": "/usr/bin/zsh"})
			e.GOOS = "linux"
			w := &Wizard{Ask: ask, Env: e, Tools: []gateway.ToolID{"claude", "copilot"}, Options: tc.given}
			if err := w.AskOptions(context.Background()); err != nil {
				t.Fatal(err)
			}
			if got := strings.Join(ask.asked, "|"); got != tc.asked {
				t.Errorf("asked %q\nwant  %q", got, tc.asked)
			}
			if got := w.Options["shell-profile"]; got != tc.want {
				t.Errorf("shell-profile = %q, want %q", got, tc.want)
			}
		})
	}
}
