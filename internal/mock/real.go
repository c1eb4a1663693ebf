package mock

import (
	"strings"

	"github.com/keydoctor/keydoctor/internal/catalog"
)

// Real gateways' answers, reproduced from the gateways' code or their
// documentation; each names its source. keydoctor's diagnosis is tested
// against these bytes, not only against its own textbook failures.
// "{model}" is the model the request asked for, "{request_id}" one-api's
// request id.
const requestID = "2026113012000012345678"

// cannedAnswer is one answer a real gateway sends as it is.
type cannedAnswer struct {
	status int
	header []string // name, value pairs
	body   string
	// every: the gateway answers every request so (its authentication
	// layer or a CDN in front), the model list included; otherwise only
	// generation requests get it.
	every bool
}

var canned = map[string]cannedAnswer{
	// one-api model/token.go ValidateUserToken ("该令牌额度已用尽"),
	// answered by middleware/auth.go TokenAuth with abortWithMessage
	// (middleware/utils.go; common/helper MessageWithRequestId).
	OneAPITokenExhausted: {status: 401, every: true,
		body: `{"error":{"message":"该令牌额度已用尽 (request id: {request_id})","type":"one_api_error"}}`},
	// one-api model/token.go ValidateUserToken ("该令牌已过期").
	OneAPITokenExpired: {status: 401, every: true,
		body: `{"error":{"message":"该令牌已过期 (request id: {request_id})","type":"one_api_error"}}`},
	// one-api middleware/auth.go TokenAuth: a token limited to other models.
	OneAPIModelForbidden: {status: 403,
		body: `{"error":{"message":"该令牌无权使用模型：{model} (request id: {request_id})","type":"one_api_error"}}`},
	// one-api relay/controller/helper.go preConsumeQuota, relayed by
	// controller/relay.go with the request id.
	OneAPIUserQuota: {status: 403,
		body: `{"error":{"message":"user quota is not enough (request id: {request_id})","type":"one_api_error","param":"","code":"insufficient_user_quota"}}`},
	// one-api middleware/distributor.go Distribute.
	OneAPINoChannel: {status: 503,
		body: `{"error":{"message":"当前分组 default 下对于模型 {model} 无可用渠道 (request id: {request_id})","type":"one_api_error"}}`},
	// one-api controller/relay.go: an upstream 429 after the retries.
	OneAPIUpstreamSaturated: {status: 429,
		body: `{"error":{"message":"当前分组上游负载已饱和，请稍后再试 (request id: {request_id})","type":"tokens","param":"","code":"rate_limit_exceeded"}}`},
	// new-api (QuantumNous/new-api) relay/relay-text.go preConsumeQuota,
	// service.OpenAIErrorWrapperLocal.
	NewAPIUserQuota: {status: 403,
		body: `{"error":{"message":"chat pre-consumed quota failed, user quota: $0.14, need quota: $0.39 (request id: {request_id})","type":"new_api_error","param":"","code":"insufficient_user_quota"}}`},
	// new-api middleware/distributor.go with i18n/locales/en.yaml
	// distributor.no_available_channel and middleware/utils.go
	// abortWithOpenAiMessage(…, types.ErrorCodeModelNotFound).
	NewAPINoChannel: {status: 503,
		body: `{"error":{"message":"No available channel for model {model} under group default (distributor) (request id: {request_id})","type":"new_api_error","code":"model_not_found"}}`},
	// OpenAI https://platform.openai.com/docs/guides/error-codes (429
	// "You exceeded your current quota").
	OpenAIInsufficientQuota: {status: 429,
		body: `{"error":{"message":"You exceeded your current quota, please check your plan and billing details. For more information on this error, read the docs: https://platform.openai.com/docs/guides/error-codes/api-errors.","type":"insufficient_quota","param":null,"code":"insufficient_quota"}}`},
	// OpenAI https://platform.openai.com/docs/guides/rate-limits: the
	// x-ratelimit-* headers, no Retry-After, the wait in the message.
	OpenAIRateLimitReset: {status: 429,
		header: []string{"X-Ratelimit-Limit-Requests", "3", "X-Ratelimit-Remaining-Requests", "0", "X-Ratelimit-Reset-Requests", "20s",
			"X-Ratelimit-Limit-Tokens", "30000", "X-Ratelimit-Remaining-Tokens", "29500", "X-Ratelimit-Reset-Tokens", "1s"},
		body: `{"error":{"message":"Rate limit reached for {model} in organization org-mock on requests per min (RPM): Limit 3, Used 3, Requested 1. Please try again in 20s. Visit https://platform.openai.com/account/rate-limits to learn more.","type":"requests","param":null,"code":"rate_limit_exceeded"}}`},
	// OpenRouter https://openrouter.ai/docs/api-reference/errors (402) and
	// its SDKs' PaymentRequiredResponseError example message.
	OpenRouterCredits: {status: 402,
		body: `{"error":{"code":402,"message":"Insufficient credits. Add more using https://openrouter.ai/credits"}}`},
	// OpenRouter https://openrouter.ai/docs/api-reference/errors (408).
	OpenRouterTimeout: {status: 408,
		body: `{"error":{"code":408,"message":"Your request timed out"}}`},
	// OpenRouter https://openrouter.ai/docs/api-reference/errors (503).
	OpenRouterNoProvider: {status: 503,
		body: `{"error":{"code":503,"message":"There is no available model provider that meets your routing requirements"}}`},
	// LiteLLM proxy: ProxyException(type="budget_exceeded", code=400) with
	// BudgetExceededError's message (BerriAI/litellm).
	LiteLLMBudget: {status: 400,
		body: `{"error":{"message":"Budget has been exceeded! Current cost: 5.0, Max budget: 1.0","type":"budget_exceeded","param":null,"code":"400"}}`},
	// Anthropic API, as reported in anthropics/anthropic-sdk-typescript#618.
	AnthropicCreditLow: {status: 400,
		body: `{"type":"error","error":{"type":"invalid_request_error","message":"Your credit balance is too low to access the Anthropic API. Please go to Plans & Billing to upgrade or purchase credits."}}`},
	// Anthropic https://docs.anthropic.com/en/api/errors (529).
	AnthropicOverloaded: {status: 529,
		body: `{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}`},
	// Cloudflare's 502 page when the origin fails
	// (https://developers.cloudflare.com/support/troubleshooting/http-status-codes/cloudflare-5xx-errors/),
	// its Server and CF-Ray headers.
	Cloudflare502: {status: 502, every: true,
		header: []string{"Content-Type", "text/html; charset=UTF-8", "Server", "cloudflare", "Cf-Ray", "8f1e2d3c4b5a6978-SJC"},
		body: `<!DOCTYPE html>
<html lang="en-US"><head><title>gw.example | 502: Bad gateway</title></head>
<body><div id="cf-error-details"><h1>Bad gateway</h1><span>Error code 502</span>
<p>The web server reported a bad gateway error.</p><p>Cloudflare Ray ID: 8f1e2d3c4b5a6978</p></div></body></html>
`},
	// Cloudflare's managed challenge, marked by the cf-mitigated header
	// (https://developers.cloudflare.com/cloudflare-challenges/challenge-types/challenge-pages/detect-response/).
	CloudflareChallenge: {status: 403, every: true,
		header: []string{"Content-Type", "text/html; charset=UTF-8", "Server", "cloudflare", "Cf-Mitigated", "challenge", "Cf-Ray", "8f1e2d3c4b5a6979-SJC"},
		body:   "<!DOCTYPE html><html lang=\"en-US\"><head><title>Just a moment...</title></head><body><noscript>Enable JavaScript and cookies to continue</noscript></body></html>\n"},
	// nginx src/http/ngx_http_special_response.c: ngx_http_error_413_page
	// and ngx_http_error_tail (client_max_body_size).
	Nginx413: {status: 413,
		header: []string{"Content-Type", "text/html", "Server", "nginx"},
		body:   "<html>\r\n<head><title>413 Request Entity Too Large</title></head>\r\n<body>\r\n<center><h1>413 Request Entity Too Large</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n"},
	// nginx ngx_http_error_504_page: the gateway behind it is too slow.
	Nginx504: {status: 504,
		header: []string{"Content-Type", "text/html", "Server", "nginx"},
		body:   "<html>\r\n<head><title>504 Gateway Time-out</title></head>\r\n<body>\r\n<center><h1>504 Gateway Time-out</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n"},
}

// realScenarios are the scenarios above and the ones with a shape of
// their own (real.go, shapes.go), each with the code a right diagnosis
// names and where the bytes come from.
var realScenarios = []Scenario{
	{OneAPITokenExhausted, catalog.QuotaExhausted, "one-api: 401 该令牌额度已用尽, the token's quota is used up", "one-api model/token.go"},
	{OneAPITokenExpired, catalog.AuthInvalid, "one-api: 401 该令牌已过期, the token expired", "one-api model/token.go"},
	{OneAPIModelForbidden, catalog.AuthForbidden, "one-api: 403 该令牌无权使用模型, the token may not use the model", "one-api middleware/auth.go"},
	{OneAPIUserQuota, catalog.QuotaExhausted, "one-api: 403 insufficient_user_quota", "one-api relay/controller/helper.go"},
	{OneAPINoChannel, catalog.ModelNoChannel, "one-api: 503 当前分组 default 下对于模型 … 无可用渠道", "one-api middleware/distributor.go"},
	{OneAPIUpstreamSaturated, catalog.UpstreamOverloaded, "one-api: 429 当前分组上游负载已饱和，请稍后再试", "one-api controller/relay.go"},
	{NewAPIUserQuota, catalog.QuotaExhausted, "new-api: 403 insufficient_user_quota, chat pre-consumed quota failed", "new-api relay/relay-text.go"},
	{NewAPINoChannel, catalog.ModelNoChannel, "new-api: 503 model_not_found, No available channel for model … under group default", "new-api middleware/distributor.go"},
	{OpenAIInsufficientQuota, catalog.QuotaExhausted, "OpenAI: 429 insufficient_quota", "platform.openai.com/docs/guides/error-codes"},
	{OpenAIRateLimitReset, catalog.RateLimited, "OpenAI: 429 with x-ratelimit-reset-requests: 20s and \"Please try again in 20s\", no Retry-After", "platform.openai.com/docs/guides/rate-limits"},
	{OpenRouterCredits, catalog.QuotaExhausted, "OpenRouter: 402 Insufficient credits", "openrouter.ai/docs/api-reference/errors"},
	{OpenRouterTimeout, catalog.HTTPError, "OpenRouter: 408 Your request timed out", "openrouter.ai/docs/api-reference/errors"},
	{OpenRouterNoProvider, catalog.ModelNoChannel, "OpenRouter: 503 no available model provider meets the routing requirements", "openrouter.ai/docs/api-reference/errors"},
	{OpenRouterEmpty, catalog.AnswerEmpty, "OpenRouter: a completion with no content (a model warming up)", "openrouter.ai/docs/api-reference/errors"},
	{LiteLLMBudget, catalog.QuotaExhausted, "LiteLLM: 400 budget_exceeded, Budget has been exceeded!", "BerriAI/litellm proxy"},
	{AnthropicCreditLow, catalog.QuotaExhausted, "Anthropic: 400 Your credit balance is too low", "anthropic-sdk-typescript#618"},
	{AnthropicOverloaded, catalog.UpstreamOverloaded, "Anthropic: 529 overloaded_error", "docs.anthropic.com/en/api/errors"},
	{AnthropicStreamOverloaded, catalog.UpstreamOverloaded, "Anthropic: a stream with some text, then event: error overloaded_error (answers that are not streamed are whole)", "docs.anthropic.com/en/api/errors"},
	{Cloudflare502, catalog.CDNPage, "Cloudflare: 502 Bad gateway page, the origin is down", "developers.cloudflare.com (5xx errors)"},
	{CloudflareChallenge, catalog.CDNPage, "Cloudflare: 403 \"Just a moment...\" challenge, cf-mitigated: challenge", "developers.cloudflare.com (challenge pages)"},
	{Nginx413, catalog.CDNPage, "nginx: 413 Request Entity Too Large page (client_max_body_size)", "nginx ngx_http_special_response.c"},
	{Nginx504, catalog.CDNPage, "nginx: 504 Gateway Time-out page", "nginx ngx_http_special_response.c"},
	{EmptyBody, catalog.AnswerEmpty, "200 with an empty body", ""},
	{ChoicesNull, catalog.AnswerEmpty, "200 chat completion with \"choices\": null (other protocols: no content)", ""},
	{ToolCallOnly, catalog.AnswerEmpty, "a chat answer that is only a tool call, to a request that offered no tools (other protocols: no content)", ""},
	{GzipAlways, "", "every answer gzip-compressed, asked or not, streams flushed event by event: healthy", ""},
	{GzipBuffersSSE, catalog.StreamBuffered, "a compression layer that, when the client accepts gzip (as Node clients do), holds the whole stream", ""},
	{BrotliUnasked, catalog.EncodingUnasked, "every answer brotli-compressed, though the client accepts only gzip", ""},
	{ReasoningFirst, catalog.LatencyHigh, "reasoning deltas (reasoning_content, thinking, reasoning_text) from TTFT on for a second, then the text", "api-docs.deepseek.com (reasoning_content)"},
	{ResponseTooLarge, catalog.ResponseTooLarge, "a 200 whose JSON answer (or one event-stream line) is 4 MiB long", ""},
	{SlowFirstToken, catalog.LatencyHigh, "the first token after SlowTTFT (default 10s): slow, not dead", ""},
}

// serveCanned answers with the scenario's canned answer, if it has one
// for this request; every says whether it applies to every request.
func (c *call) serveCanned(every bool) bool {
	a, ok := canned[c.scenario]
	if !ok || a.every != every {
		return false
	}
	c.writeCanned(a)
	return true
}

// writeCanned writes a canned JSON answer, with the request's model and
// the mock's request id in its body.
func (c *call) writeCanned(a cannedAnswer) {
	h := c.w.Header()
	h.Set("Content-Type", "application/json")
	for i := 0; i+1 < len(a.header); i += 2 {
		h.Set(a.header[i], a.header[i+1])
	}
	c.w.WriteHeader(a.status)
	r := strings.NewReplacer("{model}", c.model, "{request_id}", requestID)
	_, _ = c.w.Write([]byte(r.Replace(a.body)))
}
