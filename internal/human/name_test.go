package human

import "testing"

func TestLooksLikeName(t *testing.T) {
	for s, want := range map[string]bool{
		"FOO":                true,
		"TAOTOKEN_API_KEY":   true,
		"OPENAI_API_KEY_2":   true,
		"http_proxy":         true,
		"model_providers.gw": true,
		"ghp_0123456789abcdefABCDEF0123456789abcd":  false,
		"sk_live_51Habcdefghijklmnop":               false,
		"sk_live_abc123def456ghi789":                false,
		"0123456789abcdef0123456789abcdef":          false,
		"AKIAIOSFODNN7EXAMPLE":                      false,
		"github_pat_11ABCDEFG0123456789_abcdefghij": false,
	} {
		if got := LooksLikeName(s); got != want {
			t.Errorf("LooksLikeName(%q) = %v, want %v", s, got, want)
		}
	}
}
