package claude

import "testing"

// The hosts and answers observed with Claude Code 2.1.197 (docs/tools.md):
// http is refused for every host but localhost (any case), 127.0.0.1 and
// [::1], loopback or not.
func TestClaudeGatewayRefuses(t *testing.T) {
	for base, want := range map[string]bool{
		"http://gateway.example/api":     true,
		"HTTP://gateway.example/api":     true,
		"http://10.0.0.7:8080/api":       true,
		"http://127.0.0.2:8080/api":      true,
		"http://kd.localhost:8080/api":   true,
		"http://[::2]:8080":              true,
		"http://localhost:8080/api":      false,
		"http://LOCALHOST:8080/api":      false,
		"http://127.0.0.1:8080/api":      false,
		"http://[::1]:8080/api":          false,
		" http://127.0.0.1:8080 ":        false,
		"https://gateway.example/api":    false,
		"https://10.0.0.7/api":           false,
		"not a url\x7f":                  false,
		"http://u:p@gateway.example/api": true,
	} {
		if got := GatewayRefuses(base); got != want {
			t.Errorf("ClaudeGatewayRefuses(%q) = %v, want %v", base, got, want)
		}
	}
}
