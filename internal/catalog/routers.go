package catalog

import (
	"strings"

	"github.com/tidwall/gjson"
)

// routerEntries are the codes of a route through a local router (a
// claude-code-router, CC Switch's proxy, Portkey, LiteLLM on loopback):
// two hops, the tool → router and the router → upstream, and each code
// says which one failed, so that the fix lands on the right side.
// They name no HTTP status for explain: the same 401 or 502 means the
// plain codes first; their symptoms (the routers' own words) find them.
var routerEntries = []Entry{
	{Code: RouterClientKey, Class: Wire, Rung: RungAuth, Severity: Error, FixRank: 75, Title: "the local router rejects the tool's key (hop: tool → router)",
		Causes: []string{
			"the tool sends a key the router does not hold among its own client keys (claude-code-router 3.1.1: `401 Gateway plugin \"ccr-public-auth-context\" beforeAuth failed: Invalid or expired API key.`, or `Missing auth token header` without one): the upstream was never asked",
			"claude-code-router wrote Claude Code's settings on its first start with a key its running gateway only accepts after a restart",
		},
		Fix:      "give {tool|the tool} the router's own client key, not the upstream's[ ({file})][; if the router just wrote that key itself, restart it: {command}][!command , and restart the router if it wrote the key itself (claude-code-router: ccr stop && ccr start)]",
		Symptoms: []string{"invalid or expired api key", "ccr-public-auth-context", "missing auth token header"},
		Explains: []Code{AuthInvalid},
	},
	{Code: RouterUpstreamAuth, Class: Wire, Rung: RungAny, Severity: Error, FixRank: 76, Title: "the upstream rejects the key the local router holds (hop: router → upstream)",
		Causes: []string{
			"the router's provider entry carries a revoked, mistyped or other gateway's key: the router answers with its own 401 (claude-code-router 3.x: `All target providers failed.`) while its model list, which it serves itself, answers 200",
			"the tool's key is fine: it reached the router, which accepted it",
		},
		Fix:      "replace the API key in the router's provider entry[ ({file})], not the tool's[, then restart it: {command}][!command , then restart the router (claude-code-router: ccr stop && ccr start)]",
		Symptoms: []string{"all target providers failed"},
		Explains: []Code{AuthInvalid},
	},
	{Code: RouterModelUnrouted, Class: Wire, Rung: RungAny, Severity: Error, FixRank: 77, Title: "the local router does not route the model, or its upstream does not serve it (hop: router → upstream)",
		Causes: []string{
			"the router relays the upstream's 404 for a model it does not serve: the tool's path is right (the router serves /v1/messages), the model is not",
			"the router's routing rule (claude-code-router: Router.default `provider,model`) names a model its provider entry does not list or the upstream does not serve; claude-code-router 3.1.1 answers a model not among its provider's models with 400 `Model \"X\" is not configured for target provider P. Allowed models: …` (Claude Code's background model, claude-haiku-4-5-…, is the usual one)",
		},
		Fix:      "route {model|the model} to a model the upstream serves in the router's configuration[ ({file})][, then restart it: {command}][!command  (claude-code-router: Router.default \"provider,model\" and the provider's models)]",
		Symptoms: []string{"all target providers failed", "model not found", "no route"},
		Explains: []Code{ModelNotFound, ProtocolUnsupported},
	},
	{Code: RouterUpstreamError, Class: Wire, Rung: RungAny, Severity: Error, FixRank: 78, Title: "the local router's upstream fails (hop: router → upstream)",
		Causes: []string{
			"the upstream answers 429 or 5xx, a web page (a CDN, a login page), or stalls, and the router passes it on or wraps it (Portkey: 502; claude-code-router: `All target providers failed.`); neither router times out a stalled upstream",
			"the router's provider entry points at a wrong base URL (a web page where the API was expected)",
			"claude-code-router's gateway crashes on an upstream that answers a web page with status 200 (3.1.1, observed; 2.x said `FST_ERR_REP_INVALID_PAYLOAD_TYPE`) and then refuses connections while its management service runs, so `ccr start` reports it running",
		},
		Fix:      "check the upstream base URL in the router's provider entry[ ({file})] and the upstream's state; the tool's file is not the cause[; restart the router if it stopped answering: {command}][!command ; restart the router if it stopped answering (claude-code-router: ccr stop && ccr start, since ccr start does not revive a crashed gateway)]",
		Symptoms: []string{"all target providers failed", "fst_err_rep_invalid_payload_type", "bad gateway"},
		Explains: []Code{ServerError, HTTPHTML, RateLimited},
	},
}

// routerFailedPhrase is claude-code-router 3.x's wrapper of every failed
// upstream attempt (its gateway core; the shape is in
// packages/core/test/integration/mcp/grok-media-service.test.mjs):
// {"error":{"attempts":[{message, provider, status, …}],"message":"All target providers failed."}}.
const routerFailedPhrase = "all target providers failed"

// routerVerdict reads a router's wrapped upstream failure: which hop, and
// why, from the upstream status the router records (the first attempt's)
// or, without one, its own.
func routerVerdict(a Answer) (Code, bool) {
	if portkeyInvalid(a.Body) {
		return RouterUpstreamError, true
	}
	if !strings.Contains(strings.ToLower(gjson.GetBytes(a.Body, "error.message").String()), routerFailedPhrase) {
		return "", false
	}
	if gjson.GetBytes(a.Body, "error.attempts.0.stage").String() == "model_resolution" {
		// CCR itself: the model is not among its provider's models
		// (`Model "X" is not configured for target provider P. Allowed models: …`, 400)
		return RouterModelUnrouted, true
	}
	st := a.Status
	if up := gjson.GetBytes(a.Body, "error.attempts.0.status"); up.Exists() && up.Int() > 0 {
		st = int(up.Int())
	}
	switch {
	case st == 401 || st == 403:
		return RouterUpstreamAuth, true
	case st == 404 || modelError(a.Body, a.Model, st):
		return RouterModelUnrouted, true
	}
	return RouterUpstreamError, true
}

func routerFailed(a Answer) bool { _, ok := routerVerdict(a); return ok }

// portkeyInvalid is Portkey's wrapper of an upstream answer that is not
// the provider's JSON (a web page, a CDN's 502): Portkey 1.15.2 keeps the
// upstream's status and headers and answers
// {"error":{"message":"Invalid response received from PROVIDER: {\"html-message\":…}"},"provider":PROVIDER}.
func portkeyInvalid(b []byte) bool {
	p := gjson.GetBytes(b, "provider").String()
	return p != "" && strings.HasPrefix(gjson.GetBytes(b, "error.message").String(), "Invalid response received from "+p)
}
