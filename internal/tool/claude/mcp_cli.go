package claude

import (
	"context"
	"os/exec"
	"slices"
	"strings"
	"time"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/stop"
	"github.com/keydoctor/keydoctor/writers"
)

// MCPByCLIAt is setup.MCPByCLI's: at user scope (the default) the server
// is registered by `claude mcp add --scope user`, else in the project's
// .mcp.json.
func (impl) MCPByCLIAt(scope string) bool { return scope == "" || Scope(scope) == User }

// MCPCLIShown is setup.MCPByCLI's (MCPCLIShown).
func (impl) MCPCLIShown(s writers.MCPServer) string { return MCPCLIShown(s) }

// RegisterMCPByCLI is setup.MCPByCLI's (RegisterMCPByCLI).
func (impl) RegisterMCPByCLI(ctx context.Context, e *env.Env, path string, s writers.MCPServer) (bool, error) {
	return RegisterMCPByCLI(ctx, e, path, s)
}

// MCPCLIShown is the `claude mcp add` command line that registers s, as
// messages show it.
func MCPCLIShown(s writers.MCPServer) string {
	return "claude " + strings.Join(MCPAddArgs(s), " ")
}

// RegisterMCPByCLI registers s with Claude Code through its own `claude mcp
// add --scope user` (the binary at path, with e's environment), unless the
// same command is registered already; ran says whether it ran. Its error
// is a *stop.Error. Another command under our name is replaced.
func RegisterMCPByCLI(ctx context.Context, e *env.Env, path string, s writers.MCPServer) (ran bool, err error) {
	ctx, cancel := context.WithTimeout(ctx, 60*time.Second)
	defer cancel()
	run := func(args ...string) (string, error) {
		cmd := exec.CommandContext(ctx, path, args...)
		if e.Environ != nil {
			cmd.Env = e.Environ()
		}
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	if en, ok := UserMCPEntry(e); ok {
		if en.Command == s.Command && slices.Equal(en.Args, s.Args) {
			return false, nil // registered already: a re-run is a no-op
		}
		run(MCPRemoveArgs...) // another command under our name: replaced
	}
	if said, err := run(MCPAddArgs(s)...); err != nil {
		return false, stop.Fail("run it by hand: "+MCPCLIShown(s), "claude mcp add failed: %v: %s", err, strings.TrimSpace(said))
	}
	return true, nil
}
