package probe

import (
	"os"
	"testing"

	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/tidwall/gjson"
)

// TestGeminiStreams decodes Gemini API streams in the shapes Google sends:
// text parts, thinking parts, usageMetadata on the last chunk,
// finishReason as the terminator, an error object inside the stream, a
// prompt blocked before any candidate.
func TestGeminiStreams(t *testing.T) {
	for _, tt := range []struct {
		file, text, model, stop, errEvent string
		deltas, in, out                   int
		terminated, fromServer            bool
	}{
		{"gemini_ok.sse", "Hello there", "gemini-2.5-flash", "STOP", "", 2, 5, 3, true, true},
		{"gemini_thinking.sse", "Yes.", "gemini-2.5-pro", "MAX_TOKENS", "", 2, 9, 6, true, true},
		{"gemini_error.sse", "partial", "gemini-2.5-flash", "", "UNAVAILABLE: The model is overloaded. Please try again later.", 1, 0, 1, false, false},
		{"gemini_unterminated.sse", "cut", "gemini-2.5-flash", "", "", 1, 0, 1, false, false},
		{"gemini_blocked.sse", "", "gemini-2.5-flash", "SAFETY", "", 0, 4, 0, true, false},
	} {
		t.Run(tt.file, func(t *testing.T) {
			data, err := os.ReadFile("testdata/streams/" + tt.file)
			if err != nil {
				t.Fatal(err)
			}
			s, text := decodeAll(t, gateway.Gemini, data)
			if text != tt.text || s.Model != tt.model || s.StopReason != tt.stop || s.ErrorEvent != tt.errEvent {
				t.Errorf("text %q model %q stop %q error %q", text, s.Model, s.StopReason, s.ErrorEvent)
			}
			if len(s.Deltas) != tt.deltas || s.Terminated != tt.terminated {
				t.Errorf("%d deltas, terminated %v", len(s.Deltas), s.Terminated)
			}
			if s.Usage.InputTokens != tt.in || s.Usage.OutputTokens != tt.out || s.Usage.FromServer != tt.fromServer {
				t.Errorf("usage %+v", *s.Usage)
			}
		})
	}
}

func TestGeminiRequest(t *testing.T) {
	r := Request{Protocol: gateway.Gemini, Root: "https://gw.example/api/", Key: testKey, Model: "gemini-2.5-flash", Stream: true, MaxTokens: 20}
	if got, want := r.Target(), "https://gw.example/api/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse"; got != want {
		t.Errorf("target %s, want %s", got, want)
	}
	r.Stream = false
	if got, want := r.Target(), "https://gw.example/api/v1beta/models/gemini-2.5-flash:generateContent"; got != want {
		t.Errorf("target %s, want %s", got, want)
	}
	h := r.headers(testKey, "")
	if h.Get("x-goog-api-key") != testKey || h.Get("Authorization") != "" {
		t.Errorf("headers %v", h)
	}
	b := r.Body()
	if gjson.GetBytes(b, "model").Exists() || gjson.GetBytes(b, "contents.0.parts.0.text").String() != DefaultPrompt ||
		gjson.GetBytes(b, "generationConfig.maxOutputTokens").Int() != 20 {
		t.Errorf("body %s", b)
	}
}

// TestGoogleErrors: Google answers a bad key with 400 API_KEY_INVALID
// (auth-invalid, not a bad request) and names a missing model in a 404.
func TestGoogleErrors(t *testing.T) {
	for _, tt := range []struct {
		status int
		body   string
		code   string
	}{
		{400, `{"error":{"code":400,"message":"API key not valid. Please pass a valid API key.","status":"INVALID_ARGUMENT","details":[{"@type":"type.googleapis.com/google.rpc.ErrorInfo","reason":"API_KEY_INVALID","domain":"googleapis.com"}]}}`, "auth-invalid"},
		{400, `{"error":{"code":400,"message":"* GenerateContentRequest.contents: contents is not specified","status":"INVALID_ARGUMENT"}}`, "http-error"},
		{404, `{"error":{"code":404,"message":"models/gemini-9 is not found for API version v1beta, or is not supported for generateContent.","status":"NOT_FOUND"}}`, "model-not-found"},
		{404, `{"error":{"code":404,"message":"Invalid URL (POST /api/v1beta/models/gemini-9:generateContent)","status":"NOT_FOUND"}}`, "endpoint-not-found"},
		{403, `{"error":{"code":403,"message":"Method doesn't allow unregistered callers","status":"PERMISSION_DENIED"}}`, "auth-forbidden"},
		{429, `{"error":{"code":429,"message":"Resource has been exhausted","status":"RESOURCE_EXHAUSTED"}}`, "rate-limited"},
	} {
		res := &Result{StatusCode: tt.status, Body: []byte(tt.body), ContentType: "application/json", URL: "https://gw.example/api/v1beta/models/gemini-9:generateContent"}
		classifyStatus(res, Request{Protocol: gateway.Gemini, Model: "gemini-9"})
		if string(res.Code) != tt.code {
			t.Errorf("%d %s: code %q (%v), want %q", tt.status, tt.body, res.Code, res.Err, tt.code)
		}
	}
}

func FuzzGeminiDecoder(f *testing.F) { fuzzDecoder(f, gateway.Gemini) }

// A tool's URL on the Gemini API (the wire ladder gives the tool's URL
// as written, {model} and all) gets the request's model and stream form.
func TestTargetFillsGeminiModel(t *testing.T) {
	base := "http://127.0.0.1:9/api" + gateway.Gemini.Path()
	for _, tt := range []struct {
		stream bool
		want   string
	}{
		{true, "http://127.0.0.1:9/api/v1beta/models/gpt-4o:streamGenerateContent?alt=sse"},
		{false, "http://127.0.0.1:9/api/v1beta/models/gpt-4o:generateContent"},
	} {
		r := Request{Protocol: gateway.Gemini, URL: base, Model: "gpt-4o", Stream: tt.stream}
		if got := r.Target(); got != tt.want {
			t.Errorf("stream %v: Target() = %s, want %s", tt.stream, got, tt.want)
		}
	}
	if r := (Request{Protocol: gateway.Chat, URL: "http://h/v1/chat/completions", Model: "m"}); r.Target() != r.URL {
		t.Errorf("a chat URL changed: %s", r.Target())
	}
}
