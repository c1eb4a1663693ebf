package opencode

import (
	"path/filepath"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/format/providerjson"
)

// OpenCode (docs/tools.md, "OpenCode"): a provider in the JSONC config
// (global config.json < opencode.json < opencode.jsonc < $OPENCODE_CONFIG
// < the project's opencode.json / opencode.jsonc from the git root down to
// the working directory < $OPENCODE_CONFIG_CONTENT, merged key by key),
// the model "ID/MODEL" at the
// top, and the key in auth.json or as "{env:VAR}" in options.apiKey. A
// model not declared under the provider's models fails with an opaque
// UnknownError before any request.
// The keys are the format's (internal/format/providerjson); these are OpenCode's
// own names.
const (
	// Variables that move the config.
	ConfigVar  = "OPENCODE_CONFIG"
	ContentVar = "OPENCODE_CONFIG_CONTENT"
	AuthVar    = "OPENCODE_AUTH_CONTENT"
)

// Config is the global config, $XDG_CONFIG_HOME/opencode/opencode.json.
func Config(e *env.Env) string {
	return filepath.Join(e.ConfigHome(), "opencode", "opencode.json")
}

// Auth is $XDG_DATA_HOME/opencode/auth.json (default
// ~/.local/share/opencode/auth.json).
func Auth(e *env.Env) string {
	data := e.Getenv("XDG_DATA_HOME")
	if data == "" {
		data = filepath.Join(e.Home, ".local", "share")
	}
	return filepath.Join(data, "opencode", "auth.json")
}

// ProjectFiles are the project configs OpenCode started in project
// merges, lowest precedence first: opencode.json then opencode.jsonc (which
// beats it) in each directory from the git work tree's root (or /, outside
// one) down to project. The project's own opencode.json is always listed,
// as the place a project config would be; the others only when they exist.
func ProjectFiles(project string) []string {
	return providerjson.ProjectFiles(project, []string{"opencode.json", "opencode.jsonc"}, "opencode.json")
}

// Observed is the OpenCode version these facts were observed with
// (docs/tools.md, "Installed versions").
const Observed = "1.18.33"
