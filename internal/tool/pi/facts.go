package pi

import (
	"path/filepath"
	"regexp"
	"strings"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
)

// Pi's files and keys (docs/tools.md, "Pi"; @mariozechner/pi-coding-agent
// 0.73.1, read in its dist/config.js, core/model-registry.js,
// core/settings-manager.js, core/resolve-config-value.js and run here):
//
//   - the agent directory is $PI_CODING_AGENT_DIR (a leading ~ expanded),
//     else os.homedir()/.pi/agent on every OS (%USERPROFILE%\.pi\agent on
//     Windows: documented, not observed);
//   - models.json {providers: {ID: {baseUrl, api, apiKey, models: [{id}]}}}
//     is parsed after stripping // comments and trailing commas;
//   - settings.json {defaultProvider, defaultModel} is plain JSON, deep
//     merged under the project's <cwd>/.pi/settings.json (only the working
//     directory's, no walk up);
//   - auth.json {ID: {type: "api_key", key}} beats models.json's apiKey for
//     that provider; pi creates it empty ("{}", 0600) on its first run;
//   - apiKey is "!command" (run through the shell at request time, 10 s
//     timeout), else the value of the variable it names when that is set
//     and not empty, else the literal: an unset variable's NAME is sent as
//     the key.
const (
	AgentDirVar = "PI_CODING_AGENT_DIR"
	Providers   = "providers"
	BaseURL     = "baseUrl"
	API         = "api"
	APIKey      = "apiKey"
	// Headers are a provider's extra headers, {"Name": "value"}, each
	// value resolved as apiKey's (pi-mono docs/models.md, "Value
	// resolution").
	Headers = "headers"
	Models  = "models"
	ModelID = "id"
	// settings.json.
	DefaultProvider = "defaultProvider"
	DefaultModel    = "defaultModel"
	// auth.json.
	AuthType   = "type"
	AuthAPIKey = "api_key"
	AuthKey    = "key"
	// CommandPrefix marks an apiKey pi runs as a shell command.
	CommandPrefix = "!"
)

// The provider APIs setup writes, with the wire rule each follows (observed
// against keydoctor mock with 0.73.1): openai-completions and
// openai-responses append /chat/completions and /responses to a base that
// carries /v1; anthropic-messages appends /v1/messages itself, so a base
// ending in /v1 requests /v1/v1/messages (the example of pi's own
// docs/models.md has /v1) and gets 404.
const (
	APICompletions = "openai-completions"
	APIResponses   = "openai-responses"
	APIMessages    = "anthropic-messages"
)

// APIs are the values setup's --pi-api takes, the default first.
var APIs = []string{APICompletions, APIResponses, APIMessages}

// Rule is the wire rule of a provider of that api (the tool's own, chat
// completions, for any other value).
func Rule(api string) gateway.Tool {
	r := Tool.Tool
	switch api {
	case APIResponses:
		r.Protocol = gateway.Responses
	case APIMessages:
		r.Protocol, r.BaseHasVersion, r.Auth = gateway.Messages, false, gateway.AuthXAPIKey
	}
	return r
}

// BuiltIn are pi's own provider ids (@mariozechner/pi-ai 0.73.1
// getProviders()): a models.json entry of one of them only overrides the
// built-in provider, whose key variable (OPENAI_API_KEY, …) then beats
// apiKey, so setup never writes one.
var BuiltIn = []string{"amazon-bedrock", "anthropic", "azure-openai-responses", "cerebras",
	"cloudflare-ai-gateway", "cloudflare-workers-ai", "deepseek", "fireworks", "github-copilot",
	"google", "google-vertex", "groq", "huggingface", "kimi-coding", "minimax", "minimax-cn",
	"mistral", "moonshotai", "moonshotai-cn", "openai", "openai-codex", "opencode", "opencode-go",
	"openrouter", "vercel-ai-gateway", "xai", "xiaomi", "xiaomi-token-plan-ams",
	"xiaomi-token-plan-cn", "xiaomi-token-plan-sgp", "zai"}

// Headless switches (pi --help, 0.73.1): PI_OFFLINE stops every startup
// lookup (update and package checks, install telemetry); the flags keep the
// turn from loading the user's extensions, skills, context files and tools
// or saving a session.
var headlessEnv = []string{"PI_OFFLINE=1", "PI_SKIP_VERSION_CHECK=1", "PI_TELEMETRY=0"}

// AgentDir is where pi keeps models.json, settings.json and auth.json.
func AgentDir(e *env.Env) string {
	if v := e.Getenv(AgentDirVar); v != "" {
		if v == "~" {
			return e.Home
		}
		if rest, ok := strings.CutPrefix(v, "~/"); ok {
			return filepath.Join(e.Home, rest)
		}
		return v
	}
	return filepath.Join(e.Home, ".pi", "agent")
}

// ModelsFile, SettingsFile and AuthFile are the agent directory's files.
func ModelsFile(e *env.Env) string   { return filepath.Join(AgentDir(e), "models.json") }
func SettingsFile(e *env.Env) string { return filepath.Join(AgentDir(e), "settings.json") }
func AuthFile(e *env.Env) string     { return filepath.Join(AgentDir(e), "auth.json") }

// ProjectSettings is the project's settings, merged over the global ones
// when pi runs in project.
func ProjectSettings(project string) string {
	return filepath.Join(project, ".pi", "settings.json")
}

// varName is what an apiKey naming a variable looks like: a literal key
// (sk-…) never does.
var varName = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// KeyForm is how pi reads an apiKey value: a command, the name of a
// variable (when one of that name is set, or the value looks like one),
// or a literal key.
type KeyForm int

const (
	KeyLiteral KeyForm = iota
	KeyVar
	KeyCommand
)

// FormOf is the form of an apiKey value in e.
func FormOf(e *env.Env, v string) KeyForm {
	switch {
	case strings.HasPrefix(v, CommandPrefix):
		return KeyCommand
	case varName.MatchString(v) && (strings.ToUpper(v) == v || e.Getenv(v) != ""):
		return KeyVar
	}
	return KeyLiteral
}
