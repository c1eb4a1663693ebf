package providerjson

import (
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/keydoctor/keydoctor/writers"
)

// PlanMCPServer registers keydoctor's MCP server in the config at path,
// the format's shape for a local server: mcp.keydoctor {"type": "local",
// "command": [binary, "mcp"], "enabled": true} (one list, no args).
func PlanMCPServer(o writers.Options, t tool.Tool, p *writers.Plan, path string) error {
	return writers.PlanJSONMCPServer(p, t.ID, path, true, []string{"mcp", writers.MCPServerName},
		[]writers.MCPField{{Key: "type", Value: "local"}, {Key: "command", Value: o.MCPServer.CommandLine()}, {Key: "enabled", Value: true}})
}

// MCPServerEntry is keydoctor's entry in the config at path.
func MCPServerEntry(path string) (discover.MCPEntry, bool) {
	return discover.ReadJSONMCPEntry(path, true, "mcp", writers.MCPServerName)
}
