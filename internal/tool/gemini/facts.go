package gemini

import (
	"path/filepath"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/tool"
)

// Gemini CLI (docs/tools.md, "Gemini CLI"): it takes its triple from
// variables only, exported in the shell or loaded from the first .env it
// finds (no merge; the shell wins): walking up from the working directory
// DIR/.gemini/.env then DIR/.env, ending with ~/.gemini/.env and ~/.env.
// It needs the API-key auth type saved in settings.json, or headless runs
// fail before any request.
const (
	BaseURL = "GOOGLE_GEMINI_BASE_URL"
	APIKey  = "GEMINI_API_KEY"
	Model   = "GEMINI_MODEL"
	// AuthType is the settings key of the saved auth type;
	// APIKeyAuth the value that makes it send GEMINI_API_KEY.
	AuthType   = "security.auth.selectedType"
	APIKeyAuth = "gemini-api-key"
	// UsageStats is the settings key that, unless false, sends usage
	// statistics to Google (play.googleapis.com) whatever the gateway.
	UsageStats = "privacy.usageStatisticsEnabled"
	// Trust, true for a run, trusts the working directory: headless
	// runs in an untrusted folder read no .gemini/.env and no base URL
	// from any .env.
	Trust = "GEMINI_CLI_TRUST_WORKSPACE"
	// CustomHeaders are extra headers sent with each request,
	// "Name: value" pairs separated by commas, a comma inside a value kept
	// (google-gemini/gemini-cli packages/core/src/utils/customHeaderUtils.ts,
	// split only before a pair's name since #29606): a header-routed
	// gateway's (Portkey's x-portkey-provider). From the shell or the
	// .env it loads, like the triple.
	CustomHeaders = "GEMINI_CLI_CUSTOM_HEADERS"
)

// Vars are the variables of Gemini CLI's triple.
var Vars = tool.Vars{BaseURL: BaseURL, Key: APIKey, Model: Model}

// Home is $GEMINI_CLI_HOME, else the home directory.
func Home(e *env.Env) string {
	if v := e.Getenv("GEMINI_CLI_HOME"); v != "" {
		return v
	}
	return e.Home
}

// Dir is ~/.gemini.
func Dir(e *env.Env) string { return filepath.Join(Home(e), ".gemini") }

// Settings is ~/.gemini/settings.json (JSON with comments).
func Settings(e *env.Env) string { return filepath.Join(Dir(e), "settings.json") }

// Env is ~/.gemini/.env, where setup writes the triple.
func Env(e *env.Env) string { return filepath.Join(Dir(e), ".env") }

// ProjectEnv is PROJECT/.gemini/.env, which beats PROJECT/.env.
func ProjectEnv(project string) string { return filepath.Join(project, ".gemini", ".env") }

// EnvFiles are the .env files Gemini CLI started in dir (trusted)
// looks for, in order: the first that exists is the only one read.
func EnvFiles(e *env.Env, dir string) []string {
	var out []string
	home := Home(e)
	dir = filepath.Clean(dir)
	for {
		out = append(out, filepath.Join(dir, ".gemini", ".env"), filepath.Join(dir, ".env"))
		parent := filepath.Dir(dir)
		if parent == dir {
			break
		}
		dir = parent
	}
	return append(out, filepath.Join(home, ".gemini", ".env"), filepath.Join(home, ".env"))
}

// OtherSettings are the settings files besides ~/.gemini/settings.json
// whose security.auth.selectedType Gemini CLI merges (system defaults <
// user < project < system): the project's .gemini/settings.json and the
// system files, $GEMINI_CLI_SYSTEM_SETTINGS_PATH and
// $GEMINI_CLI_SYSTEM_DEFAULTS_PATH or their per-OS defaults.
func OtherSettings(e *env.Env, project string) []string {
	system := e.Getenv("GEMINI_CLI_SYSTEM_SETTINGS_PATH")
	if system == "" {
		switch e.GOOS {
		case "darwin":
			system = "/Library/Application Support/GeminiCli/settings.json"
		case "windows":
			system = `C:\ProgramData\gemini-cli\settings.json`
		default:
			system = "/etc/gemini-cli/settings.json"
		}
	}
	defaults := e.Getenv("GEMINI_CLI_SYSTEM_DEFAULTS_PATH")
	if defaults == "" {
		defaults = filepath.Join(filepath.Dir(system), "system-defaults.json")
	}
	return []string{filepath.Join(project, ".gemini", "settings.json"), system, defaults}
}

// Observed is the Gemini CLI version these facts were observed with
// (docs/tools.md, "Installed versions").
const Observed = "0.61.0"
