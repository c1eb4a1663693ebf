package toolpaths

import (
	"path/filepath"
	"testing"

	"github.com/keydoctor/keydoctor/internal/env"
)

func TestPathsHonourHomesAndVariables(t *testing.T) {
	e := env.FromMap(map[string]string{"HOME": "/h"})
	e.GOOS = "linux"
	want := map[string]string{
		ClaudeSettings(e, ClaudeUser, "/p"):    "/h/.claude/settings.json",
		ClaudeSettings(e, ClaudeProject, "/p"): "/p/.claude/settings.json",
		ClaudeSettings(e, ClaudeLocal, "/p"):   "/p/.claude/settings.local.json",
		ClaudeManagedSettings(e):               "/etc/claude-code/managed-settings.json",
		ClaudeState(e):                         "/h/.claude.json",
		CodexConfig(e):                         "/h/.codex/config.toml",
		CodexAuth(e):                           "/h/.codex/auth.json",
		ClineProviders(e):                      "/h/.cline/data/settings/providers.json",
		ClineCLIMCP(e):                         "/h/.cline/data/settings/cline_mcp_settings.json",
		DotEnv("/p"):                           "/p/.env",
		Backups(e):                             "/h/.config/keydoctor/backups",
	}
	for got, w := range want {
		if got != filepath.FromSlash(w) {
			t.Errorf("got %q, want %q", got, w)
		}
	}
	e = env.FromMap(map[string]string{"HOME": "/h", "CLAUDE_CONFIG_DIR": "/cc", "CODEX_HOME": "/cx", "CLINE_DIR": "/cl"})
	for got, w := range map[string]string{
		ClaudeSettings(e, ClaudeUser, "."): "/cc/settings.json",
		ClaudeState(e):                     "/cc/.claude.json",
		CodexConfig(e):                     "/cx/config.toml",
		ClineProviders(e):                  "/cl/data/settings/providers.json",
	} {
		if got != filepath.FromSlash(w) {
			t.Errorf("got %q, want %q", got, w)
		}
	}
}

func TestEditorsPerOS(t *testing.T) {
	for goos, first := range map[string]string{
		"linux":   "/h/.config/Code/User",
		"darwin":  "/h/Library/Application Support/Code/User",
		"windows": "/appdata/Code/User",
	} {
		e := env.FromMap(map[string]string{"HOME": "/h", "APPDATA": "/appdata"})
		e.GOOS = goos
		eds := Editors(e)
		if len(eds) != 5 || eds[0].Dir != filepath.FromSlash(first) {
			t.Errorf("%s: editors = %+v", goos, eds)
		}
		mcp := eds[0].ClineMCP()
		if filepath.Base(mcp) != "cline_mcp_settings.json" || filepath.Base(filepath.Dir(filepath.Dir(mcp))) != "saoudrizwan.claude-dev" {
			t.Errorf("%s: Cline MCP file %q", goos, mcp)
		}
	}
}
