package mock

import (
	"slices"
	"strings"

	"github.com/keydoctor/keydoctor/internal/catalog"
)

// Scenario is one behaviour of the fake gateway, named after the catalog
// code it reproduces where there is one.
type Scenario struct {
	Name        string
	Code        catalog.Code // the catalog code a correct diagnosis names; "" for a healthy answer
	Description string
	// Source is where a real gateway's answer was taken from (a project
	// file or a documentation page); "" for keydoctor's own scenarios.
	Source string
}

// Scenario names.
const (
	OK                 = "ok"
	AuthInvalid        = string(catalog.AuthInvalid)
	AuthForbidden      = string(catalog.AuthForbidden)
	ModelNotFound      = string(catalog.ModelNotFound)
	ModelNotFound400   = "model-not-found-400"
	EndpointNotFound   = string(catalog.EndpointNotFound)
	HTTPHTML           = string(catalog.HTTPHTML)
	HTTPRedirect       = string(catalog.HTTPRedirect)
	HTTPRedirectPath   = "http-redirect-path"
	ServerError        = string(catalog.ServerError)
	BadRequest         = "bad-request"
	RateLimited        = string(catalog.RateLimited)
	Flaky              = "flaky"
	ConcurrencyWall    = "concurrency-wall"
	ErrorIn200         = string(catalog.ErrorIn200)
	ModelMismatch      = string(catalog.ModelMismatch)
	ModelDatedAlias    = "model-dated-alias"
	ModelEscape        = "model-escape"
	UsageMissing       = string(catalog.UsageMissing)
	StreamEmptyChoices = string(catalog.StreamEmptyChoices)
	StreamUnterminated = string(catalog.StreamUnterminated)
	StreamBuffered     = string(catalog.StreamBuffered)
	StreamNotSSE       = string(catalog.StreamNotSSE)
	TimeoutHeaders     = string(catalog.TimeoutHeaders)
	TimeoutStream      = string(catalog.TimeoutStream)
	NoResponses        = "no-responses"
	NoMessages         = "no-messages"
	NoGemini           = "no-gemini"
	VendorRoots        = "vendor-roots"
	LatencyHigh        = string(catalog.LatencyHigh)

	// Real gateways' answers (real.go, shapes.go).
	OneAPITokenExhausted      = "oneapi-token-exhausted"
	OneAPITokenExpired        = "oneapi-token-expired"
	OneAPIModelForbidden      = "oneapi-model-forbidden"
	OneAPIUserQuota           = "oneapi-user-quota"
	OneAPINoChannel           = "oneapi-no-channel"
	OneAPIUpstreamSaturated   = "oneapi-upstream-saturated"
	NewAPIUserQuota           = "newapi-user-quota"
	NewAPINoChannel           = "newapi-no-channel"
	OpenAIInsufficientQuota   = "openai-insufficient-quota"
	OpenAIRateLimitReset      = "openai-rate-limit-reset"
	OpenRouterCredits         = "openrouter-credits"
	OpenRouterTimeout         = "openrouter-timeout"
	OpenRouterNoProvider      = "openrouter-no-provider"
	OpenRouterEmpty           = "openrouter-empty"
	LiteLLMBudget             = "litellm-budget"
	AnthropicCreditLow        = "anthropic-credit-low"
	AnthropicOverloaded       = "anthropic-overloaded"
	AnthropicStreamOverloaded = "anthropic-stream-overloaded"
	Cloudflare502             = "cloudflare-502"
	CloudflareChallenge       = "cloudflare-challenge"
	Nginx413                  = "nginx-413"
	Nginx504                  = "nginx-504"
	EmptyBody                 = "empty-body"
	ChoicesNull               = "choices-null"
	ToolCallOnly              = "tool-call-only"
	GzipAlways                = "gzip-always"
	GzipBuffersSSE            = "gzip-buffers-sse"
	BrotliUnasked             = "brotli-unasked"
	ReasoningFirst            = "reasoning-first"
	SlowFirstToken            = "slow-first-token"
	ResponseTooLarge          = string(catalog.ResponseTooLarge)
)

var scenarios = []Scenario{
	{OK, "", "a healthy gateway (the default)", ""},
	{AuthInvalid, catalog.AuthInvalid, "every request gets 401, even with the right key (a revoked key)", ""},
	{AuthForbidden, catalog.AuthForbidden, "generation requests get 403: the key may not use the model", ""},
	{ModelNotFound, catalog.ModelNotFound, "generation requests get 404 naming the model; /v1/models still lists the served ones", ""},
	{ModelNotFound400, catalog.ModelNotFound, "like model-not-found, but 400 invalid_request_error as some gateways answer", ""},
	{EndpointNotFound, catalog.EndpointNotFound, "the API is served under another prefix (none, or /gateway when the prefix is empty): the configured root gets 404", ""},
	{HTTPHTML, catalog.HTTPHTML, "every request gets a 200 text/html web page", ""},
	{HTTPRedirect, catalog.HTTPRedirect, "every request gets 301 to the same path over https", ""},
	{HTTPRedirectPath, catalog.HTTPRedirect, "every request gets 302 to a /login page", ""},
	{ServerError, catalog.ServerError, "generation requests get 500", ""},
	{BadRequest, catalog.HTTPError, "generation requests get 400 about a parameter, not the model (max_tokens too large)", ""},
	{RateLimited, catalog.RateLimited, "generation requests get 429 with Retry-After: 2", ""},
	{Flaky, catalog.RateLimited, "the first --fail-first generation requests (default 2) get 429 with Retry-After: 1, later ones succeed", ""},
	{ConcurrencyWall, catalog.LatencyHigh, "only --max-concurrent generation requests (default 2) run at once, the rest queue: TTFT grows, TPOT does not", ""},
	{ErrorIn200, catalog.ErrorIn200, "status 200 carrying an error object (an error event in a stream)", ""},
	{ModelMismatch, catalog.ModelMismatch, "the answer names another served model than the one requested", ""},
	{ModelEscape, catalog.ModelMismatch, "a hostile gateway: the answer, and the model list, name a model id holding terminal controls (OSC 52 clipboard write, ESC[2J, OSC 8 link, title, C1, bidi overrides)", ""},
	{ModelDatedAlias, "", "the answer names a dated snapshot of the requested model (gpt-4o -> gpt-4o-2024-08-06): not a mismatch", ""},
	{UsageMissing, catalog.UsageMissing, "no token usage anywhere in the answer", ""},
	{StreamEmptyChoices, catalog.StreamEmptyChoices, "a chat stream carries a chunk with \"choices\": [] midway (other protocols unchanged)", ""},
	{StreamUnterminated, catalog.StreamUnterminated, "streams end without [DONE], message_stop or response.completed", ""},
	{StreamBuffered, catalog.StreamBuffered, "stream headers come at once, every event in one write at the end", ""},
	{StreamNotSSE, catalog.StreamNotSSE, "a stream request gets the non-streaming JSON answer", ""},
	{TimeoutHeaders, catalog.TimeoutHeaders, "no response headers until the client gives up", ""},
	{TimeoutStream, catalog.TimeoutStream, "the answer stalls halfway until the client gives up", ""},
	{NoResponses, catalog.ProtocolUnsupported, "no /v1/responses (404): a tool speaking only the Responses API cannot work", ""},
	{NoMessages, catalog.ProtocolUnsupported, "no /v1/messages (404): a tool speaking only the Anthropic API cannot work", ""},
	{NoGemini, catalog.ProtocolUnsupported, "no /v1beta (404): a tool speaking only the Gemini API cannot work", ""},
	{VendorRoots, catalog.ProtocolUnsupported, "a root per API family, as DeepSeek and Kimi serve them: the OpenAI API at {prefix}/v1, the Anthropic one only at {prefix}/anthropic/v1/messages (404 at the other's root)", ""},
	{LatencyHigh, catalog.LatencyHigh, "TTFT at least 1s and TPOT at least 60ms", ""},
	{AgentMCP, "", "a model in an agent loop: offered keydoctor's doctor as a tool (mcp__keydoctor__doctor), it calls it; given the result, it answers quoting it (messages and chat)", ""},
}

// Scenarios lists every scenario, the healthy one first, then keydoctor's
// own, then the real gateways' answers and the header-routed ones.
func Scenarios() []Scenario {
	return slices.Concat(scenarios, realScenarios, headerScenarios, routerScenarios)
}

// LookupScenario finds a scenario by name ("" is OK).
func LookupScenario(name string) (Scenario, bool) {
	name = strings.ToLower(strings.TrimSpace(name))
	if name == "" {
		name = OK
	}
	// Both lists in place, no copy: every request looks its scenario up.
	for _, list := range [][]Scenario{scenarios, realScenarios, headerScenarios, routerScenarios} {
		for _, s := range list {
			if s.Name == name {
				return s, true
			}
		}
	}
	return Scenario{}, false
}
