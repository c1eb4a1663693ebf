package catalog

import "testing"

// TestRouterVerdict: the routers' wrapped upstream failures, as the real
// ones answered (claude-code-router 3.1.1, Portkey 1.15.2).
func TestRouterVerdict(t *testing.T) {
	for _, tc := range []struct {
		name   string
		status int
		body   string
		want   Code
	}{
		{"ccr upstream key", 401, `{"error":{"attempts":[{"message":"Incorrect API key provided","status":401}],"message":"All target providers failed."}}`, RouterUpstreamAuth},
		{"ccr upstream key, status only", 401, `{"error":{"message":"All target providers failed."}}`, RouterUpstreamAuth},
		{"ccr unserved model", 404, `{"error":{"attempts":[{"message":"404 page not found","status":404}],"message":"All target providers failed."}}`, RouterModelUnrouted},
		{"ccr model not among its provider's", 400, `{"error":{"message":"All target providers failed.","target_providers":["anthropic"],"target_provider_names":[],"attempts":[{"provider":"anthropic","stage":"model_resolution","message":"Model \"claude-haiku-4-5-20251001\" is not configured for target provider anthropic. Allowed models: claude-sonnet-4-5, gpt-4o.","status":400}]}}`, RouterModelUnrouted},
		{"ccr upstream 429", 429, `{"error":{"attempts":[{"status":429}],"message":"All target providers failed."}}`, RouterUpstreamError},
		{"ccr upstream 500 relayed as 401", 401, `{"error":{"attempts":[{"status":500}],"message":"All target providers failed."}}`, RouterUpstreamError},
		{"portkey upstream page", 502, `{"error":{"message":"Invalid response received from anthropic: {\"html-message\":\"<html>\"}"},"provider":"anthropic"}`, RouterUpstreamError},
		{"portkey upstream key stays the tool's", 401, `{"error":{"message":"anthropic error: Incorrect API key provided: sk-t****0000","type":"authentication_error"},"provider":"anthropic"}`, AuthInvalid},
		{"ccr own key check", 401, `{"error":{"message":"Invalid API key."}}`, AuthInvalid},
		{"plain 500", 500, `{"error":{"message":"boom"}}`, ServerError},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v := Classify(Answer{Status: tc.status, Body: []byte(tc.body)})
			if v.Code != tc.want {
				t.Errorf("Classify = %s, want %s", v.Code, tc.want)
			}
		})
	}
}
