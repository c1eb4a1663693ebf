package qwen

import (
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/keydoctor/keydoctor/writers"
)

// PlanMCPServer registers keydoctor's MCP server in settings.json:
// mcpServers.keydoctor {command, args}, as the CLI Qwen Code forks
// reads it.
func (impl) PlanMCPServer(o writers.Options, t tool.Tool, p *writers.Plan) error {
	return writers.PlanJSONMCPServer(p, t.ID, Settings(o.Env), true,
		[]string{"mcpServers", writers.MCPServerName}, o.MCPServer.StdioEntry())
}

// MCPServerEntry is keydoctor's entry in settings.json.
func (impl) MCPServerEntry(e *env.Env, _ string) (discover.MCPEntry, bool) {
	return discover.ReadJSONMCPEntry(Settings(e), true, "mcpServers", writers.MCPServerName)
}
