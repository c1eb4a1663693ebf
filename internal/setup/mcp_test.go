package setup

import (
	"testing"

	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/writers"
)

// TestMCPByCLIs: Claude Code, installed, gets the server through its own
// command at user scope (the default) and its .mcp.json entry otherwise;
// a tool without such a command, or not installed, never does.
func TestMCPByCLIs(t *testing.T) {
	found := func(name string) (string, error) { return "/bin/" + name, nil }
	ids := []gateway.ToolID{"claude", "codex"}
	for _, tc := range []struct {
		scope string
		want  map[gateway.ToolID]string
	}{
		{"", map[gateway.ToolID]string{"claude": "/bin/claude"}},
		{"user", map[gateway.ToolID]string{"claude": "/bin/claude"}},
		{"project", nil},
	} {
		s := &writers.MCPServer{Command: "/bin/keydoctor", Args: []string{"mcp"}}
		MCPByCLIs(s, ids, tc.scope, found)
		if len(s.ByCLI) != len(tc.want) || s.ByCLI["claude"] != tc.want["claude"] {
			t.Errorf("scope %q: ByCLI = %v, want %v", tc.scope, s.ByCLI, tc.want)
		}
	}
	s := &writers.MCPServer{Command: "/bin/keydoctor"}
	MCPByCLIs(s, ids, "", func(string) (string, error) { return "", nil })
	if s.ByCLI != nil {
		t.Errorf("claude not installed: ByCLI = %v", s.ByCLI)
	}
	if !MCPAgentInstalled(ids, found) || MCPAgentInstalled(ids, nil) {
		t.Error("MCPAgentInstalled: want true with claude on PATH, false without a PATH")
	}
}
