package verify

import (
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/internal/catalog"
)

// What Gemini CLI 0.61.0 printed against keydoctor mock (docs/tools.md).
func TestSaidVerdict(t *testing.T) {
	tests := []struct {
		out  string
		code catalog.Code
	}{
		{"Warning: 256-color support not detected.\nInvalid auth method selected.\n", catalog.AuthTypeUnset},
		{"Ripgrep is not available. Falling back to GrepTool.\nError when talking to Gemini API Full report available at: /tmp/r.json _ApiError: {\"error\":{\"code\":400,\"details\":[{\"reason\":\"API_KEY_INVALID\"}],\"message\":\"API key not valid. Please pass a valid API key.\",\"status\":\"INVALID_ARGUMENT\"}}\n  status: 400\n}\nAn unexpected critical error occurred:[object Object]\n", catalog.AuthInvalid},
		{"Error when talking to Gemini API Full report available at: /tmp/r.json ModelNotFoundError: Invalid URL (POST /api/v1beta/models/gpt-4o:streamGenerateContent)\n  code: 404\n", catalog.EndpointNotFound},
	}
	for _, tt := range tests {
		v, ok := saidVerdict("Gemini CLI", tt.out)
		if !ok || v.Code != tt.code || v.Status != Error {
			t.Errorf("saidVerdict(%q) = %+v, want %s", tt.out, v, tt.code)
		}
		if !strings.HasPrefix(v.Message, `Gemini CLI printed "`) {
			t.Errorf("message %q does not quote the line", v.Message)
		}
	}
	if _, ok := saidVerdict("Gemini CLI", "tok0 tok1\n"); ok {
		t.Error("an answer matched a code")
	}
}
