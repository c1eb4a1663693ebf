package tool

import (
	"path/filepath"
	"slices"

	"github.com/keydoctor/keydoctor/internal/env"
)

// Codex CLI (docs/tools.md, "Codex CLI"): config.toml selects a provider
// with model_provider; the provider's [model_providers.ID] table holds its
// base URL and says where the key is (env_key, or auth.json with
// requires_openai_auth).
const (
	CodexModel        = "model"
	CodexProvider     = "model_provider"
	CodexProfile      = "profile"
	CodexProfiles     = "profiles"
	CodexProviders    = "model_providers"
	CodexOpenAIBase   = "openai_base_url" // the built-in openai provider's base URL
	CodexName         = "name"
	CodexBaseURL      = "base_url"
	CodexWireAPI      = "wire_api"
	CodexEnvKey       = "env_key"
	CodexRequiresAuth = "requires_openai_auth"
	CodexBearerToken  = "experimental_bearer_token" // a key written in the file
	// CodexHeaders are extra headers sent as written; CodexEnvHeaders
	// headers whose value is read from a variable (left out when unset).
	CodexHeaders    = "http_headers"
	CodexEnvHeaders = "env_http_headers"
	// CodexWire is the only wire_api Codex still loads; "chat" makes it
	// refuse the whole config.
	CodexWire     = "responses"
	CodexChatWire = "chat"
	// CodexAuthKey is auth.json's key field (OpenAI's variable name);
	// CodexAuthTokens holds a ChatGPT sign-in instead.
	CodexAuthKey    = OpenAIAPIKey
	CodexAuthTokens = "tokens"
	// CodexAuthMode says which of the two auth.json yields (0.171.0):
	// "chatgpt" (or "chatgptAuthTokens") the tokens, "apikey" the key;
	// absent: the key when it is not null, else the tokens.
	CodexAuthMode = "auth_mode"
	// CodexDefaultProvider is the provider used when nothing selects one.
	CodexDefaultProvider = "openai"
)

// CodexBuiltIn is a provider id built into Codex: a [model_providers.ID]
// table with that id is not read.
type CodexBuiltIn struct {
	ID string
	// Base is where it sends requests unless configured otherwise.
	Base string
	// NoKey: a local server that takes no key.
	NoKey bool
}

// CodexReserved is the one list of Codex's built-in provider ids.
var CodexReserved = []CodexBuiltIn{
	{ID: "openai", Base: OpenAIDefaultBase},
	{ID: "ollama", Base: "http://localhost:11434/v1", NoKey: true},
	{ID: "lmstudio", Base: "http://localhost:1234/v1", NoKey: true},
}

// CodexReservedID returns the built-in provider with that id.
func CodexReservedID(id string) (CodexBuiltIn, bool) {
	i := slices.IndexFunc(CodexReserved, func(b CodexBuiltIn) bool { return b.ID == id })
	if i < 0 {
		return CodexBuiltIn{}, false
	}
	return CodexReserved[i], true
}

// CodexHome is $CODEX_HOME, else ~/.codex.
func CodexHome(e *env.Env) string {
	if v := e.Getenv("CODEX_HOME"); v != "" {
		return v
	}
	return filepath.Join(e.Home, ".codex")
}

// CodexConfig is $CODEX_HOME/config.toml.
func CodexConfig(e *env.Env) string { return filepath.Join(CodexHome(e), "config.toml") }

// CodexAuth is $CODEX_HOME/auth.json.
func CodexAuth(e *env.Env) string { return filepath.Join(CodexHome(e), "auth.json") }

// CodexBaseOverride is the config key that redirects provider id's base
// URL for one run (`codex exec -c KEY=VALUE`).
func CodexBaseOverride(id string) string {
	if id == CodexDefaultProvider {
		return CodexOpenAIBase
	}
	return CodexProviders + "." + id + "." + CodexBaseURL
}
