package cline

import (
	"path/filepath"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/tool"
)

// The Cline CLI (docs/tools.md, "Cline"): providers.json names the provider
// in use (lastUsedProvider); each entry's settings hold its base URL, key
// and model. An entry without updatedAt makes Cline discard the whole file.
const (
	LastUsed  = "lastUsedProvider"
	Providers = "providers"
	Settings  = "settings"
	Kind      = "provider" // settings.provider: "openai-compatible", "anthropic", …
	BaseURL   = "baseUrl"
	APIKey    = "apiKey"
	Model     = "model"
	UpdatedAt = "updatedAt"
	TokenSrc  = "tokenSource"
	// Headers are an entry's extra headers, settings.headers
	// {"Name": "value"}, sent as written with each request (the SDK's
	// ProviderSettingsSchema, cline/cline sdk/packages/core
	// services/llms/provider-settings.ts; VS Code's openAiHeaders migrate
	// there): read from the source, not observed with the CLI.
	Headers = "headers"
	// Gateway is the provider setup writes; Anthropic is the one
	// that sends its key as x-api-key.
	Gateway = "openai-compatible"
	// BuiltIn is the provider Cline falls back to without a usable
	// lastUsedProvider (api.cline.bot; 3.0.65 then writes it there).
	BuiltIn   = "cline"
	Anthropic = "anthropic"
	// MCPServers is the object of an MCP settings file (the CLI's and
	// the editors') that lists the servers.
	MCPServers = "mcpServers"
)

// BackendMode chooses where a turn's session runs (cline/cline
// sdk/packages/core runtime/host/host.ts, in 3.0.65's binary): unset
// ("auto"), a headless turn starts a detached hub daemon
// (--cline-hub-daemon, its own session, parent 1) that keeps running
// after the turn and records its pid in DATA/locks/hub/production.json;
// BackendLocal runs the session in the turn's own process and starts no
// hub (3.0.65 ✓, 2026-12-02: the turn completed, no daemon, no record).
const (
	BackendMode  = "CLINE_SESSION_BACKEND_MODE"
	BackendLocal = "local"
)

// HubRecord is where a hub daemon records itself, under the data
// directory: {"pid": N, "url": …} while it runs ("cline hub stop" ends it
// and removes the record).
var HubRecord = filepath.Join("locks", "hub", "production.json")

// NewProviders is the shape Cline writes for a fresh providers.json.
const NewProviders = `{
  "version": 1,
  "lastUsedProvider": "openai-compatible",
  "modes": {},
  "providers": {}
}
`

// AnthropicWire is the wire rule of Cline's anthropic provider: it
// sends POST {baseUrl}/messages with x-api-key, adding no /v1 of its own,
// so its baseUrl too must end in /v1 (3.0.65, docs/tools.md).
var AnthropicWire = gateway.Tool{ID: ID, Title: "Cline's anthropic provider", Protocol: gateway.Messages,
	BaseHasVersion: true, Auth: gateway.AuthXAPIKey}

// Dir is $CLINE_DIR, else ~/.cline.
func Dir(e *env.Env) string {
	if v := e.Getenv(HomeVar); v != "" {
		return v
	}
	return filepath.Join(e.Home, ".cline")
}

// Data is the CLI's data directory (what --data-dir replaces).
func Data(e *env.Env) string { return filepath.Join(Dir(e), "data") }

// SettingsDir is the Cline CLI's settings directory (0700).
func SettingsDir(e *env.Env) string { return filepath.Join(Data(e), "settings") }

// ProvidersFile is the Cline CLI's providers.json (0600).
func ProvidersFile(e *env.Env) string {
	return filepath.Join(SettingsDir(e), "providers.json")
}

// CLIMCP is the Cline CLI's MCP settings file.
func CLIMCP(e *env.Env) string {
	return filepath.Join(SettingsDir(e), "cline_mcp_settings.json")
}

// MCPEnv are the variables setup puts in the env of the gateway's MCP
// server entry (the server's own contract, so discovery does not read
// them back).
var MCPEnv = tool.Vars{BaseURL: "BASE_URL", Key: "API_KEY", Model: "MODEL"}

// HomeVar moves the tool's directory (Dir).
const HomeVar = "CLINE_DIR"

// Observed is the Cline CLI version these facts were observed with
// (docs/tools.md, "Installed versions").
const Observed = "3.0.65"
