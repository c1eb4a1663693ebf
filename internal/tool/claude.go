package tool

import (
	"net/url"
	"path/filepath"
	"slices"
	"strings"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
)

// Claude Code (docs/tools.md, "Claude Code"): the variables of its triple
// live in the env object of its settings files, which beat the same
// variables in the shell. It shares Anthropic's variable names
// (AnthropicBaseURL, AnthropicAuthToken, AnthropicAPIKey, AnthropicModel).
const (
	// ClaudeEnv is the settings object that holds the variables.
	ClaudeEnv = "env"
	// ClaudeBackgroundModel is the small, fast model of background calls,
	// which also go through the gateway; ClaudeLegacyBackgroundModel is
	// its older name, read when the first is unset or empty.
	ClaudeBackgroundModel       = "ANTHROPIC_DEFAULT_HAIKU_MODEL"
	ClaudeLegacyBackgroundModel = "ANTHROPIC_SMALL_FAST_MODEL"
	// ClaudeModelKey is the settings' own "model" key, which
	// ANTHROPIC_MODEL beats; ClaudeKeyHelper names a command printing the key.
	ClaudeModelKey  = "model"
	ClaudeKeyHelper = "apiKeyHelper"
	// ClaudePrimaryKey is where `claude login` keeps a Console API key in
	// the state file; ClaudeRejected lists the last 20 characters of keys
	// the user refused at its prompt: such a key is silently not used.
	ClaudePrimaryKey = "primaryApiKey"
	ClaudeRejected   = "customApiKeyResponses.rejected"
	// ClaudeRejectedTail is how many trailing characters ClaudeRejected keeps.
	ClaudeRejectedTail = 20
)

// ClaudeDefaultBackgroundModel is the model Claude Code sends its
// background requests (titles, summaries, quick tool calls) to when neither
// ClaudeBackgroundModel nor ClaudeLegacyBackgroundModel names one (observed
// with Claude Code 2.1.197). They go through the same gateway: one that does
// not serve this id answers them 404, and Claude Code then says the model
// "may not exist" while the main model works.
const ClaudeDefaultBackgroundModel = "claude-haiku-4-5-20251001"

// ClaudeVars are every variable of Claude Code's triple.
var ClaudeVars = []string{AnthropicBaseURL, AnthropicAuthToken, AnthropicAPIKey, AnthropicModel,
	ClaudeBackgroundModel, ClaudeLegacyBackgroundModel}

// ClaudeScope is which Claude Code settings file.
type ClaudeScope string

const (
	ClaudeUser    ClaudeScope = "user"    // $CLAUDE_CONFIG_DIR/settings.json (~/.claude)
	ClaudeProject ClaudeScope = "project" // PROJECT/.claude/settings.json
	ClaudeLocal   ClaudeScope = "local"   // PROJECT/.claude/settings.local.json
	ClaudeManaged ClaudeScope = "managed" // the OS-wide managed settings, beating every other
)

// ClaudeDir is $CLAUDE_CONFIG_DIR, else ~/.claude.
func ClaudeDir(e *env.Env) string {
	if v := e.Getenv("CLAUDE_CONFIG_DIR"); v != "" {
		return v
	}
	return filepath.Join(e.Home, ".claude")
}

// ClaudeSettings is the settings.json of a scope (the user's for managed:
// see ClaudeManagedSettings).
func ClaudeSettings(e *env.Env, scope ClaudeScope, project string) string {
	switch scope {
	case ClaudeProject:
		return filepath.Join(project, ".claude", "settings.json")
	case ClaudeLocal:
		return filepath.Join(project, ".claude", "settings.local.json")
	default:
		return filepath.Join(ClaudeDir(e), "settings.json")
	}
}

// ClaudeManagedSettings is the managed (enterprise) settings file, which
// beats every other layer.
func ClaudeManagedSettings(e *env.Env) string {
	switch e.GOOS {
	case "darwin":
		return "/Library/Application Support/ClaudeCode/managed-settings.json"
	case "windows":
		return `C:\Program Files\ClaudeCode\managed-settings.json`
	default:
		return "/etc/claude-code/managed-settings.json"
	}
}

// ClaudeState is ~/.claude.json (primaryApiKey, customApiKeyResponses and
// more). With CLAUDE_CONFIG_DIR set, Claude Code keeps it inside that
// directory.
func ClaudeState(e *env.Env) string {
	if d := e.Getenv("CLAUDE_CONFIG_DIR"); d != "" {
		return filepath.Join(d, ".claude.json")
	}
	return filepath.Join(e.Home, ".claude.json")
}

// ClaudeKeyAuth is the header Claude Code (and an Anthropic SDK) sends a
// key in, by where the key came from: ANTHROPIC_API_KEY and a stored
// primaryApiKey as x-api-key, ANTHROPIC_AUTH_TOKEN as a bearer token;
// unknown for apiKeyHelper (its output goes in both) and other names.
func ClaudeKeyAuth(keyName string) (gateway.Auth, bool) {
	switch keyName {
	case AnthropicAPIKey, ClaudePrimaryKey:
		return gateway.AuthXAPIKey, true
	case AnthropicAuthToken:
		return gateway.AuthBearer, true
	case ClaudeKeyHelper:
		return "", true
	}
	return "", false
}

// ClaudeSwitch is one of Claude Code's provider switches: a variable that,
// set truthy (ClaudeTruthy), sends every request to a cloud provider
// instead of ANTHROPIC_BASE_URL (docs/tools.md, "Provider switches").
type ClaudeSwitch struct {
	Var  string // CLAUDE_CODE_USE_BEDROCK
	Name string // bedrock: Claude Code's own name for the provider
	// Title names the provider for people.
	Title string
	// Companions are the variables that configure that provider.
	Companions []string
	// SameWire: with ANTHROPIC_BASE_URL and ANTHROPIC_AUTH_TOKEN set, the
	// switch sends the same request as no switch (CLAUDE_CODE_USE_GATEWAY,
	// observed 2.1.197); without both it is ignored.
	SameWire bool
}

// ClaudeSwitches are Claude Code's provider switches in the order it
// tests them (2.1.197, getAPIProvider): the first truthy one wins; with
// any but CLAUDE_CODE_USE_GATEWAY no request reaches ANTHROPIC_BASE_URL.
var ClaudeSwitches = []ClaudeSwitch{
	{Var: "CLAUDE_CODE_USE_GATEWAY", Name: "gateway", Title: "Anthropic's cloud gateway", Companions: []string{AnthropicBaseURL, AnthropicAuthToken}, SameWire: true},
	{Var: "CLAUDE_CODE_USE_BEDROCK", Name: "bedrock", Title: "Amazon Bedrock", Companions: []string{"AWS_REGION", "AWS_PROFILE", "ANTHROPIC_BEDROCK_BASE_URL", "AWS_BEARER_TOKEN_BEDROCK"}},
	{Var: "CLAUDE_CODE_USE_FOUNDRY", Name: "foundry", Title: "Microsoft Foundry", Companions: []string{"ANTHROPIC_FOUNDRY_RESOURCE", "ANTHROPIC_FOUNDRY_BASE_URL", "ANTHROPIC_FOUNDRY_API_KEY"}},
	{Var: "CLAUDE_CODE_USE_ANTHROPIC_AWS", Name: "anthropicAws", Title: "Claude Platform on AWS", Companions: []string{"ANTHROPIC_AWS_WORKSPACE_ID", "ANTHROPIC_AWS_BASE_URL", "ANTHROPIC_AWS_API_KEY"}},
	{Var: "CLAUDE_CODE_USE_MANTLE", Name: "mantle", Title: "Bedrock Mantle", Companions: []string{"AWS_REGION", "ANTHROPIC_BEDROCK_MANTLE_BASE_URL", "ANTHROPIC_BEDROCK_MANTLE_API_KEY"}},
	{Var: "CLAUDE_CODE_USE_VERTEX", Name: "vertex", Title: "Google Vertex AI", Companions: []string{"ANTHROPIC_VERTEX_PROJECT_ID", "CLOUD_ML_REGION", "ANTHROPIC_VERTEX_BASE_URL"}},
}

// ClaudeTruthy is how Claude Code reads a switch: "1", "true", "yes" or
// "on", any case, spaces trimmed (a JSON true in a settings env becomes
// "true"). "0", "false" and "" leave the switch off.
func ClaudeTruthy(v string) bool {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "1", "true", "yes", "on":
		return true
	}
	return false
}

// Claude Code's own login: a subscription (claude.ai) sign-in keeps its
// OAuth tokens under ClaudeOAuthKey in ClaudeCredentials (Linux; the
// macOS keychain elsewhere) and the account under ClaudeOAuthAccount in
// the state file; CLAUDE_CODE_OAUTH_TOKEN carries a long-lived token.
// Any key variable (ANTHROPIC_AUTH_TOKEN, ANTHROPIC_API_KEY) or
// apiKeyHelper beats the login.
const (
	ClaudeCredentialsFile = ".credentials.json"
	ClaudeOAuthKey        = "claudeAiOauth"
	ClaudeOAuthAccount    = "oauthAccount"
	ClaudeOAuthTokenVar   = "CLAUDE_CODE_OAUTH_TOKEN"
)

// ClaudeCredentials is $CLAUDE_CONFIG_DIR/.credentials.json (~/.claude).
func ClaudeCredentials(e *env.Env) string {
	return filepath.Join(ClaudeDir(e), ClaudeCredentialsFile)
}

// ClaudeGatewayLocalHosts are the hosts CLAUDE_CODE_USE_GATEWAY accepts a
// plain http:// ANTHROPIC_BASE_URL for (2.1.197: any other host, even
// 127.0.0.2 or NAME.localhost, makes Claude Code exit at start with
// "Gateway URL must use https://"; docs/tools.md).
var ClaudeGatewayLocalHosts = []string{"localhost", "127.0.0.1", "[::1]"}

// ClaudeGatewayRefuses reports whether Claude Code, with
// CLAUDE_CODE_USE_GATEWAY on, refuses base as its gateway URL: plain
// http:// to a host other than ClaudeGatewayLocalHosts. The key of
// Anthropic's cloud gateway would travel unencrypted, so it does not start.
func ClaudeGatewayRefuses(base string) bool {
	u, err := url.Parse(strings.TrimSpace(base))
	if err != nil || !strings.EqualFold(u.Scheme, "http") {
		return false
	}
	host := strings.ToLower(u.Hostname())
	if strings.Contains(host, ":") {
		host = "[" + host + "]" // as the URL's hostname reads in JavaScript
	}
	return !slices.Contains(ClaudeGatewayLocalHosts, host)
}
