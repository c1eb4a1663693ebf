package main

import (
	"strings"
	"testing"
)

// The wizard asks before it edits the shell's profile for GitHub Copilot
// CLI: yes writes keydoctor's block (the key named by its variable), no
// writes nothing and prints the lines to add.
func TestWizardShellProfile(t *testing.T) {
	for _, yes := range []bool{true, false} {
		vars := map[string]string{"TAOTOKEN_API_KEY": wizardKey, "SHELL": "/bin/bash"}
		o := setupOptions{Tools: "copilot", Flags: profileFlags{model: "gpt-4o"}}
		answer := map[bool]string{true: "y", false: "n"}[yes]
		r := wizardRun(t, nil, vars, o, anotherGateway, "", "y", answer, "y")
		if r.err != nil {
			t.Fatalf("setup: %v", r.err)
		}
		wantIn(t, r.out, "keep its variables in ~/.bashrc (a block of keydoctor's")
		got := r.file(".bashrc")
		if yes != strings.Contains(got, `export COPILOT_PROVIDER_API_KEY="${TAOTOKEN_API_KEY}"`) || strings.Contains(got, wizardKey) {
			t.Errorf("yes=%v: ~/.bashrc:\n%s", yes, got)
		}
		if !yes {
			wantIn(t, r.out, "add these lines to ~/.bashrc", "export COPILOT_MODEL='gpt-4o'")
		}
	}
}
