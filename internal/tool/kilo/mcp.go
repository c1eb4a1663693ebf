package kilo

import (
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/keydoctor/keydoctor/writers"
)

// PlanMCPServer registers keydoctor's MCP server in the global config, in
// the shape Kilo keeps from OpenCode: mcp.keydoctor {"type": "local",
// "command": [binary, "mcp"], "enabled": true} (✓ 7.7.7: 'kilo mcp list'
// shows it connected).
func (impl) PlanMCPServer(o writers.Options, t tool.Tool, p *writers.Plan) error {
	return writers.PlanJSONMCPServer(p, t.ID, Config(o.Env), true, []string{"mcp", writers.MCPServerName},
		[]writers.MCPField{{Key: "type", Value: "local"}, {Key: "command", Value: o.MCPServer.CommandLine()}, {Key: "enabled", Value: true}})
}

// MCPServerEntry is keydoctor's entry in the global config.
func (impl) MCPServerEntry(e *env.Env, _ string) (discover.MCPEntry, bool) {
	return discover.ReadJSONMCPEntry(Config(e), true, "mcp", writers.MCPServerName)
}
