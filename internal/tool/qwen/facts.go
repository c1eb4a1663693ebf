package qwen

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
	VersionKey = "$version"
	Version    = 4
	AuthType   = "security.auth.selectedType"
	AuthOpenAI = "openai"
	BaseURL    = "security.auth.baseUrl"
	APIKey     = "security.auth.apiKey"
	Model      = "model.name"
	// Providers is the list of the openai auth type's models: the
	// entry whose id is the model beats security.auth.baseUrl and
	// --openai-base-url with its baseUrl (an entry without one gets
	// OpenAI's), and security.auth.apiKey with the variable its envKey
	// names (docs/tools.md, "Qwen Code").
	Providers = "modelProviders.openai"
	// CustomHeaders are extra headers sent with each request,
	// {"Name": "value"}: the model's modelProviders entry's
	// generationConfig.customHeaders when it has an entry, else
	// model.generationConfig.customHeaders; the two never merge (Qwen
	// Code's docs, settings "customHeaders").
	CustomHeaders = "generationConfig.customHeaders"
	ModelHeaders  = "model." + CustomHeaders
)

// Dir is ~/.qwen.
func Dir(e *env.Env) string { return filepath.Join(e.Home, ".qwen") }

// Settings is Qwen Code's user settings file.
func Settings(e *env.Env) string { return filepath.Join(Dir(e), "settings.json") }

// Observed is the Qwen Code version these facts were observed with
// (docs/tools.md, "Installed versions"): the newest of Facts' Seen.
const Observed = "0.24.4"
