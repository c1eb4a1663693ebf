package crush

import (
	"os"
	"path/filepath"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
)

// Crush (docs/tools.md, "Crush"; read in its source at commit 37f36e9,
// after v0.90.0, and run here): JSON configs merged key by key, lowest
// first: /etc/crush/crush.json, the global crush.json (crushrc beside it
// beats it), the data file Crush writes its own choices into, then each
// directory from the git work tree's root (or the working directory
// alone, outside one) down to the working directory: crush.json <
// .crush.json < crushrc < .crushrc, and last the workspace file
// .crush/crush.json. A provider is providers.ID {type, base_url, api_key,
// models: [{id, name}]}; the model in use is models.large {provider,
// model}, the title's models.small. api_key and base_url expand $VAR,
// ${VAR} and $(command) when Crush loads them.
const (
	ProvidersKey = "providers"
	Type         = "type"
	BaseURL      = "base_url"
	APIKey       = "api_key"
	// ExtraHeaders are a provider's extra headers, {"Name": "value"},
	// sent with each request; a value is resolved as api_key is ($VAR).
	ExtraHeaders = "extra_headers"
	Models       = "models" // a provider's list of models, and the top-level selection
	ModelID      = "id"
	ModelName    = "name"
	Large        = "large"
	Small        = "small"
	SelProvider  = "provider"
	SelModel     = "model"
	// The provider types a gateway is given as: openai-compat sends
	// chat completions, openai the Responses API (both with /v1 in
	// base_url), anthropic POST {base_url}/v1/messages (no /v1: with it,
	// /v1/v1/messages is a 404 Crush retries three times). An unset type
	// is openai-compat.
	TypeCompat    = "openai-compat"
	TypeOpenAI    = "openai"
	TypeAnthropic = "anthropic"
	// GlobalVar moves the global config's directory (crush.json and
	// crushrc); DataVar the data file's.
	GlobalVar = "CRUSH_GLOBAL_CONFIG"
	DataVar   = "CRUSH_GLOBAL_DATA"
	// Schema is the $schema line of Crush's own examples.
	Schema = "https://charm.land/crush.json"
)

// Wires are the wire rules of the provider types, by type.
var Wires = map[string]gateway.Tool{
	TypeCompat: {ID: ID, Title: "Crush", Protocol: gateway.Chat, BaseHasVersion: true, Auth: gateway.AuthBearer},
	TypeOpenAI: {ID: ID, Title: "Crush's openai provider", Protocol: gateway.Responses, BaseHasVersion: true, Auth: gateway.AuthBearer},
	TypeAnthropic: {ID: ID, Title: "Crush's anthropic provider", Protocol: gateway.Messages,
		BaseHasVersion: false, Auth: gateway.AuthXAPIKey},
}

// WireOf is the wire rule of a provider type ("" is openai-compat); ok
// is false for a type that is not a gateway's (a vendor's own).
func WireOf(typ string) (gateway.Tool, bool) {
	if typ == "" {
		typ = TypeCompat
	}
	w, ok := Wires[typ]
	return w, ok
}

// GlobalDir is $CRUSH_GLOBAL_CONFIG, else $XDG_CONFIG_HOME/crush, else
// ~/.config/crush: on every OS (Crush's home.Config; Windows too, under
// %USERPROFILE%).
func GlobalDir(e *env.Env) string {
	if v := e.Getenv(GlobalVar); v != "" {
		return v
	}
	return filepath.Join(e.ConfigHome(), "crush")
}

// Global is the global crush.json, the file setup writes.
func Global(e *env.Env) string { return filepath.Join(GlobalDir(e), "crush.json") }

// Data is the JSON file Crush writes its own state and choices into (the
// model picked in its interface, a fallback it made): it beats Global.
// $CRUSH_GLOBAL_DATA/crush.json, else $XDG_DATA_HOME/crush/crush.json,
// else %LOCALAPPDATA%\crush\crush.json on Windows and
// ~/.local/share/crush/crush.json elsewhere.
func Data(e *env.Env) string {
	if v := e.Getenv(DataVar); v != "" {
		return filepath.Join(v, "crush.json")
	}
	if v := e.Getenv("XDG_DATA_HOME"); v != "" {
		return filepath.Join(v, "crush", "crush.json")
	}
	if e.GOOS == "windows" {
		local := e.Getenv("LOCALAPPDATA")
		if local == "" {
			local = filepath.Join(e.Home, "AppData", "Local")
		}
		return filepath.Join(local, "crush", "crush.json")
	}
	return filepath.Join(e.Home, ".local", "share", "crush", "crush.json")
}

// System is the machine-wide config (none on Windows).
func System(e *env.Env) string {
	if e.GOOS == "windows" {
		return ""
	}
	return "/etc/crush/crush.json"
}

// projectDirs are the directories whose configs Crush started in project
// merges, lowest precedence first: from the git work tree's root down to
// project, or project alone outside a work tree.
func projectDirs(project string) []string {
	var dirs []string
	found := false
	for d := filepath.Clean(project); ; d = filepath.Dir(d) {
		dirs = append(dirs, d)
		if _, err := os.Stat(filepath.Join(d, ".git")); err == nil {
			found = true
			break
		}
		if filepath.Dir(d) == d {
			break
		}
	}
	if !found {
		dirs = dirs[:1]
	}
	var out []string
	for i := len(dirs) - 1; i >= 0; i-- {
		out = append(out, dirs[i])
	}
	return out
}

// ProjectFiles are the project's JSON configs, lowest precedence first:
// crush.json then .crush.json in each directory of projectDirs, and the
// workspace file .crush/crush.json. The project's own crush.json and the
// workspace file are always listed (as the places they would be); the
// others only when they exist.
func ProjectFiles(project string) []string {
	dirs := projectDirs(project)
	var out []string
	for i, d := range dirs {
		for _, name := range []string{"crush.json", ".crush.json"} {
			p := filepath.Join(d, name)
			if st, err := os.Stat(p); (err == nil && st.Mode().IsRegular()) || (i == len(dirs)-1 && name == "crush.json") {
				out = append(out, p)
			}
		}
	}
	return append(out, Workspace(project))
}

// Workspace is the workspace file in the project's data directory, the
// highest layer (Crush finds the closest .crush upward; keydoctor names
// the project's own).
func Workspace(project string) string {
	return filepath.Join(filepath.Clean(project), ".crush", "crush.json")
}

// ShellConfigs are the crushrc scripts Crush runs as Bash and merges over
// the JSON configs of their directory, that exist: keydoctor never runs
// them, so what they set is unknown to it.
func ShellConfigs(e *env.Env, project string) []string {
	cands := []string{filepath.Join(GlobalDir(e), "crushrc")}
	for _, d := range projectDirs(project) {
		cands = append(cands, filepath.Join(d, "crushrc"), filepath.Join(d, ".crushrc"))
	}
	var out []string
	for _, p := range cands {
		if st, err := os.Stat(p); err == nil && st.Mode().IsRegular() {
			out = append(out, p)
		}
	}
	return out
}
