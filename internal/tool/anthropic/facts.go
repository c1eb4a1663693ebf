package anthropic

// The Anthropic SDKs (docs/tools.md, "Anthropic SDKs") take their triple
// from the shell only; other tools read the same variables.
const (
	BaseURL   = "ANTHROPIC_BASE_URL"
	APIKey    = "ANTHROPIC_API_KEY"    // sent as x-api-key
	AuthToken = "ANTHROPIC_AUTH_TOKEN" // sent as Authorization: Bearer
	Model     = "ANTHROPIC_MODEL"
	// DefaultBase is where Anthropic's clients go when nothing says.
	DefaultBase = "https://api.anthropic.com"
)
