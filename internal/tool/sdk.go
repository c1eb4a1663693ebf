package tool

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
