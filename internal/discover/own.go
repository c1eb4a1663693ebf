package discover

import "github.com/keydoctor/keydoctor/internal/gateway"

// authFor is the header a key named keyName is sent in: Claude Code and
// the Anthropic SDKs send ANTHROPIC_API_KEY (and a stored primaryApiKey)
// as x-api-key and ANTHROPIC_AUTH_TOKEN as a bearer token; other keys
// follow the tool's row. Unknown for apiKeyHelper (Claude Code sends its
// output in both headers).
func authFor(keyName string, r gateway.Tool) gateway.Auth {
	switch keyName {
	case "ANTHROPIC_API_KEY", "primaryApiKey":
		return gateway.AuthXAPIKey
	case "ANTHROPIC_AUTH_TOKEN":
		return gateway.AuthBearer
	case KeyHelper:
		return ""
	}
	return r.Auth
}

// Own is a tool's own triple: Claude Code's settings, Codex's config.toml,
// the Cline CLI's providers.json; never an MCP server or SDK sharing the
// id. Claude Code is resolved even when only the shell configures it (it
// then reads ANTHROPIC_* from there); Codex and Cline only when their
// file names a provider. The triple is what verify runs a turn against.
func (s *Snapshot) Own(id gateway.ToolID) (Tool, bool) {
	var ok bool
	switch id {
	case gateway.Claude:
		if !s.Claude.Configured() {
			return s.claudeTool(), true
		}
		ok = true
	case gateway.Codex:
		ok = s.Codex.Configured()
	case gateway.Cline:
		_, ok = s.Cline.Active()
	}
	if !ok {
		return Tool{}, false
	}
	// resolve appends a tool's own triple before its MCP servers.
	t, found := s.Tool(string(id))
	if !found {
		return Tool{}, false
	}
	return *t, true
}

// ClaudeVar is one variable as Claude Code sees it: the highest settings
// layer that sets it, else the shell, with what it shadows.
func (s *Snapshot) ClaudeVar(name string) Value {
	return s.Claude.lookup(name, s.Shell(name))
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
