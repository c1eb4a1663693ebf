package checks_test

import (
	"slices"
	"testing"

	"github.com/keydoctor/keydoctor/checks"
	"github.com/keydoctor/keydoctor/internal/discover"
)

// TestOfflineOrder: the report lists the checks in this order, the tools'
// own checks (checks.Provider) at their stages among the generic ones.
func TestOfflineOrder(t *testing.T) {
	want := []string{"tools", "tool-version", "route", "config-files", "ignored-settings", "triple-present", "key-shape", "url-shape",
		"codex-provider", "cline-bom", "dotenv-bom", "gemini", "copilot", "openclaw", "auth", "claude-key-approval", "claude-request", "precedence", "dotenv-shadow", "vscode-mcp-legacy",
		"qwen", "opencode", "pi", "kilo", "crush", "droid", "consistency", "profiles", "secret-perms", "leftovers", "secret-git", "proxy", "windows-proxy", "windows-env", "launchd-env", "wsl", "local-relay", "mcp-server"}
	var got []string
	for _, c := range checks.Offline(checks.Options{Snapshot: &discover.Snapshot{}}) {
		got = append(got, c.Name())
	}
	if !slices.Equal(got, want) {
		t.Errorf("checks run in the order\n%q\nwant\n%q", got, want)
	}
}
