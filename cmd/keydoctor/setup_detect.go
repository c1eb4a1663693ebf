package main

import (
	"os"
	"path/filepath"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/toolpaths"
)

// detectTools is setup's default --tools: each tool found installed (its
// executable on PATH) or already configured (its directory exists), and
// the project's .env when there is one.
func detectTools(e *env.Env, look func(string) (string, error), project string) []gateway.ToolID {
	exists := func(p string) bool { _, err := os.Stat(p); return err == nil }
	installed := func(name string) bool {
		if look == nil {
			return false
		}
		_, err := look(name)
		return err == nil
	}
	var out []gateway.ToolID
	if installed("claude") || exists(e.ClaudeDir()) {
		out = append(out, gateway.Claude)
	}
	if installed("codex") || exists(e.CodexHome()) {
		out = append(out, gateway.Codex)
	}
	if installed("cline") || exists(e.ClineDir()) {
		out = append(out, gateway.Cline)
	}
	for _, ed := range toolpaths.Editors(e) {
		// The extension's storage exists once Cline ran in that editor.
		if exists(filepath.Dir(filepath.Dir(ed.ClineMCP()))) {
			out = append(out, gateway.VSCode)
			break
		}
	}
	if exists(toolpaths.DotEnv(project)) {
		out = append(out, gateway.DotEnv)
	}
	return out
}
