package main

import (
	"context"
	"os"

	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/setup"
	"github.com/keydoctor/keydoctor/internal/tool"

	"github.com/keydoctor/keydoctor/internal/mcpserver"
	"github.com/keydoctor/keydoctor/writers"
	"github.com/spf13/pflag"
)

// setupMCPFlags are setup's --mcp and --no-mcp: register keydoctor's MCP
// server (keydoctor mcp) with each tool written, or do not (and do not
// ask). The wizard asks when neither is given; without a terminal the
// answer is no.
type setupMCPFlags struct{ on, off bool }

func (f *setupMCPFlags) add(fs *pflag.FlagSet) {
	fs.BoolVar(&f.on, "mcp", false, "register keydoctor's MCP server ('keydoctor mcp', this binary's absolute path) with each tool written that takes one: "+tool.Titles(writers.RegistersMCPServer)+"; Claude Code's goes into the project's .mcp.json")
	fs.BoolVar(&f.off, "no-mcp", false, "do not register keydoctor's MCP server, and do not ask")
}

// settleMCP decides whether setup registers the MCP server
// (setup.SettleMCP): the flags, else the wizard's question.
func (o *setupOptions) settleMCP(ctx context.Context, wo *writers.Options, ids []gateway.ToolID) error {
	var ask func() (bool, error)
	if o.Interactive {
		ask = func() (bool, error) {
			return o.confirm(ctx, "Register keydoctor's MCP server ("+mcpserver.Name+") with these tools, so their agent can check its own gateway?", "Yes", "No")
		}
	}
	s, err := setup.SettleMCP(o.mcp.on, o.mcp.off, ask, ids, o.LookPath, os.Executable)
	wo.MCPServer = s
	return stopError(err)
}

// registerMCPByCLI runs the tools' own commands that register the server
// (setup.MCPByCLIs chose them); it says what it did on stdout, or on
// stderr beside a JSON document.
func (o *setupOptions) registerMCPByCLI(ctx context.Context, s *writers.MCPServer) error {
	out := o.Out
	if o.JSON { // the document alone on stdout
		out = o.Err
	}
	return stopError(setup.RegisterMCPByCLIs(ctx, o.Env, s, out, o.DryRun))
}
