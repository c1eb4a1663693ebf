package tool

import (
	"path/filepath"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
)

// The Cline CLI (docs/tools.md, "Cline"): providers.json names the provider
// in use (lastUsedProvider); each entry's settings hold its base URL, key
// and model. An entry without updatedAt makes Cline discard the whole file.
const (
	ClineLastUsed  = "lastUsedProvider"
	ClineProviders = "providers"
	ClineSettings  = "settings"
	ClineKind      = "provider" // settings.provider: "openai-compatible", "anthropic", …
	ClineBaseURL   = "baseUrl"
	ClineAPIKey    = "apiKey"
	ClineModel     = "model"
	ClineUpdatedAt = "updatedAt"
	ClineTokenSrc  = "tokenSource"
	// ClineGateway is the provider setup writes; ClineAnthropic is the one
	// that sends its key as x-api-key.
	ClineGateway = "openai-compatible"
	// ClineBuiltIn is the provider Cline falls back to without a usable
	// lastUsedProvider (api.cline.bot; 3.0.65 then writes it there).
	ClineBuiltIn   = "cline"
	ClineAnthropic = "anthropic"
	// ClineMCPServers is the object of an MCP settings file (the CLI's and
	// the editors') that lists the servers.
	ClineMCPServers = "mcpServers"
)

// ClineNewProviders is the shape Cline writes for a fresh providers.json.
const ClineNewProviders = `{
  "version": 1,
  "lastUsedProvider": "openai-compatible",
  "modes": {},
  "providers": {}
}
`

// ClineAnthropicWire is the wire rule of Cline's anthropic provider: it
// sends POST {baseUrl}/messages with x-api-key, adding no /v1 of its own,
// so its baseUrl too must end in /v1 (3.0.65, docs/tools.md).
var ClineAnthropicWire = gateway.Tool{ID: gateway.Cline, Title: "Cline's anthropic provider", Protocol: gateway.Messages,
	BaseHasVersion: true, Auth: gateway.AuthXAPIKey}

// ClineDir is $CLINE_DIR, else ~/.cline.
func ClineDir(e *env.Env) string {
	if v := e.Getenv("CLINE_DIR"); v != "" {
		return v
	}
	return filepath.Join(e.Home, ".cline")
}

// ClineData is the CLI's data directory (what --data-dir replaces).
func ClineData(e *env.Env) string { return filepath.Join(ClineDir(e), "data") }

// ClineSettingsDir is the Cline CLI's settings directory (0700).
func ClineSettingsDir(e *env.Env) string { return filepath.Join(ClineData(e), "settings") }

// ClineProvidersFile is the Cline CLI's providers.json (0600).
func ClineProvidersFile(e *env.Env) string {
	return filepath.Join(ClineSettingsDir(e), "providers.json")
}

// ClineCLIMCP is the Cline CLI's MCP settings file.
func ClineCLIMCP(e *env.Env) string {
	return filepath.Join(ClineSettingsDir(e), "cline_mcp_settings.json")
}
