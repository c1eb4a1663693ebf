package catalog

import (
	"slices"
	"testing"
)

// What users paste, from each tool, names the right code first.
func TestExplain(t *testing.T) {
	tests := []struct{ query, first string }{
		{"url-double-version", "url-double-version"},
		{"401", "auth-invalid"},
		{"HTTP 429", "rate-limited"},
		{"529", "upstream-overloaded"},
		{"404", "endpoint-not-found"},
		// Claude Code
		{"There's an issue with the selected model (claude-sonnet-4-5). It may not exist or you may not have access to it.", "url-double-version"},
		{"API Error: 401 {\"type\":\"error\",\"error\":{\"type\":\"authentication_error\",\"message\":\"invalid x-api-key\"}}", "auth-invalid"},
		{"API Error: 529 {\"type\":\"error\",\"error\":{\"type\":\"overloaded_error\",\"message\":\"Overloaded\"}}", "upstream-overloaded"},
		{"local proxy failed", "proxy-captures-local"},
		{"API Error: Connection error. (ECONNREFUSED 127.0.0.1:15721)", "local-relay-down"},
		{"Auth conflict: Both a token (ANTHROPIC_AUTH_TOKEN) and an API key (ANTHROPIC_API_KEY) are set.", "auth-conflict"},
		// Codex
		{"stream disconnected before completion: stream closed before response.completed", "stream-unterminated"},
		{"unexpected status 404 Not Found: Invalid URL (POST /api/responses)", "url-missing-version"},
		{"Missing environment variable: `TAOTOKEN_API_KEY`.", "codex-env-key-unset"},
		{"exceeded retry limit, last status: 429 Too Many Requests", "rate-limited"},
		// Cline
		{"TypeError: Cannot read properties of undefined (reading '0')", "stream-empty-choices"},
		{"Invalid API Response: The provider returned an empty or unparsable response.", "http-html"},
		// Gemini CLI, Qwen Code, OpenCode (design notes: headless runs)
		{"Invalid auth method selected.", "auth-type-unset"},
		// Gemini CLI 0.61.0 against keydoctor mock's scenarios (docs/tools.md)
		{`Error when talking to Gemini API Full report available at: /tmp/gemini-client-error-Turn.run-sendMessageStream-2026-12-01T04-04-07-217Z.json _ApiError: {"error":{"code":400,"details":[{"@type":"type.googleapis.com/google.rpc.ErrorInfo","domain":"googleapis.com","reason":"API_KEY_INVALID"}],"message":"API key not valid. Please pass a valid API key.","status":"INVALID_ARGUMENT"}}`, "auth-invalid"},
		{"Error when talking to Gemini API Full report available at: /tmp/gemini-client-error.json Error: Incomplete JSON segment at the end", "http-html"},
		{"ModelNotFoundError: Invalid URL (POST /api/v1beta/models/gpt-4o:streamGenerateContent)", "endpoint-not-found"},
		{"ModelNotFoundError: The model `gpt-4o` does not exist or you do not have access to it.", "model-not-found"},
		{`_ApiError: {"error":{"code":403,"message":"this key is not allowed to use model gpt-4o","status":"PERMISSION_DENIED"}}`, "auth-forbidden"},
		{`Attempt 2 failed with status 429. Retrying with backoff... _ApiError: {"error":{"code":429,"message":"Rate limit reached for requests. Please try again in 2s.","status":"RESOURCE_EXHAUSTED"}}`, "rate-limited"},
		{`Attempt 1 failed with status 500. Retrying with backoff... _ApiError: {"error":{"code":500,"message":"The server had an error while processing your request.","status":"INTERNAL"}}`, "server-error"},
		{"When using Gemini API, you must specify the GEMINI_API_KEY environment variable.", "env-missing"},
		{"Please set an Auth method in your /home/u/.gemini/settings.json or specify one of the following environment variables before running: GEMINI_API_KEY, GOOGLE_GENAI_USE_VERTEXAI, GOOGLE_GENAI_USE_GCA", "auth-type-unset"},
		{"[API Error: 401 Invalid API key]", "auth-invalid"},
		{"Error: Invalid URL (POST /api/chat/completions)", "url-missing-version"},
		{"No auth type is selected", "env-missing"},
		// SDKs
		{"openai.RateLimitError: Error code: 429 - {'error': {'message': 'You exceeded your current quota', 'type': 'insufficient_quota'}}", "quota-exhausted"},
		{"anthropic.APIConnectionError: Connection error.", "connect-refused"},
		{"openai.APITimeoutError: Request timed out.", "timeout-headers"},
		{"json.decoder.JSONDecodeError: Expecting value: line 1 column 1 (char 0)", "http-html"},
		// curl
		{"curl: (6) Could not resolve host: gw.example", "dns-failed"},
		{"curl: (7) Failed to connect to 127.0.0.1 port 8080: Connection refused", "connect-refused"},
		{"curl: (60) SSL certificate problem: unable to get local issuer certificate", "tls-untrusted"},
		// gateways in their own words
		{"该令牌额度已用尽 (request id: 1)", "quota-exhausted"},
		{"当前分组 default 下对于模型 gpt-5 无可用渠道", "model-no-channel"},
		{"<title>Just a moment...</title>", "cdn-page"},
	}
	for _, tt := range tests {
		got := Explain(tt.query)
		if len(got) == 0 || string(got[0].Code) != tt.first {
			var codes []Code
			for _, c := range got {
				codes = append(codes, c.Code)
			}
			t.Errorf("Explain(%q) = %v, want %s first", tt.query, codes, tt.first)
		}
	}
	// "local proxy failed" names each of its causes (design notes §1)
	var codes []Code
	for _, c := range Explain("local proxy failed") {
		codes = append(codes, c.Code)
	}
	for _, want := range []Code{ProxyCapturesLocal, LocalRelayDown, URLDoubleVersion, ProtocolUnsupported} {
		if !slices.Contains(codes, want) {
			t.Errorf(`Explain("local proxy failed") = %v, lacks %s`, codes, want)
		}
	}
	if got := Explain("the weather in Paris is fine"); got != nil {
		t.Errorf("an unrelated text matched %v", got[0].Code)
	}
}

func TestClosest(t *testing.T) {
	tests := []struct {
		typo string
		want Code // first
	}{
		{"url-doubl-version", URLDoubleVersion},
		{"modle-not-found", ModelNotFound},
		{"auth-invlid", AuthInvalid},
		{"relay-down", LocalRelayDown},
		{"URL-DOUBLE-VERSION ", URLDoubleVersion},
	}
	for _, tt := range tests {
		got := Closest(tt.typo)
		if len(got) == 0 || got[0] != tt.want {
			t.Errorf("Closest(%q) = %v, want %s first", tt.typo, got, tt.want)
		}
	}
	for _, far := range []string{"xyz", "the weather", ""} {
		if got := Closest(far); got != nil {
			t.Errorf("Closest(%q) = %v, want none", far, got)
		}
	}
}

func TestStatusMeaning(t *testing.T) {
	for _, tt := range []struct{ in, status string }{
		{"418", "HTTP 418 (I'm a teapot)"}, {"HTTP 499", "HTTP 499"}, {"507", "HTTP 507 (Insufficient Storage)"},
	} {
		got, next, ok := StatusMeaning(tt.in)
		if !ok || got != tt.status || next == "" {
			t.Errorf("StatusMeaning(%q) = %q, %q, %v", tt.in, got, next, ok)
		}
	}
	for _, no := range []string{"99", "600", "abc", "4o"} {
		if _, _, ok := StatusMeaning(no); ok {
			t.Errorf("StatusMeaning(%q) took it for a status", no)
		}
	}
}
