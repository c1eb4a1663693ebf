package claude

import (
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env"
	"path/filepath"

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
	return writers.PlanJSONMCPServer(p, t.ID, MCPConfig(o.Project), false,
		[]string{"mcpServers", writers.MCPServerName}, o.MCPServer.StdioEntry())
}

// MCPServerEntry is keydoctor's entry in the project's .mcp.json.
func (impl) MCPServerEntry(_ *env.Env, project string) (discover.MCPEntry, bool) {
	return discover.ReadJSONMCPEntry(MCPConfig(project), false, "mcpServers", writers.MCPServerName)
}
