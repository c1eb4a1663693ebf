package checks

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/tool"
)

// MCPEntryReader is a tool with which setup --mcp registers keydoctor's
// MCP server: its entry, when there is one.
type MCPEntryReader interface {
	MCPServerEntry(e *env.Env, project string) (discover.MCPEntry, bool)
}

// MCPProbe is how doctor checks keydoctor's MCP server entries: Self is
// the running keydoctor's path; Start runs the MCP handshake (initialize,
// tools/list, with a deadline) with this binary and returns the tools it
// lists. Only an entry that names this very binary is started: a file of
// a cloned repository (.mcp.json) must not choose what doctor runs.
type MCPProbe struct {
	Self  string
	Start func(ctx context.Context, command string, args []string) ([]string, error)
}

// mcpServerCheck reports mcp-server-broken: an entry of ours names a
// missing or non-executable file, or this keydoctor but it does not
// answer the handshake.
type mcpServerCheck struct {
	snap  *discover.Snapshot
	probe *MCPProbe
}

func (mcpServerCheck) Name() string { return "mcp-server" }

func (c mcpServerCheck) Run(ctx context.Context, e *env.Env) []doctor.Finding {
	var out []doctor.Finding
	for _, t := range tool.All() {
		r, ok := t.Impl.(MCPEntryReader)
		if !ok {
			continue
		}
		en, ok := r.MCPServerEntry(e, c.snap.Project)
		if !ok {
			continue
		}
		out = append(out, c.entry(ctx, e, t, en))
	}
	if len(out) == 0 {
		return []doctor.Finding{skip("", "keydoctor's MCP server is registered with no tool ('keydoctor setup --mcp' registers it)")}
	}
	return out
}

func (c mcpServerCheck) entry(ctx context.Context, e *env.Env, t tool.Tool, en discover.MCPEntry) doctor.Finding {
	src := e.Tilde(en.File)
	if en.Line > 0 {
		src = fmt.Sprintf("%s:%d", src, en.Line)
	}
	broken := func(format string, args ...any) doctor.Finding {
		return doctor.Finding{Code: catalog.MCPServerBroken, Status: doctor.Warning, Tool: t.ID, Source: src,
			Message: fmt.Sprintf("%s's keydoctor MCP server entry (%s): ", t.Title, src) + fmt.Sprintf(format, args...),
			Fix:     catalog.Render(catalog.MCPServerBroken, catalog.Slots{Command: "keydoctor setup --mcp --tools " + string(t.ID), File: src})}
	}
	cmd := en.Command
	if cmd == "" {
		return broken("it names no command")
	}
	if !filepath.IsAbs(cmd) {
		return doctor.Finding{Status: doctor.Info, Tool: t.ID, Source: src,
			Message: fmt.Sprintf("%s's keydoctor MCP server entry runs %q, found on PATH when the tool starts: not started here", t.Title, cmd)}
	}
	fi, err := os.Stat(cmd)
	switch {
	case err != nil:
		return broken("%s does not exist", cmd)
	case fi.IsDir() || fi.Mode()&0o111 == 0 && e.GOOS != "windows":
		return broken("%s is not an executable file", cmd)
	}
	if c.probe == nil || c.probe.Self == "" {
		return doctor.Finding{Status: doctor.OK, Tool: t.ID, Source: src,
			Message: fmt.Sprintf("%s's keydoctor MCP server entry runs %s, an executable ('keydoctor doctor' starts it)", t.Title, cmd)}
	}
	if !sameFile(cmd, c.probe.Self) {
		return doctor.Finding{Status: doctor.Info, Tool: t.ID, Source: src,
			Message: fmt.Sprintf("%s's keydoctor MCP server entry runs %s, another keydoctor than this one: not started here", t.Title, cmd)}
	}
	if len(en.Args) == 0 || en.Args[0] != "mcp" {
		return broken("it starts keydoctor without the mcp command (%q)", strings.Join(en.Args, " "))
	}
	tools, err := c.probe.Start(ctx, cmd, en.Args)
	if err != nil {
		return broken("it does not start: %v", err)
	}
	return doctor.Finding{Status: doctor.OK, Tool: t.ID, Source: src,
		Message: fmt.Sprintf("%s's keydoctor MCP server starts and lists %d tools (%s)", t.Title, len(tools), strings.Join(tools, ", "))}
}

func sameFile(a, b string) bool {
	fa, err := os.Stat(a)
	if err != nil {
		return false
	}
	fb, err := os.Stat(b)
	return err == nil && os.SameFile(fa, fb)
}
