package codex

import (
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/keydoctor/keydoctor/writers"
)

// MCPTable is where Codex reads an MCP server: [mcp_servers.NAME] in
// config.toml, with command and args.
var MCPTable = []string{"mcp_servers", writers.MCPServerName}

// PlanMCPServer registers keydoctor's MCP server in config.toml.
func (impl) PlanMCPServer(o writers.Options, t tool.Tool, p *writers.Plan) error {
	return writers.PlanTOMLMCPServer(p, t.ID, Config(o.Env), MCPTable, *o.MCPServer)
}

// MCPServerEntry is keydoctor's entry in config.toml.
func (impl) MCPServerEntry(e *env.Env, _ string) (discover.MCPEntry, bool) {
	return discover.ReadTOMLMCPEntry(Config(e), MCPTable...)
}
