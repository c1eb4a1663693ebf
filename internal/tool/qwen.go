package tool

import (
	"path/filepath"

	"github.com/keydoctor/keydoctor/internal/env"
)

// Qwen Code (docs/tools.md, "Qwen Code"): ~/.qwen/settings.json holds the
// whole triple, so no .env is needed and a project .env cannot take the
// key away. "$version": 4 is the settings version Qwen Code 0.15 writes:
// a file without it is migrated and rewritten (the old one kept as
// settings.json.orig). security.auth.selectedType "openai" is what makes
// a headless run use the key; without it: "No auth type is selected".
const (
	QwenVersionKey = "$version"
	QwenVersion    = 4
	QwenAuthType   = "security.auth.selectedType"
	QwenAuthOpenAI = "openai"
	QwenBaseURL    = "security.auth.baseUrl"
	QwenAPIKey     = "security.auth.apiKey"
	QwenModel      = "model.name"
	// QwenProviders is the list of the openai auth type's models: the
	// entry whose id is the model beats security.auth.baseUrl and
	// --openai-base-url with its baseUrl (an entry without one gets
	// OpenAI's), and security.auth.apiKey with the variable its envKey
	// names (docs/tools.md, "Qwen Code").
	QwenProviders = "modelProviders.openai"
)

// QwenDir is ~/.qwen.
func QwenDir(e *env.Env) string { return filepath.Join(e.Home, ".qwen") }

// QwenSettings is Qwen Code's user settings file.
func QwenSettings(e *env.Env) string { return filepath.Join(QwenDir(e), "settings.json") }
