package main

import (
	"context"
	"os"
	"path/filepath"

	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/setup"

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
	fs.BoolVar(&f.on, "mcp", false, "register keydoctor's MCP server ('keydoctor mcp', this binary's absolute path) with each tool written that takes one: "+toolTitles(writers.RegistersMCPServer)+"; Claude Code's goes into the project's .mcp.json")
	fs.BoolVar(&f.off, "no-mcp", false, "do not register keydoctor's MCP server, and do not ask")
}

// mcpServer is the server setup registers: this binary, resolved to its
// real path, so that the entry does not follow a link that moves.
func mcpServer() (*writers.MCPServer, error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, failf("register it by hand (docs/mcp.md)", "cannot find keydoctor's own path: %v", err)
	}
	if real, err := filepath.EvalSymlinks(exe); err == nil {
		exe = real
	}
	return &writers.MCPServer{Command: exe, Args: []string{"mcp"}}, nil
}

// settleMCP decides whether setup registers the MCP server: the flags,
// else the wizard's question, asked when an agent among the tools is
// installed here (its binary on PATH): the server is for it to start.
func (o *setupOptions) settleMCP(ctx context.Context, wo *writers.Options, ids []gateway.ToolID) error {
	if o.mcp.on && o.mcp.off {
		return usageErrorf("give one of them", "--mcp and --no-mcp contradict each other")
	}
	on := o.mcp.on
	if !on && !o.mcp.off && o.Interactive && setup.MCPAgentInstalled(ids, o.LookPath) {
		ok, err := o.confirm(ctx, "Register keydoctor's MCP server ("+mcpserver.Name+") with these tools, so their agent can check its own gateway?", "Yes", "No")
		if err != nil {
			return err
		}
		on = ok
	}
	if !on {
		return nil
	}
	s, err := mcpServer()
	if err != nil {
		return err
	}
	wo.MCPServer = s
	return nil
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
