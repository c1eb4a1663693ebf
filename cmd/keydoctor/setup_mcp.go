package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"

	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/plan"
	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/keydoctor/keydoctor/internal/tool/claude"

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
	if !on && !o.mcp.off && o.Interactive && o.agentInstalled(ids) {
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

// claudeByCLI decides whether Claude Code gets the server through its own
// `claude mcp add --scope user` (user scope, claude on PATH) rather than
// the project's .mcp.json.
func (o *setupOptions) claudeByCLI(wo *writers.Options, ids []gateway.ToolID) {
	if wo.MCPServer == nil || o.LookPath == nil || !slices.Contains(ids, claude.ID) || (o.Scope != "" && claude.Scope(o.Scope) != claude.User) {
		return
	}
	if path, err := o.LookPath(claude.Tool.Binary); err == nil && path != "" {
		wo.MCPServer.ByCLI = map[gateway.ToolID]bool{claude.ID: true}
		o.claudePath = path
	}
}

// registerClaudeMCP runs `claude mcp add --scope user` when Claude Code
// is to get the server that way, unless the same command is registered
// already; it says what it did on out.
func (o *setupOptions) registerClaudeMCP(ctx context.Context, s *writers.MCPServer) error {
	if s == nil || !s.ByCLI[claude.ID] || o.claudePath == "" {
		return nil
	}
	show := claude.MCPCLIShown(*s)
	out := o.Out
	if o.JSON { // the document alone on stdout
		out = o.Err
	}
	if o.DryRun {
		fmt.Fprintf(out, "would run %s\n", show)
		return nil
	}
	ran, err := claude.RegisterMCPByCLI(ctx, o.Env, o.claudePath, *s)
	if !ran || err != nil {
		return stopError(err)
	}
	plan.WriteRow(out, "ran", show, string(claude.ID))
	return nil
}

// agentInstalled reports whether a tool of ids that can register the
// server has its binary on PATH.
func (o *setupOptions) agentInstalled(ids []gateway.ToolID) bool {
	if o.LookPath == nil {
		return false
	}
	for _, id := range ids {
		t, ok := tool.Lookup(string(id))
		if !ok || t.Binary == "" {
			continue
		}
		if !writers.RegistersMCPServer(t) {
			continue
		}
		if p, err := o.LookPath(t.Binary); err == nil && p != "" {
			return true
		}
	}
	return false
}
