package mock

import (
	"io"
	"net/http"
	"strings"

	"github.com/keydoctor/keydoctor/internal/catalog"
)

// Local routers in front of the mock: a claude-code-router (CCR 3.x) or a
// Portkey gateway on the user's machine, the mock behind it as the
// upstream. Each scenario answers the router's own identity endpoints as
// the real router does (CCR: GET / and GET /health; Portkey: GET /), so
// that keydoctor can tell it is talking to a router, and wraps the
// upstream's failure in the router's bytes.
const (
	CCROK            = "ccr-ok"
	CCRClientKey     = "ccr-client-key"
	CCRUpstreamAuth  = "ccr-upstream-auth"
	CCRModelUnrouted = "ccr-model-unrouted"
	CCRUpstream429   = "ccr-upstream-429"
	CCRStall         = "ccr-stall"
	PortkeyOK        = "portkey-ok"
	PortkeyUpstream  = "portkey-upstream-html"
	PortkeyOwn       = "portkey-own-error"
)

// routerScenarios are the routed ones (router.go).
var routerScenarios = []Scenario{
	{CCROK, "", "claude-code-router 3.x in front of a healthy upstream: GET / and /health name it", "musistudio/claude-code-router packages/core/src/gateway/http/request-handler.ts"},
	{CCRClientKey, catalog.RouterClientKey, "claude-code-router rejects the tool's key as not one of its own client keys (401 ... beforeAuth failed: Invalid or expired API key., the model list too)", "claude-code-router 3.1.1 (observed)"},
	{CCRUpstreamAuth, catalog.RouterUpstreamAuth, "claude-code-router: the upstream rejects the router's key; generation gets 401 All target providers failed., /v1/models answers 200", "claude-code-router 3.1.1 (observed)"},
	{CCRModelUnrouted, catalog.RouterModelUnrouted, "claude-code-router relays the upstream's 404 for a model it does not serve, wrapped in All target providers failed.", "claude-code-router 3.1.1 (observed)"},
	{CCRUpstream429, catalog.RouterUpstreamError, "claude-code-router: the upstream answers 429; the router wraps it in All target providers failed.", "claude-code-router 3.1.1 (observed)"},
	{CCRStall, catalog.RouterUpstreamError, "claude-code-router in front of a stalled upstream: generation gets no headers until the client gives up (the router does not time it out)", "claude-code-router 3.1.1 (observed)"},
	{PortkeyOK, "", "Portkey's gateway in front of a healthy upstream (GET / says \"AI Gateway says hey!\")", "Portkey-AI/gateway src/index.ts"},
	{PortkeyUpstream, catalog.RouterUpstreamError, "Portkey in front of an upstream that answers a CDN's 502 page: generation gets the 502, the page wrapped in Portkey's Invalid response received from anthropic", "Portkey-AI/gateway 1.15.2 (observed)"},
	{PortkeyOwn, catalog.ServerError, "Portkey failing itself: every stream and the model list get 500 Something went wrong with x-portkey-gateway-exception: true (1.15.2 with a newer hono than its lockfile's)", "Portkey-AI/gateway 1.15.2 (observed)"},
}

// portkeyOwnBody is Portkey 1.15.2's answer when it fails itself.
const portkeyOwnBody = `{"status":"failure","message":"Something went wrong"}`

// ccrRoot is CCR 3.1.1's answer to GET / (observed; request-handler.ts).
const ccrRoot = `{"core":"next-ai-gateway","endpoints":["POST /v1/oauth/token","GET /api/claude_cli/bootstrap","POST /v1/messages","POST /v1/messages/count_tokens","GET /models","GET /v1/models"],"name":"claude-code-router","plugin":"claude-code-router","wrapperPlugins":[]}`

// ccrHealth is its GET /health (3.1.1, observed).
const ccrHealth = `{"runtimeId":"049a6cdd-f5ba-4319-81a8-50b9e3a83be6","status":"ok","timestamp":"2026-12-02T07:44:38.202Z"}`

// ccrFailed is CCR 3.1.1's wrapper of a failed upstream attempt
// (observed), with the upstream's status and its error as details.
func ccrFailed(status, detail string) string {
	return `{"error":{"message":"All target providers failed.","target_providers":["anthropic"],"target_provider_names":["provider-up-643951af3b::anthropic_messages"],"attempts":[{"provider":"anthropic","provider_name":"provider-up-643951af3b::anthropic_messages","stage":"upstream_response","message":"Upstream request failed.","status":` + status + `,"details":{"error":` + detail + `,"type":"error"}}]}}`
}

// routerAnswers are the routers' wrapped upstream failures, answered to
// generation requests ({model} is the model asked for).
var routerAnswers = map[string]cannedAnswer{
	CCRUpstreamAuth: {status: 401,
		body: ccrFailed("401", `{"message":"Incorrect API key provided: sk-t****cdef","type":"authentication_error"}`)},
	CCRModelUnrouted: {status: 404,
		body: ccrFailed("404", "{\"message\":\"The model `{model}` does not exist or you do not have access to it.\",\"type\":\"not_found_error\"}")},
	CCRUpstream429: {status: 429,
		body: ccrFailed("429", `{"message":"Rate limit reached for requests. Please try again in 2s.","type":"rate_limit_error"}`)},
	// Portkey 1.15.2 in front of a Cloudflare 502 page (observed, the
	// upstream's status and CDN headers kept).
	PortkeyUpstream: {status: 502, header: []string{"Server", "cloudflare", "X-Portkey-Provider", "anthropic", "X-Portkey-Retry-Attempt-Count", "0"},
		body: `{"error":{"message":"Invalid response received from anthropic: {\"html-message\":\"<!DOCTYPE html>\\n<html lang=\\\"en-US\\\"><head><title>gw.example | 502: Bad gateway</title></head>\\n<body><h1>Bad gateway</h1><span>Error code 502</span></body></html>\\n\"}","type":null,"param":null,"code":null},"provider":"anthropic"}`},
	// CCR 3.1.1's own key check (observed; a plugin's beforeAuth), before
	// any upstream.
	CCRClientKey: {status: 401, every: true, body: `{"error":{"message":"Gateway plugin \"ccr-public-auth-context\" beforeAuth failed: Invalid or expired API key."}}`},
}

// serveRouterIdentity answers a router scenario's own endpoints; false
// for any other request.
func (c *call) serveRouterIdentity() bool {
	if !strings.HasPrefix(c.scenario, "ccr-") && !strings.HasPrefix(c.scenario, "portkey-") {
		return false
	}
	if c.r.Method != http.MethodGet {
		return false
	}
	p := c.r.URL.Path
	switch {
	case strings.HasPrefix(c.scenario, "ccr-") && p == "/":
		writeRaw(c.w, "application/json; charset=utf-8", ccrRoot)
	case strings.HasPrefix(c.scenario, "ccr-") && p == "/health":
		writeRaw(c.w, "application/json; charset=utf-8", ccrHealth)
	case strings.HasPrefix(c.scenario, "portkey-") && p == "/":
		writeRaw(c.w, "text/plain; charset=UTF-8", "AI Gateway says hey!")
	default:
		return false
	}
	return true
}

// serveRouterAnswer answers a request with its router's wrapped failure;
// every: the router's own check, the model list included.
func (c *call) serveRouterAnswer(every bool) bool {
	if c.scenario == CCRStall && !every {
		c.stall() // the body is read: the client's leaving ends it
	}
	if c.scenario == PortkeyOwn && ((every && c.r.Method == http.MethodGet) || (!every && c.stream)) {
		c.w.Header().Set("Content-Type", "application/json")
		c.w.Header().Set("X-Portkey-Gateway-Exception", "true")
		c.w.WriteHeader(http.StatusInternalServerError)
		_, _ = io.WriteString(c.w, portkeyOwnBody)
		return true
	}
	a, ok := routerAnswers[c.scenario]
	if !ok || a.every != every {
		return false
	}
	c.writeCanned(a)
	return true
}

func writeRaw(w http.ResponseWriter, ct, body string) {
	w.Header().Set("Content-Type", ct)
	w.WriteHeader(http.StatusOK)
	_, _ = io.WriteString(w, body)
}
