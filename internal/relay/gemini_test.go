package relay

import (
	"testing"

	"github.com/keydoctor/keydoctor/internal/gateway"
)

// The Gemini API names the model in the path; trace reads it from there.
func TestGeminiPaths(t *testing.T) {
	for _, tt := range []struct {
		path, model string
		proto       gateway.Protocol
	}{
		{"/api/v1beta/models/gemini-2.5-flash:streamGenerateContent", "gemini-2.5-flash", gateway.Gemini},
		{"/v1beta/models/gemini-3.5-flash-lite:generateContent", "gemini-3.5-flash-lite", gateway.Gemini},
		{"/api/v1beta/models/gemini-2.5-flash:countTokens", "", ""},
		{"/api/v1beta/models", "", ""},
		{"/api/v1/chat/completions", "", gateway.Chat},
	} {
		if got := GeminiModel(tt.path); got != tt.model {
			t.Errorf("GeminiModel(%s) = %q, want %q", tt.path, got, tt.model)
		}
		if got := ProtocolOf(tt.path); got != tt.proto {
			t.Errorf("ProtocolOf(%s) = %q, want %q", tt.path, got, tt.proto)
		}
	}
}
