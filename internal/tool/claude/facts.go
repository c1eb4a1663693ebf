package claude

import (
	"net/url"
	"path/filepath"
	"slices"
	"strings"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/keydoctor/keydoctor/internal/tool/anthropic"
)

// Claude Code (docs/tools.md, "Claude Code"): the variables of its triple
// live in the env object of its settings files, which beat the same
// variables in the shell. It shares Anthropic's variable names
// (AnthropicBaseURL, AnthropicAuthToken, AnthropicAPIKey, AnthropicModel).
const (
	// Env is the settings object that holds the variables.
	Env = "env"
	// BackgroundModel is the small, fast model of background calls,
	// which also go through the gateway; LegacyBackgroundModel is
	// its older name, read when the first is unset or empty.
	BackgroundModel       = "ANTHROPIC_DEFAULT_HAIKU_MODEL"
	LegacyBackgroundModel = "ANTHROPIC_SMALL_FAST_MODEL"
	// ModelKey is the settings' own "model" key, which
	// ANTHROPIC_MODEL beats; KeyHelper names a command printing the key.
	ModelKey  = "model"
	KeyHelper = "apiKeyHelper"
	// CustomHeaders holds extra headers Claude Code sends with each
	// request, "Name: value" one a line (its settings' env or the shell,
	// like every variable it reads).
	CustomHeaders = "ANTHROPIC_CUSTOM_HEADERS"
	// PrimaryKey is where `claude login` keeps a Console API key in
	// the state file; Rejected lists the last 20 characters of keys
	// the user refused at its prompt: such a key is silently not used.
	PrimaryKey = "primaryApiKey"
	Rejected   = "customApiKeyResponses.rejected"
	// RejectedTail is how many trailing characters Rejected keeps.
	RejectedTail = 20
)

// DefaultBackgroundModel is the model Claude Code sends its
// background requests (titles, summaries, quick tool calls) to when neither
// BackgroundModel nor LegacyBackgroundModel names one (observed
// with Claude Code 2.1.197). They go through the same gateway: one that does
// not serve this id answers them 404, and Claude Code then says the model
// "may not exist" while the main model works.
const DefaultBackgroundModel = "claude-haiku-4-5-20251001"

// BackgroundDefaults are the default background model by version, oldest
// first: only 2.1.197 was observed (docs/tools.md, "Claude Code"; not
// observed with 2.1.332, whose haiku alias is another id: Builtins), so a
// newer version is judged by 2.1.197's and doctor says the facts are older.
var BackgroundDefaults = tool.Facts[string]{
	{Seen: []string{"2.1.197"}, Value: DefaultBackgroundModel},
}

// Vars are every variable of Claude Code's triple.
var Vars = []string{anthropic.BaseURL, anthropic.AuthToken, anthropic.APIKey, anthropic.Model,
	BackgroundModel, LegacyBackgroundModel}

// Scope is which Claude Code settings file.
type Scope string

const (
	User    Scope = "user"    // $CLAUDE_CONFIG_DIR/settings.json (~/.claude)
	Project Scope = "project" // PROJECT/.claude/settings.json
	Local   Scope = "local"   // PROJECT/.claude/settings.local.json
	Managed Scope = "managed" // the OS-wide managed settings, beating every other
)

// Dir is $CLAUDE_CONFIG_DIR, else ~/.claude.
func Dir(e *env.Env) string {
	if v := e.Getenv(HomeVar); v != "" {
		return v
	}
	return filepath.Join(e.Home, ".claude")
}

// Settings is the settings.json of a scope (the user's for managed:
// see ManagedSettings).
func Settings(e *env.Env, scope Scope, project string) string {
	switch scope {
	case Project:
		return filepath.Join(project, ".claude", "settings.json")
	case Local:
		return filepath.Join(project, ".claude", "settings.local.json")
	default:
		return filepath.Join(Dir(e), "settings.json")
	}
}

// ManagedSettings is the managed (enterprise) settings file, which
// beats every other layer.
func ManagedSettings(e *env.Env) string {
	switch e.GOOS {
	case "darwin":
		return "/Library/Application Support/ClaudeCode/managed-settings.json"
	case "windows":
		return `C:\Program Files\ClaudeCode\managed-settings.json`
	default:
		return "/etc/claude-code/managed-settings.json"
	}
}

// StateFile is ~/.claude.json (primaryApiKey, customApiKeyResponses and
// more). With CLAUDE_CONFIG_DIR set, Claude Code keeps it inside that
// directory.
func StateFile(e *env.Env) string {
	if d := e.Getenv(HomeVar); d != "" {
		return filepath.Join(d, ".claude.json")
	}
	return filepath.Join(e.Home, ".claude.json")
}

// KeyAuth is the header Claude Code (and an Anthropic SDK) sends a
// key in, by where the key came from: ANTHROPIC_API_KEY and a stored
// primaryApiKey as x-api-key, ANTHROPIC_AUTH_TOKEN as a bearer token;
// unknown for apiKeyHelper (its output goes in both) and other names.
func KeyAuth(keyName string) (gateway.Auth, bool) {
	switch keyName {
	case anthropic.APIKey, PrimaryKey:
		return gateway.AuthXAPIKey, true
	case anthropic.AuthToken:
		return gateway.AuthBearer, true
	case KeyHelper:
		return "", true
	}
	return "", false
}

// Switch is one of Claude Code's provider switches: a variable that,
// set truthy (Truthy), sends every request to a cloud provider
// instead of ANTHROPIC_BASE_URL (docs/tools.md, "Provider switches").
type Switch struct {
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

// Switches are Claude Code's provider switches in the order it
// tests them (2.1.197, getAPIProvider): the first truthy one wins; with
// any but CLAUDE_CODE_USE_GATEWAY no request reaches ANTHROPIC_BASE_URL.
var Switches = []Switch{
	{Var: "CLAUDE_CODE_USE_GATEWAY", Name: "gateway", Title: "Anthropic's cloud gateway", Companions: []string{anthropic.BaseURL, anthropic.AuthToken}, SameWire: true},
	{Var: "CLAUDE_CODE_USE_BEDROCK", Name: "bedrock", Title: "Amazon Bedrock", Companions: []string{"AWS_REGION", "AWS_PROFILE", "ANTHROPIC_BEDROCK_BASE_URL", "AWS_BEARER_TOKEN_BEDROCK"}},
	{Var: "CLAUDE_CODE_USE_FOUNDRY", Name: "foundry", Title: "Microsoft Foundry", Companions: []string{"ANTHROPIC_FOUNDRY_RESOURCE", "ANTHROPIC_FOUNDRY_BASE_URL", "ANTHROPIC_FOUNDRY_API_KEY"}},
	{Var: "CLAUDE_CODE_USE_ANTHROPIC_AWS", Name: "anthropicAws", Title: "Claude Platform on AWS", Companions: []string{"ANTHROPIC_AWS_WORKSPACE_ID", "ANTHROPIC_AWS_BASE_URL", "ANTHROPIC_AWS_API_KEY"}},
	{Var: "CLAUDE_CODE_USE_MANTLE", Name: "mantle", Title: "Bedrock Mantle", Companions: []string{"AWS_REGION", "ANTHROPIC_BEDROCK_MANTLE_BASE_URL", "ANTHROPIC_BEDROCK_MANTLE_API_KEY"}},
	{Var: "CLAUDE_CODE_USE_VERTEX", Name: "vertex", Title: "Google Vertex AI", Companions: []string{"ANTHROPIC_VERTEX_PROJECT_ID", "CLOUD_ML_REGION", "ANTHROPIC_VERTEX_BASE_URL"}},
}

// Truthy is how Claude Code reads a switch: "1", "true", "yes" or
// "on", any case, spaces trimmed (a JSON true in a settings env becomes
// "true"). "0", "false" and "" leave the switch off.
func Truthy(v string) bool {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "1", "true", "yes", "on":
		return true
	}
	return false
}

// Claude Code's own login: a subscription (claude.ai) sign-in keeps its
// OAuth tokens under OAuthKey in Credentials (Linux; the
// macOS keychain elsewhere) and the account under OAuthAccount in
// the state file; CLAUDE_CODE_OAUTH_TOKEN carries a long-lived token.
// Any key variable (ANTHROPIC_AUTH_TOKEN, ANTHROPIC_API_KEY) or
// apiKeyHelper beats the login.
const (
	CredentialsFile = ".credentials.json"
	OAuthKey        = "claudeAiOauth"
	OAuthAccount    = "oauthAccount"
	OAuthTokenVar   = "CLAUDE_CODE_OAUTH_TOKEN"
)

// Credentials is $CLAUDE_CONFIG_DIR/.credentials.json (~/.claude).
func Credentials(e *env.Env) string {
	return filepath.Join(Dir(e), CredentialsFile)
}

// GatewayLocalHosts are the hosts CLAUDE_CODE_USE_GATEWAY accepts a
// plain http:// ANTHROPIC_BASE_URL for (2.1.197: any other host, even
// 127.0.0.2 or NAME.localhost, makes Claude Code exit at start with
// "Gateway URL must use https://"; docs/tools.md).
var GatewayLocalHosts = []string{"localhost", "127.0.0.1", "[::1]"}

// GatewayRefuses reports whether Claude Code, with
// CLAUDE_CODE_USE_GATEWAY on, refuses base as its gateway URL: plain
// http:// to a host other than GatewayLocalHosts. The key of
// Anthropic's cloud gateway would travel unencrypted, so it does not start.
func GatewayRefuses(base string) bool {
	u, err := url.Parse(strings.TrimSpace(base))
	if err != nil || !strings.EqualFold(u.Scheme, "http") {
		return false
	}
	host := strings.ToLower(u.Hostname())
	if strings.Contains(host, ":") {
		host = "[" + host + "]" // as the URL's hostname reads in JavaScript
	}
	return !slices.Contains(GatewayLocalHosts, host)
}

// HomeVar moves the tool's directory (Dir).
const HomeVar = "CLAUDE_CONFIG_DIR"

// Observed is the Claude Code version these facts were observed with
// (docs/tools.md, "Installed versions"): the newest of Builtins' Seen.
const Observed = "2.1.332"
