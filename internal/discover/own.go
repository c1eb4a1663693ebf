package discover

import (
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/tool"
)

// authFor is the header a key named keyName is sent in: Claude Code and
// the Anthropic SDKs send ANTHROPIC_API_KEY (and a stored primaryApiKey)
// as x-api-key and ANTHROPIC_AUTH_TOKEN as a bearer token; other keys
// follow the tool's row. Unknown for apiKeyHelper (Claude Code sends its
// output in both headers).
func authFor(keyName string, r gateway.Tool) gateway.Auth {
	if a, ok := tool.ClaudeKeyAuth(keyName); ok {
		return a
	}
	return r.Auth
}

// ProblemsIn are the problems found in one file.
func (s *Snapshot) ProblemsIn(path string) []Problem {
	var out []Problem
	for _, p := range s.Problems {
		if p.File == path {
			out = append(out, p)
		}
	}
	return out
}
