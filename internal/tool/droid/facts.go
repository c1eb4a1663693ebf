package droid

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
)

// Factory Droid (docs/tools.md, "Factory Droid"; binary 0.225.2, npm
// @factory/cli 0.225.1 whose optional package @factory/cli-linux-x64
// 0.225.2 holds it). Its gateway is a custom model: an entry of the
// customModels array of ~/.factory/settings.json (JSON with comments:
// a comment is accepted ✓). Its id is "custom:" + displayName with each
// run of spaces a "-" + "-n", n counting the earlier entries of the same
// file with that name (✓: two "Tao Token" entries are -0 and -1).
// sessionDefaultSettings.model picks the model of a run without -m ✓.
const (
	Version         = "0.225.2"
	CustomModels    = "customModels"
	Model           = "model"
	DisplayName     = "displayName"
	BaseURL         = "baseUrl"
	APIKey          = "apiKey"
	Provider        = "provider"
	MaxOutputTokens = "maxOutputTokens"
	// ExtraHeaders are a custom model's extra headers, {"Name": "value"},
	// sent as written with each request (Factory's BYOK documentation,
	// docs.factory.ai cli/byok; extra_headers in the legacy file).
	ExtraHeaders    = "extraHeaders"
	SessionDefaults = "sessionDefaultSettings"
	// DefaultMaxOutputTokens is what setup writes into a new entry (the
	// field is required by Droid's schema; the user's value is kept).
	DefaultMaxOutputTokens = 16384
	// The legacy ~/.factory/config.json: custom_models with snake_case
	// fields, listed after every settings.json's models ✓, its api_key
	// never expanded (Factory's documentation).
	LegacyModels  = "custom_models"
	LegacyDisplay = "model_display_name"
	LegacyBase    = "base_url"
	LegacyKey     = "api_key"
	LegacyMax     = "max_tokens"
	LegacyHeaders = "extra_headers"
	// CustomPrefix starts every custom model id.
	CustomPrefix = "custom:"
	// AirgapVar stops Droid's lookups of Factory's services ✓ (its log:
	// "Airgap Mode is enabled; skipping OTEL init").
	AirgapVar = "FACTORY_AIRGAP_ENABLED"
	// LogName is the log Droid appends every run to, under Dir/logs: the
	// only place a failure's cause is written ✓ (the terminal gets
	// "Error during droid execution: Exec failed").
	LogName = "droid-log-single.log"
	// ExecFailed is what Droid prints for every failure of exec ✓.
	ExecFailed = "Error during droid execution: Exec failed"
)

// The provider values of an entry and the wire each speaks ✓ (0.225.2
// against the fake gateway): generic-chat-completion-api POST
// {baseUrl}/chat/completions Bearer; openai POST {baseUrl}/responses
// Bearer; anthropic POST {baseUrl}/v1/messages x-api-key — its base has
// no /v1 (with it: /v1/v1/messages, 404, and only "Exec failed").
const (
	ProviderChat      = "generic-chat-completion-api"
	ProviderOpenAI    = "openai"
	ProviderAnthropic = "anthropic"
)

// Providers are the provider values, setup's default first.
var Providers = []string{ProviderChat, ProviderAnthropic, ProviderOpenAI}

// Wire is the wire rule of an entry's provider (the chat one for a value
// Droid does not know).
func Wire(provider string) gateway.Tool {
	switch provider {
	case ProviderAnthropic:
		return gateway.Tool{ID: ID, Title: "Factory Droid (anthropic provider)", Protocol: gateway.Messages,
			BaseHasVersion: false, Auth: gateway.AuthXAPIKey}
	case ProviderOpenAI:
		return gateway.Tool{ID: ID, Title: "Factory Droid (openai provider)", Protocol: gateway.Responses,
			BaseHasVersion: true, Auth: gateway.AuthBearer}
	}
	return Tool.Tool
}

// Dir is ~/.factory on every OS (%USERPROFILE%\.factory on Windows:
// documented by Factory, not observed).
func Dir(e *env.Env) string { return filepath.Join(e.Home, ".factory") }

// Settings is the user's settings.json.
func Settings(e *env.Env) string { return filepath.Join(Dir(e), "settings.json") }

// Legacy is the legacy config.json.
func Legacy(e *env.Env) string { return filepath.Join(Dir(e), "config.json") }

// LogFile is the log every run appends to.
func LogFile(e *env.Env) string { return filepath.Join(Dir(e), "logs", LogName) }

// ProjectSettings are the settings files Droid started in project reads
// above the user's, highest precedence first ✓: .factory/settings.json
// of each directory from project up to the git work tree's root (a
// folder's beats the root's sessionDefaultSettings.model), or outside a
// work tree, the project's own only (a parent's is not read). The
// project's own is always listed, as the place a project file would be;
// the others only when they exist.
func ProjectSettings(project, home string) []string {
	project = filepath.Clean(project)
	var dirs []string
	root := ""
	for d := project; ; d = filepath.Dir(d) {
		dirs = append(dirs, d)
		if _, err := os.Stat(filepath.Join(d, ".git")); err == nil {
			root = d
			break
		}
		if filepath.Dir(d) == d {
			break
		}
	}
	if root == "" {
		dirs = dirs[:1]
	}
	var out []string
	for i, d := range dirs {
		p := filepath.Join(d, ".factory", "settings.json")
		if filepath.Clean(d) == filepath.Clean(home) {
			continue // ~/.factory is the user's level
		}
		if st, err := os.Stat(p); (err == nil && st.Mode().IsRegular()) || i == 0 {
			out = append(out, p)
		}
	}
	return out
}

// ModelID is the id Droid gives the custom model named display that has n
// earlier entries of the same name in its file ✓.
func ModelID(display string, n int) string {
	return CustomPrefix + Slug(display) + "-" + strconv.Itoa(n)
}

// Slug is display as Droid puts it in an id: trimmed, each run of white
// space one "-".
func Slug(display string) string { return strings.Join(strings.Fields(display), "-") }

// EnvRef is the variable an apiKey of the form "${VAR}" names ("" when it
// names none).
func EnvRef(v string) string {
	if strings.HasPrefix(v, "${") && strings.HasSuffix(v, "}") && len(v) > 3 {
		return v[2 : len(v)-1]
	}
	return ""
}
