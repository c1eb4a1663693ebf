package verify

import "testing"

func TestPathMatches(t *testing.T) {
	want := "/api/v1beta/models/{model}:streamGenerateContent"
	for p, ok := range map[string]bool{
		"/api/v1beta/models/gpt-4o:streamGenerateContent":    true,
		"/api/v1beta/models/gpt-4o:generateContent":          true,
		"/api/v1beta/models/:streamGenerateContent":          false,
		"/api/v1beta/models/a/b:streamGenerateContent":       false,
		"/api/v1/v1beta/models/gpt-4o:streamGenerateContent": false,
		"/api/v1beta/models/gpt-4o:countTokens":              false,
	} {
		if got := pathMatches(p, want); got != ok {
			t.Errorf("pathMatches(%q) = %v, want %v", p, got, ok)
		}
	}
	if !pathMatches("/api/v1/responses", "/api/v1/responses") || pathMatches("/api/responses", "/api/v1/responses") {
		t.Error("a path without the slot is compared as is")
	}
}
