package copilot

import (
	"path/filepath"

	"github.com/keydoctor/keydoctor/internal/env"
)

// GitHub Copilot CLI (@github/copilot 1.0.102, docs/tools.md "GitHub
// Copilot CLI"; `copilot help environment` lists them) reads its gateway
// from the environment only: no setting of a file selects a provider.
const (
	// BaseURL switches it to a bring-your-own-key provider: no GitHub
	// login then (observed).
	BaseURL = "COPILOT_PROVIDER_BASE_URL"
	// APIKey is sent as Authorization: Bearer (openai) or x-api-key
	// (anthropic), observed; BearerToken beats it, KeyCommand (a command
	// printing a key for each request) beats both (its help).
	APIKey      = "COPILOT_PROVIDER_API_KEY"
	BearerToken = "COPILOT_PROVIDER_BEARER_TOKEN"
	KeyCommand  = "COPILOT_PROVIDER_API_KEY_COMMAND"
	// Model is required with a provider: without it (a model in
	// ~/.copilot/settings.json is ignored) a turn stops with "BYOK
	// providers require an explicit model" (observed). --model beats it.
	Model = "COPILOT_MODEL"
	// Type is openai (the default), azure or anthropic; WireAPI is
	// completions (the default) or responses.
	Type    = "COPILOT_PROVIDER_TYPE"
	WireAPI = "COPILOT_PROVIDER_WIRE_API"
	// Headers are extra headers sent with each request to the provider,
	// one "Name: value" a line (its help, 1.0.102): a header-routed
	// gateway's (Portkey's x-portkey-provider).
	Headers = "COPILOT_PROVIDER_HEADERS"
	// Offline stops every other lookup (GitHub auth, telemetry, update
	// checks, the GitHub MCP server): verify's turn sets it.
	Offline = "COPILOT_OFFLINE"
	// HomeVar moves ~/.copilot (its help).
	HomeVar = "COPILOT_HOME"
)

// The provider types and wire APIs setup writes or discovery reads.
const (
	TypeOpenAI, TypeAnthropic, TypeAzure = "openai", "anthropic", "azure"
	WireResponses                        = "responses"
)

// Observed is the version the facts above were observed with.
const Observed = "1.0.102"

// Dir is Copilot CLI's own directory: $COPILOT_HOME, else ~/.copilot (on
// every OS: documented, the Windows and macOS ones not observed).
func Dir(e *env.Env) string {
	if v := e.Getenv(HomeVar); v != "" {
		return v
	}
	return filepath.Join(e.Home, ".copilot")
}
