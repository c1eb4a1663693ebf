package codex

import (
	"path/filepath"
	"slices"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/tool/openai"
)

// Codex CLI (docs/tools.md, "Codex CLI"): config.toml selects a provider
// with model_provider; the provider's [model_providers.ID] table holds its
// base URL and says where the key is (env_key, or auth.json with
// requires_openai_auth).
const (
	Model        = "model"
	ProviderKey  = "model_provider"
	Profile      = "profile"
	Profiles     = "profiles"
	Providers    = "model_providers"
	OpenAIBase   = "openai_base_url" // the built-in openai provider's base URL
	Name         = "name"
	BaseURL      = "base_url"
	WireAPI      = "wire_api"
	EnvKey       = "env_key"
	RequiresAuth = "requires_openai_auth"
	BearerToken  = "experimental_bearer_token" // a key written in the file
	// Headers are extra headers sent as written; EnvHeaders
	// headers whose value is read from a variable (left out when unset).
	Headers    = "http_headers"
	EnvHeaders = "env_http_headers"
	// Wire is the only wire_api Codex still loads; "chat" makes it
	// refuse the whole config.
	Wire     = "responses"
	ChatWire = "chat"
	// AuthKey is auth.json's key field (OpenAI's variable name);
	// AuthTokens holds a ChatGPT sign-in instead.
	AuthKey    = openai.APIKey
	AuthTokens = "tokens"
	// AuthMode says which of the two auth.json yields (0.171.0):
	// "chatgpt" (or "chatgptAuthTokens") the tokens, "apikey" the key;
	// absent: the key when it is not null, else the tokens.
	AuthMode = "auth_mode"
	// DefaultProvider is the provider used when nothing selects one.
	DefaultProvider = "openai"
)

// BuiltIn is a provider id built into Codex: a [model_providers.ID]
// table with that id is not read.
type BuiltIn struct {
	ID string
	// Base is where it sends requests unless configured otherwise.
	Base string
	// NoKey: a local server that takes no key.
	NoKey bool
}

// Reserved is the one list of Codex's built-in provider ids.
var Reserved = []BuiltIn{
	{ID: "openai", Base: openai.DefaultBase},
	{ID: "ollama", Base: "http://localhost:11434/v1", NoKey: true},
	{ID: "lmstudio", Base: "http://localhost:1234/v1", NoKey: true},
}

// ReservedID returns the built-in provider with that id.
func ReservedID(id string) (BuiltIn, bool) {
	i := slices.IndexFunc(Reserved, func(b BuiltIn) bool { return b.ID == id })
	if i < 0 {
		return BuiltIn{}, false
	}
	return Reserved[i], true
}

// Home is $CODEX_HOME, else ~/.codex.
func Home(e *env.Env) string {
	if v := e.Getenv(HomeVar); v != "" {
		return v
	}
	return filepath.Join(e.Home, ".codex")
}

// Config is $CODEX_HOME/config.toml.
func Config(e *env.Env) string { return filepath.Join(Home(e), "config.toml") }

// Auth is $CODEX_HOME/auth.json.
func Auth(e *env.Env) string { return filepath.Join(Home(e), "auth.json") }

// BaseOverride is the config key that redirects provider id's base
// URL for one run (`codex exec -c KEY=VALUE`).
func BaseOverride(id string) string {
	if id == DefaultProvider {
		return OpenAIBase
	}
	return Providers + "." + id + "." + BaseURL
}

// HomeVar moves the tool's directory (Home).
const HomeVar = "CODEX_HOME"

// Observed is the Codex CLI version these facts were observed with
// (docs/tools.md, "Installed versions").
const Observed = "0.171.0"
