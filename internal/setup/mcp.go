package setup

import (
	"context"
	"fmt"
	"io"
	"path/filepath"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/plan"
	"github.com/keydoctor/keydoctor/internal/stop"
	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/keydoctor/keydoctor/writers"
)

// MCPByCLI is what a tool package implements (its tool.Tool's Impl) whose
// own command registers keydoctor's MCP server at some of setup's scopes,
// instead of a file setup writes (Claude Code's `claude mcp add --scope
// user`, since Claude Code rewrites ~/.claude.json while it runs).
type MCPByCLI interface {
	// MCPByCLIAt says whether setup at scope ("" the default) registers
	// the server through the tool's command.
	MCPByCLIAt(scope string) bool
	// MCPCLIShown is the command line that registers s, as messages show it.
	MCPCLIShown(s writers.MCPServer) string
	// RegisterMCPByCLI runs the command (the binary at path) unless s is
	// registered already; ran says whether it ran. Its error is a
	// *stop.Error.
	RegisterMCPByCLI(ctx context.Context, e *env.Env, path string, s writers.MCPServer) (ran bool, err error)
}

// MCPAgentInstalled reports whether a tool of ids that can register the
// server has its binary on PATH (lookPath; nil: none has): the server is
// for such an agent to start, so the wizard asks only then.
func MCPAgentInstalled(ids []gateway.ToolID, lookPath func(string) (string, error)) bool {
	if lookPath == nil {
		return false
	}
	for _, id := range ids {
		t, ok := tool.Lookup(string(id))
		if !ok || t.Binary == "" || !writers.RegistersMCPServer(t) {
			continue
		}
		if p, err := lookPath(t.Binary); err == nil && p != "" {
			return true
		}
	}
	return false
}

// SettleMCP decides whether setup registers keydoctor's MCP server, and
// returns it (nil: it does not): on and off are --mcp and --no-mcp; when
// neither is given, ask (the wizard's question; nil without one) is asked
// if an agent among ids is installed here (MCPAgentInstalled), since the
// server is for it to start.
func SettleMCP(on, off bool, ask func() (bool, error), ids []gateway.ToolID, lookPath func(string) (string, error), executable func() (string, error)) (*writers.MCPServer, error) {
	if on && off {
		return nil, &gateway.UsageError{Msg: "--mcp and --no-mcp contradict each other", Hint: "give one of them"}
	}
	if !on && !off && ask != nil && MCPAgentInstalled(ids, lookPath) {
		ok, err := ask()
		if err != nil {
			return nil, err
		}
		on = ok
	}
	if !on {
		return nil, nil
	}
	return SelfServer(executable)
}

// SelfServer is the server setup registers: this binary (executable is
// os.Executable), resolved to its real path, so that the entry does not
// follow a link that moves. Its error is a *stop.Error.
func SelfServer(executable func() (string, error)) (*writers.MCPServer, error) {
	exe, err := executable()
	if err != nil {
		return nil, stop.Fail("register it by hand (docs/mcp.md)", "cannot find keydoctor's own path: %v", err)
	}
	if real, err := filepath.EvalSymlinks(exe); err == nil {
		exe = real
	}
	return &writers.MCPServer{Command: exe, Args: []string{"mcp"}}, nil
}

// MCPByCLIs marks in s.ByCLI the tools of ids that register it through
// their own command at scope, with the path lookPath finds for it; a tool
// whose command is not installed gets its file entry instead.
func MCPByCLIs(s *writers.MCPServer, ids []gateway.ToolID, scope string, lookPath func(string) (string, error)) {
	if s == nil || lookPath == nil {
		return
	}
	for _, id := range ids {
		t, ok := tool.Lookup(string(id))
		c, by := t.Impl.(MCPByCLI)
		if !ok || !by || !c.MCPByCLIAt(scope) {
			continue
		}
		if path, err := lookPath(t.Binary); err == nil && path != "" {
			if s.ByCLI == nil {
				s.ByCLI = map[gateway.ToolID]string{}
			}
			s.ByCLI[id] = path
		}
	}
}

// RegisterMCPByCLIs runs, after the plan is applied, the commands
// MCPByCLIs chose (with dryRun, says it would), and says on out what ran.
func RegisterMCPByCLIs(ctx context.Context, e *env.Env, s *writers.MCPServer, out io.Writer, dryRun bool) error {
	if s == nil {
		return nil
	}
	for _, t := range tool.All() {
		path := s.ByCLI[t.ID]
		c, ok := t.Impl.(MCPByCLI)
		if path == "" || !ok {
			continue
		}
		show := c.MCPCLIShown(*s)
		if dryRun {
			fmt.Fprintf(out, "would run %s\n", show)
			continue
		}
		ran, err := c.RegisterMCPByCLI(ctx, e, path, *s)
		if err != nil {
			return err
		}
		if ran {
			plan.WriteRow(out, "ran", show, string(t.ID))
		}
	}
	return nil
}
