package opencode

import (
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/format/providerjson"
	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/keydoctor/keydoctor/writers"
)

// PlanMCPServer registers keydoctor's MCP server in the global config.
func (impl) PlanMCPServer(o writers.Options, t tool.Tool, p *writers.Plan) error {
	return providerjson.PlanMCPServer(o, t, p, Config(o.Env))
}

// MCPServerEntry is keydoctor's entry in the global config.
func (impl) MCPServerEntry(e *env.Env, _ string) (discover.MCPEntry, bool) {
	return providerjson.MCPServerEntry(Config(e))
}
