package mock

import "strings"

// Scenario is one behaviour of the fake gateway, named after the catalog
// code it reproduces where there is one.
type Scenario struct {
	Name        string
	Code        string // the catalog code a correct diagnosis names; "" for a healthy answer
	Description string
}

// Scenario names.
const (
	OK                 = "ok"
	AuthInvalid        = "auth-invalid"
	AuthForbidden      = "auth-forbidden"
	ModelNotFound      = "model-not-found"
	ModelNotFound400   = "model-not-found-400"
	EndpointNotFound   = "endpoint-not-found"
	HTTPHTML           = "http-html"
	HTTPRedirect       = "http-redirect"
	HTTPRedirectPath   = "http-redirect-path"
	ServerError        = "server-error"
	BadRequest         = "bad-request"
	RateLimited        = "rate-limited"
	Flaky              = "flaky"
	ConcurrencyWall    = "concurrency-wall"
	ErrorIn200         = "error-in-200"
	ModelMismatch      = "model-mismatch"
	ModelDatedAlias    = "model-dated-alias"
	UsageMissing       = "usage-missing"
	StreamEmptyChoices = "stream-empty-choices"
	StreamUnterminated = "stream-unterminated"
	StreamBuffered     = "stream-buffered"
	StreamNotSSE       = "stream-not-sse"
	TimeoutHeaders     = "timeout-headers"
	TimeoutStream      = "timeout-stream"
	NoResponses        = "no-responses"
	NoMessages         = "no-messages"
	NoGemini           = "no-gemini"
	LatencyHigh        = "latency-high"
)

var scenarios = []Scenario{
	{OK, "", "a healthy gateway (the default)"},
	{AuthInvalid, "auth-invalid", "every request gets 401, even with the right key (a revoked key)"},
	{AuthForbidden, "auth-forbidden", "generation requests get 403: the key may not use the model"},
	{ModelNotFound, "model-not-found", "generation requests get 404 naming the model; /v1/models still lists the served ones"},
	{ModelNotFound400, "model-not-found", "like model-not-found, but 400 invalid_request_error as some gateways answer"},
	{EndpointNotFound, "endpoint-not-found", "the API is served under another prefix (none, or /gateway when the prefix is empty): the configured root gets 404"},
	{HTTPHTML, "http-html", "every request gets a 200 text/html web page"},
	{HTTPRedirect, "http-redirect", "every request gets 301 to the same path over https"},
	{HTTPRedirectPath, "http-redirect", "every request gets 302 to a /login page"},
	{ServerError, "server-error", "generation requests get 500"},
	{BadRequest, "http-error", "generation requests get 400 about a parameter, not the model (max_tokens too large)"},
	{RateLimited, "rate-limited", "generation requests get 429 with Retry-After: 2"},
	{Flaky, "rate-limited", "the first FailFirst generation requests (default 2) get 429 with Retry-After: 1, later ones succeed"},
	{ConcurrencyWall, "latency-high", "only MaxConcurrent (default 2) generation requests run at once, the rest queue: TTFT grows, TPOT does not"},
	{ErrorIn200, "error-in-200", "status 200 carrying an error object (an error event in a stream)"},
	{ModelMismatch, "model-mismatch", "the answer names another served model than the one requested"},
	{ModelDatedAlias, "", "the answer names a dated snapshot of the requested model (gpt-4o -> gpt-4o-2024-08-06): not a mismatch"},
	{UsageMissing, "usage-missing", "no token usage anywhere in the answer"},
	{StreamEmptyChoices, "stream-empty-choices", "a chat stream carries a chunk with \"choices\": [] midway (other protocols unchanged)"},
	{StreamUnterminated, "stream-unterminated", "streams end without [DONE], message_stop or response.completed"},
	{StreamBuffered, "stream-buffered", "stream headers come at once, every event in one write at the end"},
	{StreamNotSSE, "stream-not-sse", "a stream request gets the non-streaming JSON answer"},
	{TimeoutHeaders, "timeout-headers", "no response headers until the client gives up"},
	{TimeoutStream, "timeout-stream", "the answer stalls halfway until the client gives up"},
	{NoResponses, "protocol-unsupported", "no /v1/responses (404): Codex cannot work"},
	{NoMessages, "protocol-unsupported", "no /v1/messages (404): Claude Code cannot work"},
	{NoGemini, "protocol-unsupported", "no /v1beta (the Gemini API, 404): Gemini CLI cannot work"},
	{LatencyHigh, "latency-high", "TTFT at least 1s and TPOT at least 60ms"},
}

// Scenarios lists every scenario, the healthy one first.
func Scenarios() []Scenario { return append([]Scenario(nil), scenarios...) }

// LookupScenario finds a scenario by name ("" is OK).
func LookupScenario(name string) (Scenario, bool) {
	name = strings.ToLower(strings.TrimSpace(name))
	if name == "" {
		name = OK
	}
	for _, s := range scenarios {
		if s.Name == name {
			return s, true
		}
	}
	return Scenario{}, false
}
