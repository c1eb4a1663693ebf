package catalog

// Code names one diagnosis. Codes are a contract (scripts match them in
// --json output): add, never rename or drop. This block is the only place
// a code's string is written; everything else uses the constants.
type Code string

// Configuration codes: found in files and the environment, no network.
const (
	EnvMissing         Code = "env-missing"
	KeyMalformed       Code = "key-malformed"
	KeyPlaceholder     Code = "key-placeholder"
	URLInvalid         Code = "url-invalid"
	URLInsecure        Code = "url-insecure"
	URLDoubleVersion   Code = "url-double-version"
	URLMissingVersion  Code = "url-missing-version"
	URLHasEndpoint     Code = "url-has-endpoint"
	URLHasQuery        Code = "url-has-query"
	TripleDrift        Code = "triple-drift"
	ValueOverridden    Code = "value-overridden"
	AuthConflict       Code = "auth-conflict"
	ConfigInvalid      Code = "config-invalid"
	ConfigIgnored      Code = "config-ignored"
	CodexChatWire      Code = "codex-chat-wire"
	CodexEnvKeyUnset   Code = "codex-env-key-unset"
	SecretPerms        Code = "secret-perms"
	SecretInGit        Code = "secret-in-git"
	ProxyUnreachable   Code = "proxy-unreachable"
	ProxyCapturesLocal Code = "proxy-captures-local"
	// keydoctor's own MCP server entry (internal/catalog/mcp.go).
	MCPServerBroken Code = "mcp-server-broken"
	// Windows: the registry's variables and the system proxy.
	EnvNotLoaded             Code = "env-not-loaded"
	SystemProxyCapturesLocal Code = "system-proxy-captures-local"
	// macOS: a variable launchd keeps (launchctl setenv).
	LaunchdEnvDiffers Code = "launchd-env-differs"
	// WSL: a loopback base URL served on the other side.
	WSLLoopbackCrossed Code = "wsl-loopback-crossed"
	LocalRelayDown     Code = "local-relay-down"
	GatewayDown        Code = "gateway-down"
	ClaudeKeyRejected  Code = "claude-key-rejected"
	TempFileLeft       Code = "temp-file-left"
	ProviderBypass     Code = "provider-bypass"
	RouteInfo          Code = "route-info"
	ProfileInUse       Code = "profile-in-use"
	KeyOrphaned        Code = "key-orphaned"
	TeamDrift          Code = "team-drift"
	DotEnvShadow       Code = "dotenv-shadow"
	ModelUndeclared    Code = "model-undeclared"
	KeyHelperConflict  Code = "key-helper-conflict"
	LoginToGateway     Code = "login-to-gateway"
	KeyOverridden      Code = "key-overridden"
	ClaudeGatewayHTTP  Code = "claude-gateway-http"
	CodexLegacyProfile Code = "codex-legacy-profile"
	CodexAuthUnsent    Code = "codex-auth-unsent"
	CodexLoginSent     Code = "codex-login-sent"
	URLAnthropicRoot   Code = "url-anthropic-root"
	AuthTypeUnset      Code = "auth-type-unset"
	UsageStatsOn       Code = "usage-stats-on"
	FactsOlder         Code = "facts-older"
	CrushModelFallback Code = "crush-model-fallback"
	CrushScriptUnread  Code = "crush-script-unread"
)

// Wire codes: found in what the gateway (or the network) answered.
const (
	DNSFailed           Code = "dns-failed"
	ConnectRefused      Code = "connect-refused"
	ConnectTimeout      Code = "connect-timeout"
	TLSUntrusted        Code = "tls-untrusted"
	TLSFailed           Code = "tls-failed"
	HTTPRedirect        Code = "http-redirect"
	HTTPHTML            Code = "http-html"
	AuthInvalid         Code = "auth-invalid"
	AuthForbidden       Code = "auth-forbidden"
	EndpointNotFound    Code = "endpoint-not-found"
	ProtocolUnsupported Code = "protocol-unsupported"
	ModelNotFound       Code = "model-not-found"
	ModelMismatch       Code = "model-mismatch"
	RateLimited         Code = "rate-limited"
	ServerError         Code = "server-error"
	TimeoutHeaders      Code = "timeout-headers"
	TimeoutStream       Code = "timeout-stream"
	ErrorIn200          Code = "error-in-200"
	UsageMissing        Code = "usage-missing"
	StreamEmptyChoices  Code = "stream-empty-choices"
	StreamUnterminated  Code = "stream-unterminated"
	StreamBuffered      Code = "stream-buffered"
	StreamNotSSE        Code = "stream-not-sse"
	HTTPError           Code = "http-error"
	LatencyHigh         Code = "latency-high"
	QuotaExhausted      Code = "quota-exhausted"
	UpstreamOverloaded  Code = "upstream-overloaded"
	ModelNoChannel      Code = "model-no-channel"
	CDNPage             Code = "cdn-page"
	AnswerEmpty         Code = "answer-empty"
	EncodingUnasked     Code = "encoding-unasked"
	ResponseTooLarge    Code = "response-too-large"
	HeaderMissing       Code = "header-missing"
	KeyHelperFailed     Code = "key-helper-failed"

	// A route through a local router (routers.go).
	RouterClientKey     Code = "router-client-key"
	RouterUpstreamAuth  Code = "router-upstream-auth"
	RouterModelUnrouted Code = "router-model-unrouted"
	RouterUpstreamError Code = "router-upstream-error"
)

// String returns the code as it is printed.
func (c Code) String() string { return string(c) }
