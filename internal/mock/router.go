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
	PortkeyOK        = "portkey-ok"
	PortkeyUpstream  = "portkey-upstream-html"
)

// routerScenarios are the routed ones (router.go).
var routerScenarios = []Scenario{
	{CCROK, "", "claude-code-router 3.x in front of a healthy upstream: GET / and /health name it", "musistudio/claude-code-router packages/core/src/gateway/http/request-handler.ts"},
	{CCRClientKey, catalog.RouterClientKey, "claude-code-router rejects the tool's key as not one of its own client keys (401 Invalid API key., the model list too)", "musistudio/claude-code-router packages/core/src/gateway/auth/api-key-authorizer.ts"},
	{CCRUpstreamAuth, catalog.RouterUpstreamAuth, "claude-code-router: the upstream rejects the router's key; generation gets 401 All target providers failed., /v1/models answers 200", "claude-code-router 3.1.1 (issue 32)"},
	{CCRModelUnrouted, catalog.RouterModelUnrouted, "claude-code-router relays the upstream's 404 for a model it does not serve, wrapped in All target providers failed.", "claude-code-router 3.1.1 (issue 32)"},
	{CCRUpstream429, catalog.RouterUpstreamError, "claude-code-router: the upstream answers 429; the router wraps it in All target providers failed.", "claude-code-router 3.1.1"},
	{PortkeyOK, "", "Portkey's gateway in front of a healthy upstream (GET / says \"AI Gateway says hey!\")", "Portkey-AI/gateway src/index.ts"},
	{PortkeyUpstream, catalog.RouterUpstreamError, "Portkey in front of an upstream that answers a CDN's 502 page: generation gets the 502, the page wrapped in Portkey's Invalid response received from anthropic", "Portkey-AI/gateway 1.15.2 (observed)"},
}

// ccrRoot is CCR 3.x's answer to GET / (request-handler.ts).
const ccrRoot = `{"core":"next-ai-gateway","endpoints":["POST /v1/oauth/token","GET /api/claude_cli/bootstrap","POST /mcp","POST /v1/messages","POST /v1/messages/count_tokens","GET /models","GET /v1/models"],"name":"claude-code-router","plugin":"claude-code-router","wrapperPlugins":[]}`

// ccrHealth is its GET /health: the state of its gateway core.
const ccrHealth = `{"core":"http://127.0.0.1:3457","status":"running","timestamp":"2026-12-02T07:00:00.000Z"}`

// routerAnswers are the routers' wrapped upstream failures, answered to
// generation requests ({model} is the model asked for).
var routerAnswers = map[string]cannedAnswer{
	CCRUpstreamAuth: {status: 401,
		body: `{"error":{"attempts":[{"message":"Incorrect API key provided: sk-t****6789","provider":"upstream","provider_name":"upstream::anthropic_messages","stage":"upstream_response","status":401}],"message":"All target providers failed."}}`},
	CCRModelUnrouted: {status: 404,
		body: `{"error":{"attempts":[{"message":"404 page not found","provider":"upstream","provider_name":"upstream::anthropic_messages","stage":"upstream_response","status":404}],"message":"All target providers failed."}}`},
	CCRUpstream429: {status: 429,
		body: `{"error":{"attempts":[{"message":"Rate limit reached for {model}","provider":"upstream","provider_name":"upstream::anthropic_messages","stage":"upstream_response","status":429}],"message":"All target providers failed."}}`},
	// Portkey 1.15.2 in front of a Cloudflare 502 page (observed, the
	// upstream's status and CDN headers kept).
	PortkeyUpstream: {status: 502, header: []string{"Server", "cloudflare", "X-Portkey-Provider", "anthropic", "X-Portkey-Retry-Attempt-Count", "0"},
		body: `{"error":{"message":"Invalid response received from anthropic: {\"html-message\":\"<!DOCTYPE html>\\n<html lang=\\\"en-US\\\"><head><title>gw.example | 502: Bad gateway</title></head>\\n<body><h1>Bad gateway</h1><span>Error code 502</span></body></html>\\n\"}","type":null,"param":null,"code":null},"provider":"anthropic"}`},
	// CCR's own key check (api-key-authorizer.ts), before any upstream.
	CCRClientKey: {status: 401, every: true, body: `{"error":{"message":"Invalid API key."}}`},
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
	a, ok := routerAnswers[c.scenario]
	if !ok || a.every != every {
		return false
	}
	h := c.w.Header()
	h.Set("Content-Type", "application/json")
	for i := 0; i+1 < len(a.header); i += 2 {
		h.Set(a.header[i], a.header[i+1])
	}
	c.w.WriteHeader(a.status)
	_, _ = c.w.Write([]byte(strings.ReplaceAll(a.body, "{model}", c.model)))
	return true
}

func writeRaw(w http.ResponseWriter, ct, body string) {
	w.Header().Set("Content-Type", ct)
	w.WriteHeader(http.StatusOK)
	_, _ = io.WriteString(w, body)
}
