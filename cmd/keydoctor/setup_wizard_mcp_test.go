package main

import (
	"errors"
	"strings"
	"testing"
)

// With an agent installed here, the wizard asks whether to register
// keydoctor's MCP server; yes writes the entry, the default (no) does not.
func TestWizardAsksMCP(t *testing.T) {
	vars := map[string]string{"TAOTOKEN_API_KEY": wizardKey}
	codexOnPath := func(name string) (string, error) {
		if name == "codex" {
			return "/usr/local/bin/codex", nil
		}
		return "", errors.New("not found")
	}
	o := setupOptions{Tools: "codex", Flags: profileFlags{model: "gpt-4o"}, LookPath: codexOnPath}
	r := wizardRun(t, nil, vars, o, anotherGateway, "", "y", "y", "y")
	if r.err != nil {
		t.Fatalf("setup: %v", r.err)
	}
	wantIn(t, r.out, "Register keydoctor's MCP server", "Write these changes?")
	if cfg := r.file(".codex/config.toml"); !strings.Contains(cfg, "[mcp_servers.keydoctor]") || !strings.Contains(cfg, `args = ["mcp"]`) {
		t.Errorf("config.toml has no entry:\n%s", cfg)
	}

	r = wizardRun(t, nil, vars, o, anotherGateway, "", "y", "", "y") // Enter: no
	if r.err != nil {
		t.Fatalf("setup: %v", r.err)
	}
	if cfg := r.file(".codex/config.toml"); strings.Contains(cfg, "mcp_servers") {
		t.Errorf("registered without consent:\n%s", cfg)
	}

	// nothing installed: no question
	o.LookPath = func(string) (string, error) { return "", errors.New("not found") }
	r = wizardRun(t, nil, vars, o, anotherGateway, "", "y", "y")
	if r.err != nil || strings.Contains(r.out, "MCP server") {
		t.Errorf("asked with no agent installed (%v):\n%s", r.err, r.out)
	}
}
