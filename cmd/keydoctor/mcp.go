package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/keydoctor/keydoctor/checks"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/human"
	"github.com/keydoctor/keydoctor/internal/mcpserver"
	"github.com/keydoctor/keydoctor/internal/profile"
	"github.com/keydoctor/keydoctor/internal/setup"
	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/keydoctor/keydoctor/writers"
	"github.com/spf13/cobra"
)

type mcpOptions struct {
	Project string
	Env     *env.Env
}

func newMCPCmd(e *env.Env) *cobra.Command {
	o := &mcpOptions{Env: e}
	cmd := &cobra.Command{
		Use:   "mcp",
		Short: "serve keydoctor's read-only checks to a coding agent over MCP (stdio)",
		Long: human.Wrap("mcp is a Model Context Protocol server on standard input and output, for a "+
			"coding agent ("+tool.Titles(writers.RegistersMCPServer)+") to check its own gateway when a "+
			"request fails. Its tools are read-only and return the documents the commands' --json print, keys masked:", 78, "") + `

  status     each tool's base URL, masked key, model and request
  doctor     the findings (offline unless wire is true; tool narrows)
  ping       one request, as a tool sends it or in a protocol
  explain    a code, an HTTP status or a pasted error message
  bench      1 to 5 small streamed requests (at most 16 tokens each)
  fix_plan   the diff 'doctor --fix' would apply; writes nothing

The agent names only tools, stored profiles, protocols and pasted text:
never a URL, a key, a variable or a file. Everything else comes from your
configuration as the commands resolve it (the team file only if trusted).
'keydoctor setup --mcp' registers it with each tool.`,
		Example: `  claude mcp add --scope user keydoctor -- /usr/local/bin/keydoctor mcp
  npx @modelcontextprotocol/inspector --cli keydoctor mcp --method tools/list`,
		Args: usageArgs(cobra.NoArgs),
		RunE: func(c *cobra.Command, _ []string) error { return runMCP(c.Context(), o) },
	}
	cmd.Flags().StringVar(&o.Project, "project", ".", "project directory the checks read (its .env and .claude/ settings)")
	return cmd
}

func runMCP(ctx context.Context, o *mcpOptions) error {
	if err := checkProject(o.Project); err != nil {
		return err
	}
	dir, err := filepath.Abs(o.Project)
	if err != nil {
		return err
	}
	e := o.Env
	so := mcpserver.Options{
		Run:     func(ctx context.Context, args []string) mcpserver.Output { return runCaptured(ctx, e, args) },
		Project: dir, Secrets: e.Secrets, Version: buildVersion(),
		Profiles: func() []string { return profile.StoredNames(e) },
	}
	if err := mcpserver.ServeStdio(ctx, so, e.Stdin, e.Stdout); err != nil {
		return failf("an MCP client keeps each message under "+strconv.Itoa(mcpserver.MaxLine>>10)+" KiB", "%v", err)
	}
	return nil
}

// runCaptured runs one command line as the CLI would, its output kept: no
// terminal, nothing to read on stdin, its error lines as reportError
// prints them.
func runCaptured(ctx context.Context, e *env.Env, args []string) mcpserver.Output {
	var out, errs bytes.Buffer
	sub := *e
	sub.Stdout, sub.Stderr, sub.Stdin, sub.IsTerminal = &out, &errs, strings.NewReader(""), false
	root := newRootCmd(&sub)
	root.SetArgs(append([]string{"--color", "never"}, args...))
	root.SetIn(sub.Stdin)
	root.SetOut(&out)
	root.SetErr(&errs)
	err := root.ExecuteContext(ctx)
	code := reportError(&errs, err)
	return mcpserver.Output{Stdout: out.Bytes(), Stderr: errs.Bytes(), Code: code}
}

// mcpProbe is how doctor starts keydoctor's MCP server entries: this
// binary, with the run's environment, its stderr discarded.
func mcpProbe(e *env.Env) *checks.MCPProbe {
	self, err := setup.SelfServer(os.Executable)
	if err != nil {
		return nil
	}
	return &checks.MCPProbe{Self: self.Command, Start: mcpserver.ProbeIn(e)}
}
