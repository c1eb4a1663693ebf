package kilo

import (
	"os"
	"path/filepath"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/format/providerjson"
)

// Kilo Code CLI 7.7.7 (docs/tools.md, "Kilo Code CLI"): OpenCode's
// provider-style JSONC (internal/format/providerjson) under its own names. The
// global configs are $XDG_CONFIG_HOME/kilo/{config.json, kilo.json,
// kilo.jsonc, opencode.json, opencode.jsonc}, merged in that order (its
// bundled code, GLOBAL_CONFIG_FILES); then $KILO_CONFIG; then the
// project's kilo.json(c) and opencode.json(c) from the git root down, and
// the .kilocode/ and .kilo/ directories (~/ and the project's); then
// $KILO_CONFIG_CONTENT. An undeclared model fails with "Model not found:
// ID/MODEL" before any request. On its first run it edits the last global
// config in place: it adds "$schema" and, once (the marker
// .bash-permission-migrated), "permission": {"bash": "allow"}; a .jsonc
// is patched (comments and layout kept), a .json rewritten whole.
const (
	ConfigVar  = "KILO_CONFIG"
	ContentVar = "KILO_CONFIG_CONTENT"
	// Schema is the "$schema" Kilo adds to its global config when absent.
	Schema = "https://app.kilo.ai/config.json"
	// EnabledProviders limits the providers Kilo loads: verify names only
	// the user's, so no other provider's catalogue is looked up.
	EnabledProviders = "enabled_providers"
)

// Dir is Kilo's global config directory, $XDG_CONFIG_HOME/kilo (it uses
// the XDG layout on macOS and Windows too: documented, not observed).
func Dir(e *env.Env) string { return filepath.Join(e.ConfigHome(), "kilo") }

// Config is the global config setup writes: kilo.jsonc, which Kilo
// patches in place keeping comments, unless the user has kilo.json and
// no kilo.jsonc (setup then edits the file the user keeps).
func Config(e *env.Env) string {
	dir := Dir(e)
	if !regular(filepath.Join(dir, "kilo.jsonc")) && regular(filepath.Join(dir, "kilo.json")) {
		return filepath.Join(dir, "kilo.json")
	}
	return filepath.Join(dir, "kilo.jsonc")
}

// globalNames are the global configs, lowest precedence first.
var globalNames = []string{"config.json", "kilo.json", "kilo.jsonc", "opencode.json", "opencode.jsonc"}

// ProjectFiles are the project configs Kilo started in project merges,
// lowest precedence first: kilo.json, kilo.jsonc from the git root down,
// then opencode.json, opencode.jsonc the same way, then the .kilocode/
// and .kilo/ directories' configs. The project's own kilo.json is always
// listed, as the place a project config would be.
func ProjectFiles(project string) []string {
	out := providerjson.ProjectFiles(project, []string{"kilo.json", "kilo.jsonc"}, "kilo.json")
	out = append(out, providerjson.ProjectFiles(project, []string{"opencode.json", "opencode.jsonc"}, "")...)
	var dirs []string
	for _, d := range []string{".kilocode", ".kilo"} {
		for _, n := range []string{"kilo.json", "kilo.jsonc", "opencode.json", "opencode.jsonc"} {
			dirs = append(dirs, filepath.Join(d, n))
		}
	}
	return append(out, providerjson.ProjectFiles(project, dirs, "")...)
}

// HomeFiles are the configs of ~/.kilocode and ~/.kilo that exist.
func HomeFiles(e *env.Env) []string {
	var out []string
	for _, d := range []string{".kilocode", ".kilo"} {
		for _, n := range []string{"kilo.json", "kilo.jsonc"} {
			if p := filepath.Join(e.Home, d, n); regular(p) {
				out = append(out, p)
			}
		}
	}
	return out
}

func regular(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.Mode().IsRegular()
}
