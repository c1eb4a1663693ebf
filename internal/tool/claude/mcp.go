package claude

import (
	"path/filepath"

	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env"

	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/keydoctor/keydoctor/writers"
)

// MCPConfig is the project's MCP servers file, .mcp.json at the project
// root (project scope: Claude Code asks before it starts a server it
// names). User-scope servers live in ~/.claude.json, which Claude Code
// rewrites while it runs: setup leaves that file to `claude mcp add`.
func MCPConfig(project string) string { return filepath.Join(project, ".mcp.json") }

// PlanMCPServer registers keydoctor's MCP server in the project's
// .mcp.json: mcpServers.keydoctor {command, args}.
func (impl) PlanMCPServer(o writers.Options, t tool.Tool, p *writers.Plan) error {
	if o.MCPServer.ByCLI[t.ID] != "" {
		return nil // user scope, through `claude mcp add` (MCPAddArgs)
	}
	return writers.PlanJSONMCPServer(p, t.ID, MCPConfig(o.Project), false,
		[]string{"mcpServers", writers.MCPServerName}, o.MCPServer.StdioEntry())
}

// MCPServerEntry is keydoctor's entry in the project's .mcp.json, else
// the user-scope one in ~/.claude.json (claude mcp add --scope user).
func (impl) MCPServerEntry(e *env.Env, project string) (discover.MCPEntry, bool) {
	if en, ok := discover.ReadJSONMCPEntry(MCPConfig(project), false, "mcpServers", writers.MCPServerName); ok {
		return en, true
	}
	return UserMCPEntry(e)
}

// UserMCPEntry is keydoctor's user-scope entry, read from ~/.claude.json
// (never written by keydoctor).
func UserMCPEntry(e *env.Env) (discover.MCPEntry, bool) {
	return discover.ReadJSONMCPEntry(StateFile(e), false, "mcpServers", writers.MCPServerName)
}

// MCPAddArgs are the arguments of `claude` that register the server in
// user scope (~/.claude.json, which only Claude Code may rewrite);
// MCPRemoveArgs drop what is registered under the name. Observed with Claude Code 2.1.197 (docs/mcp.md).
func MCPAddArgs(s writers.MCPServer) []string {
	return append([]string{"mcp", "add", "--scope", "user", writers.MCPServerName, "--"}, s.CommandLine()...)
}

var MCPRemoveArgs = []string{"mcp", "remove", writers.MCPServerName, "--scope", "user"}
