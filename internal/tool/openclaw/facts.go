package openclaw

import (
	"path/filepath"
	"strings"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
)

// OpenClaw (docs/tools.md, "OpenClaw"; observed with openclaw 2026.9.6 on
// Linux, paths on macOS and Windows from its source, src/config/paths.ts):
// one JSON5 config,
//
//	{models: {providers: {ID: {baseUrl, apiKey, api, models: [{id, name}]}}},
//	 agents: {defaults: {model: {primary: "ID/MODEL"}}}}
//
// at $OPENCLAW_CONFIG_PATH, else $OPENCLAW_STATE_DIR/openclaw.json, else
// ~/.openclaw/openclaw.json ($OPENCLAW_HOME replaces the home). A string
// "${VAR}" is replaced by the variable at load (an unset or empty one
// stops the load: MissingEnvVarError); the variables of the global
// ~/.openclaw/.env are loaded first. A model entry without "name" makes
// the whole config invalid ("models.providers.ID.models[0].name: Invalid
// input").
const (
	ModelsKey    = "models"
	ProvidersKey = "providers"
	BaseURL      = "baseUrl"
	APIKey       = "apiKey"
	API          = "api"
	// Headers are a provider's extra headers, {"Name": "value"}, sent with
	// each request (docs.openclaw.ai gateway/config-tools/custom-providers:
	// "authHeader: true + headers for custom auth needs"); "${VAR}" too.
	Headers     = "headers"
	ModelID     = "id"
	ModelName   = "name"
	AgentsKey   = "agents"
	DefaultsKey = "defaults"
	ModelKey    = "model"
	PrimaryKey  = "primary"

	ConfigVar = "OPENCLAW_CONFIG_PATH"
	StateVar  = "OPENCLAW_STATE_DIR"
	HomeVar   = "OPENCLAW_HOME"
)

// The provider APIs (the "api" field): what each requests below baseUrl.
const (
	// APIChat, the default, posts {baseUrl}/chat/completions (Bearer).
	APIChat = "openai-completions"
	// APIResponses posts {baseUrl}/responses (Bearer).
	APIResponses = "openai-responses"
	// APIMessages posts /v1/messages (x-api-key) whether baseUrl ends in
	// /v1 or not.
	APIMessages = "anthropic-messages"
)

// APIs are the values setup's --openclaw-api offers, the default first.
var APIs = []string{APIChat, APIMessages, APIResponses}

// Wire is the wire rule of a provider of that api whose base URL is base.
// The Anthropic client accepts the base with or without /v1 (observed):
// the rule is the one under which base is right, so neither form is
// reported as a doubled or missing version.
func Wire(api, base string) gateway.Tool {
	t := Tool.Tool
	switch api {
	case APIResponses:
		t.Protocol = gateway.Responses
	case APIMessages:
		t.Protocol, t.Auth = gateway.Messages, gateway.AuthXAPIKey
		t.BaseHasVersion = strings.HasSuffix(strings.TrimRight(base, "/"), "/v1")
	}
	return t
}

// Dir is OpenClaw's state directory: $OPENCLAW_STATE_DIR, else .openclaw
// in $OPENCLAW_HOME or the home (os.homedir(): %USERPROFILE% on Windows).
func Dir(e *env.Env) string {
	if v := strings.TrimSpace(e.Getenv(StateVar)); v != "" {
		return expand(e, v)
	}
	home := e.Home
	if v := strings.TrimSpace(e.Getenv(HomeVar)); v != "" {
		home = expand(e, v)
	}
	return filepath.Join(home, ".openclaw")
}

// Config is the config file OpenClaw loads.
func Config(e *env.Env) string {
	if v := strings.TrimSpace(e.Getenv(ConfigVar)); v != "" {
		return expand(e, v)
	}
	return filepath.Join(Dir(e), "openclaw.json")
}

// DotEnv is the global .env whose variables "${VAR}" may name.
func DotEnv(e *env.Env) string { return filepath.Join(Dir(e), ".env") }

// expand resolves a leading ~ as OpenClaw does.
func expand(e *env.Env, p string) string {
	if p == "~" || strings.HasPrefix(p, "~/") || strings.HasPrefix(p, `~\`) {
		return filepath.Join(e.Home, p[1:])
	}
	return p
}

// EnvRef is the variable a whole-string "${VAR}" names ("" for any other
// string: OpenClaw substitutes inside strings too, but setup writes and
// doctor checks only a key that is one reference).
func EnvRef(v string) string {
	if strings.HasPrefix(v, "${") && strings.HasSuffix(v, "}") {
		name := v[2 : len(v)-1]
		for i, r := range name {
			if !(r == '_' || r >= 'A' && r <= 'Z' || i > 0 && r >= '0' && r <= '9') {
				return ""
			}
		}
		return name
	}
	return ""
}
