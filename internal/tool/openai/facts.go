package openai

// The OpenAI SDKs and curl (docs/tools.md, "OpenAI SDKs, curl") take their
// triple from the shell only; other tools name their key field after
// OpenAI's variable.
const (
	BaseURL = "OPENAI_BASE_URL"
	APIKey  = "OPENAI_API_KEY"
	Model   = "OPENAI_MODEL"
	// DefaultBase is where OpenAI's clients go when nothing says.
	DefaultBase = "https://api.openai.com/v1"
)
