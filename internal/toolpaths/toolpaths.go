// Package toolpaths is the one place that says where each tool keeps its
// files (design.md §1). Setup writes these files, discovery reads them,
// restore puts them back: all ask here.
package toolpaths

import (
	"path/filepath"

	"github.com/keydoctor/keydoctor/internal/env"
)

// ClaudeScope is which Claude Code settings file.
type ClaudeScope string

const (
	ClaudeUser    ClaudeScope = "user"    // $CLAUDE_CONFIG_DIR/settings.json (~/.claude)
	ClaudeProject ClaudeScope = "project" // PROJECT/.claude/settings.json
	ClaudeLocal   ClaudeScope = "local"   // PROJECT/.claude/settings.local.json
)

// ClaudeSettings is the settings.json of a scope.
func ClaudeSettings(e *env.Env, scope ClaudeScope, project string) string {
	switch scope {
	case ClaudeProject:
		return filepath.Join(project, ".claude", "settings.json")
	case ClaudeLocal:
		return filepath.Join(project, ".claude", "settings.local.json")
	default:
		return filepath.Join(e.ClaudeDir(), "settings.json")
	}
}

// ClaudeManagedSettings is the managed (enterprise) settings file, which
// beats every other layer.
func ClaudeManagedSettings(e *env.Env) string {
	switch e.GOOS {
	case "darwin":
		return "/Library/Application Support/ClaudeCode/managed-settings.json"
	case "windows":
		return `C:\Program Files\ClaudeCode\managed-settings.json`
	default:
		return "/etc/claude-code/managed-settings.json"
	}
}

// ClaudeState is ~/.claude.json (customApiKeyResponses and more). With
// CLAUDE_CONFIG_DIR set, Claude Code keeps it inside that directory.
func ClaudeState(e *env.Env) string {
	if d := e.Getenv("CLAUDE_CONFIG_DIR"); d != "" {
		return filepath.Join(d, ".claude.json")
	}
	return filepath.Join(e.Home, ".claude.json")
}

// CodexConfig is $CODEX_HOME/config.toml.
func CodexConfig(e *env.Env) string { return filepath.Join(e.CodexHome(), "config.toml") }

// CodexAuth is $CODEX_HOME/auth.json.
func CodexAuth(e *env.Env) string { return filepath.Join(e.CodexHome(), "auth.json") }

// ClineSettingsDir is the Cline CLI's settings directory (0700).
func ClineSettingsDir(e *env.Env) string { return filepath.Join(e.ClineDir(), "data", "settings") }

// ClineProviders is the Cline CLI's providers.json (0600).
func ClineProviders(e *env.Env) string { return filepath.Join(ClineSettingsDir(e), "providers.json") }

// ClineCLIMCP is the Cline CLI's MCP settings file.
func ClineCLIMCP(e *env.Env) string {
	return filepath.Join(ClineSettingsDir(e), "cline_mcp_settings.json")
}

// Editor is a VS Code-family editor.
type Editor struct {
	Name string // "Code", "Code - Insiders", "VSCodium", "Cursor", "Windsurf"
	Dir  string // its user directory
}

// editorNames are the application folder names of VS Code-family editors.
var editorNames = []string{"Code", "Code - Insiders", "VSCodium", "Cursor", "Windsurf"}

// Editors lists the user directories of every VS Code-family editor for
// this OS, whether or not they exist.
func Editors(e *env.Env) []Editor {
	var base string
	switch e.GOOS {
	case "darwin":
		base = filepath.Join(e.Home, "Library", "Application Support")
	case "windows":
		base = e.Getenv("APPDATA")
		if base == "" {
			base = filepath.Join(e.Home, "AppData", "Roaming")
		}
	default:
		base = e.ConfigHome()
	}
	out := make([]Editor, 0, len(editorNames))
	for _, n := range editorNames {
		out = append(out, Editor{Name: n, Dir: filepath.Join(base, n, "User")})
	}
	return out
}

// VSCodeSettings is an editor's settings.json (JSON with comments).
func (ed Editor) VSCodeSettings() string { return filepath.Join(ed.Dir, "settings.json") }

// ClineMCP is the Cline extension's MCP settings file in this editor.
func (ed Editor) ClineMCP() string {
	return filepath.Join(ed.Dir, "globalStorage", "saoudrizwan.claude-dev", "settings", "cline_mcp_settings.json")
}

// DotEnv is the project's .env.
func DotEnv(project string) string { return filepath.Join(project, ".env") }

// Backups is where setup keeps backups.
func Backups(e *env.Env) string { return filepath.Join(e.KeydoctorDir(), "backups") }
