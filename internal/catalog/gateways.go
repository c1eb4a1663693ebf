package catalog

import (
	"bytes"
	"net/http"
	"strings"
)

// What real gateways say, by cause. Each phrase is matched in lower case
// against the error's type, code and message; the sources are the ones the
// fake gateway's scenarios quote (internal/mock/real.go).
var (
	// quotaTypes are error types and codes that mean no quota or balance.
	quotaTypes = []string{
		"insufficient_quota",      // OpenAI 429
		"insufficient_user_quota", // one-api relay/controller/helper.go, new-api relay (403)
		"pre_consume_token_quota_failed",
		"billing_error",        // Anthropic 402
		"budget_exceeded",      // LiteLLM proxy
		"insufficient_balance", // several Chinese gateways
		"insufficient_credits",
		"payment_required",
	}
	quotaPhrases = []string{
		"exceeded your current quota", // OpenAI
		"quota is not enough",         // one-api, new-api
		"pre-consumed quota failed",   // new-api
		"insufficient quota",
		"insufficient credits", // OpenRouter 402
		"insufficient balance",
		"credit balance is too low", // Anthropic
		"budget has been exceeded",  // LiteLLM
		"exceededbudget",
		"out of credits",
		"额度已用尽", // one-api model/token.go: 该令牌额度已用尽
		"额度不足",  // one-api: 令牌额度不足, 用户额度不足
		"余额不足",
		"quota exhausted", "quota has been exhausted", "quota is exhausted", // new-api English locale
	}
	// overloadedPhrases: the provider behind the gateway cannot take more.
	overloadedPhrases = []string{
		"overloaded_error", "overloaded", // Anthropic 529, OpenAI "engine is currently overloaded"
		"负载已饱和",                      // one-api controller/relay.go: 当前分组上游负载已饱和，请稍后再试
		"upstream load is saturated", // new-api English locale
		"server is busy", "系统繁忙",
	}
	// noChannelPhrases: the gateway routes the model nowhere for this key.
	noChannelPhrases = []string{
		"无可用渠道",                // one-api/new-api middleware/distributor.go
		"的可用渠道失败",              // new-api distributor.get_channel_failed
		"no available channel", // new-api English locale, several relays
		"failed to get available channel",
		"no allowed providers are available", // OpenRouter
		"no available model provider",
		"no endpoints found", // OpenRouter 404 for a model no provider serves
	}
	rateLimitTypes = []string{"rate_limit_error", "rate_limit_exceeded", "requests", "tokens"}
)

// matches reports whether the error (or, for a body that is not an error
// object, its raw text) says any of the phrases.
func matches(e GatewayError, body []byte, phrases []string) bool {
	text := strings.ToLower(e.Type + " " + e.Code + " " + e.Message)
	if e == (GatewayError{}) {
		text = strings.ToLower(string(body[:min(len(body), 4096)]))
	}
	for _, p := range phrases {
		if strings.Contains(text, p) {
			return true
		}
	}
	return false
}

func typed(e GatewayError, types []string) bool {
	for _, t := range types {
		if strings.EqualFold(e.Type, t) || strings.EqualFold(e.Code, t) {
			return true
		}
	}
	return false
}

// cdn names the CDN or reverse proxy that sent a page of its own, or "".
// Headers name CDNs; nginx and its forks sign their error pages.
func cdn(h http.Header, body []byte) string {
	server := strings.ToLower(h.Get("Server"))
	switch {
	case h.Get("Cf-Ray") != "" || h.Get("Cf-Mitigated") != "" || server == "cloudflare":
		return "Cloudflare"
	case h.Get("X-Amz-Cf-Id") != "" || strings.Contains(strings.ToLower(h.Get("Via")), "cloudfront"):
		return "Amazon CloudFront"
	case strings.Contains(strings.ToLower(h.Get("X-Served-By")), "cache-") || h.Get("X-Fastly-Request-Id") != "":
		return "Fastly"
	case h.Get("X-Akamai-Transformed") != "" || strings.HasPrefix(server, "akamai"):
		return "Akamai"
	}
	head := bytes.ToLower(body[:min(len(body), 4096)])
	for _, proxy := range []string{"nginx", "openresty", "tengine", "caddy", "envoy", "apache"} {
		if bytes.Contains(head, []byte("<center>"+proxy)) || bytes.Contains(head, []byte("<hr><center>"+proxy)) ||
			(strings.HasPrefix(server, proxy) && IsHTML(h.Get("Content-Type"), body)) {
			return proxy + " (a reverse proxy)"
		}
	}
	return ""
}
