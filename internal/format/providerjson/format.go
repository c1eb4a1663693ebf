// Package providerjson is the engine of the tools whose config is a
// provider-style JSONC (one tool's format, kept by its forks):
// layers of config files merged key by key, a provider map
// provider.ID.{npm, options: {baseURL, apiKey}, models: {MODEL: {}}} and
// the top-level "model": "ID/MODEL". Each tool describes its files and
// names in a Format; the engine reads, resolves, plans, checks and
// redirects them the same way for every one.
package providerjson

import (
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/tool"
)

// The keys of the format, as its tools' packages observed them
// (docs/tools.md).
const (
	ProviderKey  = "provider"
	NPM          = "npm"
	Compat       = "@ai-sdk/openai-compatible"
	AnthropicNPM = "@ai-sdk/anthropic"
	Name         = "name"
	Options      = "options"
	BaseURL      = "baseURL"
	APIKey       = "apiKey"
	Headers      = "headers" // options.headers: {"Name": "value"}
	Models       = "models"
	Model        = "model" // top level: "ID/MODEL"
	// auth.json: {"ID": {"type": "api", "key": "…"}}.
	AuthType = "type"
	AuthAPI  = "api"
	AuthKey  = "key"
)

// Format is what differs from one tool of the format to another.
type Format struct {
	ID    gateway.ToolID
	Title string // as messages name the tool
	// Config is the global config setup writes; the layers after it beat it.
	Config func(e *env.Env) string
	// Auth is the file of API keys by provider id (auth.json); nil when
	// setup keeps the key in the config's options.apiKey.
	Auth func(e *env.Env) string
	// ContentVar holds a config merged over every file; ConfigVar names
	// another file.
	ContentVar, ConfigVar string
	// NewConfig is the text of a fresh global config.
	NewConfig string
	// Precedence is the merge order, as a finding about an overriding
	// layer says it.
	Precedence string
	// Undeclared is what the tool does with a model its provider does not
	// declare, as the finding says it.
	Undeclared string
	// Facts are the tool's sheets by version, oldest first: what its
	// checks judge (Sheet).
	Facts tool.Facts[Sheet]
	// Anthropic is the wire rule of an @ai-sdk/anthropic provider; nil
	// when the tool was not observed with one (the provider is then read
	// as the tool's own rule).
	Anthropic *gateway.Tool
}
