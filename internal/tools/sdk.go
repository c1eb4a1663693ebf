package tools

import "github.com/keydoctor/keydoctor/internal/gateway"

// The SDKs (docs/tools.md, "OpenAI SDKs, curl" and "Anthropic SDKs") take
// their triple from the shell only. Claude Code reads the same Anthropic
// variables; Codex's auth.json names its key field after OpenAI's.
const (
	OpenAIBaseURL = "OPENAI_BASE_URL"
	OpenAIAPIKey  = "OPENAI_API_KEY"
	OpenAIModel   = "OPENAI_MODEL"
	// OpenAIDefaultBase is where OpenAI's clients go when nothing says.
	OpenAIDefaultBase = "https://api.openai.com/v1"

	AnthropicBaseURL   = "ANTHROPIC_BASE_URL"
	AnthropicAPIKey    = "ANTHROPIC_API_KEY"    // sent as x-api-key
	AnthropicAuthToken = "ANTHROPIC_AUTH_TOKEN" // sent as Authorization: Bearer
	AnthropicModel     = "ANTHROPIC_MODEL"
	// AnthropicDefaultBase is where Anthropic's clients go when nothing says.
	AnthropicDefaultBase = "https://api.anthropic.com"
)

var openaiSDK = Tool{
	Tool: gateway.Tool{ID: gateway.OpenAISDK, Title: "OpenAI SDK", Protocol: gateway.Chat,
		BaseHasVersion: true, Auth: gateway.AuthBearer},
	Format: FormatShell,
	Vars:   &Vars{BaseURL: OpenAIBaseURL, Key: OpenAIAPIKey, Model: OpenAIModel},
}

var anthropicSDK = Tool{
	Tool: gateway.Tool{ID: gateway.AnthropicSDK, Title: "Anthropic SDK", Protocol: gateway.Messages,
		BaseHasVersion: false, Auth: gateway.AuthXAPIKey},
	Format: FormatShell,
	Vars:   &Vars{BaseURL: AnthropicBaseURL, Key: AnthropicAPIKey, AltKey: AnthropicAuthToken, Model: AnthropicModel},
}
