package tools

import (
	"path/filepath"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
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

var qwen = Tool{
	Tool: gateway.Tool{ID: gateway.Qwen, Title: "Qwen Code", Protocol: gateway.Chat,
		BaseHasVersion: true, Auth: gateway.AuthBearer},
	Setup:   true,
	Format:  FormatJSONKey,
	Runtime: Node,
	Files: func(e *env.Env, _ string) []File {
		return []File{{Role: "settings", Path: QwenSettings(e), Syntax: JSONC}}
	},
	Keys: &Keys{
		Base:  Place{File: "settings", Key: QwenBaseURL},
		Key:   Place{File: "settings", Key: QwenAPIKey},
		Model: Place{File: "settings", Key: QwenModel},
		Fixed: []Fixed{
			{Place: Place{File: "settings", Key: QwenVersionKey}, Value: QwenVersion},
			{Place: Place{File: "settings", Key: QwenAuthType}, Value: QwenAuthOpenAI},
		},
		Providers: &Providers{File: "settings", List: QwenProviders, ID: "id", Base: "baseUrl", EnvKey: "envKey"},
	},
	Binary: "qwen",
	Marks:  func(e *env.Env, _ string) []string { return []string{QwenDir(e)} },
	// --openai-base-url beats settings.json; the key and model stay the
	// user's (docs/tools.md, "Qwen Code").
	// The model's modelProviders entry beats that flag: verify then also
	// gives the run a system settings file holding the list redirected,
	// which beats the user's (its modelProviders merge by replacing).
	Headless: &Headless{Redirect: RedirectFlag,
		Args:        []string{"--openai-base-url", "{base}", "-p", "{prompt}"},
		SettingsEnv: "QWEN_CODE_SYSTEM_SETTINGS_PATH",
		Settings:    `{"privacy":{"usageStatisticsEnabled":false}}`},
	DotEnv: &DotEnvLoad{Names: []string{filepath.Join(".qwen", ".env"), ".env"},
		Own:  func(e *env.Env) string { return filepath.Join(QwenDir(e), ".env") },
		Vars: []string{OpenAIBaseURL, OpenAIAPIKey, OpenAIModel}},
}

// QwenDir is ~/.qwen.
func QwenDir(e *env.Env) string { return filepath.Join(e.Home, ".qwen") }

// QwenSettings is Qwen Code's user settings file.
func QwenSettings(e *env.Env) string { return filepath.Join(QwenDir(e), "settings.json") }
