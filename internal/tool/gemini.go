package tool

import (
	"path/filepath"

	"github.com/keydoctor/keydoctor/internal/env"
)

// Gemini CLI (docs/tools.md, "Gemini CLI"): it takes its triple from
// variables only, exported in the shell or loaded from the first .env it
// finds (no merge; the shell wins): walking up from the working directory
// DIR/.gemini/.env then DIR/.env, ending with ~/.gemini/.env and ~/.env.
// It needs the API-key auth type saved in settings.json, or headless runs
// fail before any request.
const (
	GeminiBaseURL = "GOOGLE_GEMINI_BASE_URL"
	GeminiAPIKey  = "GEMINI_API_KEY"
	GeminiModel   = "GEMINI_MODEL"
	// GeminiAuthType is the settings key of the saved auth type;
	// GeminiAPIKeyAuth the value that makes it send GEMINI_API_KEY.
	GeminiAuthType   = "security.auth.selectedType"
	GeminiAPIKeyAuth = "gemini-api-key"
	// GeminiUsageStats is the settings key that, unless false, sends usage
	// statistics to Google (play.googleapis.com) whatever the gateway.
	GeminiUsageStats = "privacy.usageStatisticsEnabled"
	// GeminiTrust, true for a run, trusts the working directory: headless
	// runs in an untrusted folder read no .gemini/.env and no base URL
	// from any .env.
	GeminiTrust = "GEMINI_CLI_TRUST_WORKSPACE"
)

// GeminiVars are the variables of Gemini CLI's triple.
var GeminiVars = Vars{BaseURL: GeminiBaseURL, Key: GeminiAPIKey, Model: GeminiModel}

// GeminiHome is $GEMINI_CLI_HOME, else the home directory.
func GeminiHome(e *env.Env) string {
	if v := e.Getenv("GEMINI_CLI_HOME"); v != "" {
		return v
	}
	return e.Home
}

// GeminiDir is ~/.gemini.
func GeminiDir(e *env.Env) string { return filepath.Join(GeminiHome(e), ".gemini") }

// GeminiSettings is ~/.gemini/settings.json (JSON with comments).
func GeminiSettings(e *env.Env) string { return filepath.Join(GeminiDir(e), "settings.json") }

// GeminiEnv is ~/.gemini/.env, where setup writes the triple.
func GeminiEnv(e *env.Env) string { return filepath.Join(GeminiDir(e), ".env") }

// GeminiProjectEnv is PROJECT/.gemini/.env, which beats PROJECT/.env.
func GeminiProjectEnv(project string) string { return filepath.Join(project, ".gemini", ".env") }

// GeminiEnvFiles are the .env files Gemini CLI started in dir (trusted)
// looks for, in order: the first that exists is the only one read.
func GeminiEnvFiles(e *env.Env, dir string) []string {
	var out []string
	home := GeminiHome(e)
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

// GeminiOtherSettings are the settings files besides ~/.gemini/settings.json
// whose security.auth.selectedType Gemini CLI merges (system defaults <
// user < project < system): the project's .gemini/settings.json and the
// system files, $GEMINI_CLI_SYSTEM_SETTINGS_PATH and
// $GEMINI_CLI_SYSTEM_DEFAULTS_PATH or their per-OS defaults.
func GeminiOtherSettings(e *env.Env, project string) []string {
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
