package writers

import (
	"fmt"
	"strings"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/toolpaths"
)

// Options are what the writers need besides the files themselves.
type Options struct {
	Env     *env.Env
	Profile gateway.Profile
	Project string // where .env and project-scope Claude settings live

	ClaudeScope toolpaths.ClaudeScope // user (default), project, local
	ClaudeAuth  string                // "token" (ANTHROPIC_AUTH_TOKEN, default) or "api-key"

	CodexAuth     string // "file" (auth.json, default) or "env" (env_key)
	CodexProvider string // the [model_providers.ID] id; default the preset name

	// MCPName is the Cline MCP server entry's name (default the preset
	// name). MCPCommand is its command and arguments; when empty, an
	// existing entry of that name gets the triple in its env and no new
	// entry is created (keydoctor does not guess a server to run).
	MCPName    string
	MCPCommand []string
	// FixVSCodeMCP moves a `cline.mcpServers` key found in a VS Code
	// settings.json (read by nothing) into that editor's Cline MCP file.
	FixVSCodeMCP bool
}

// Writer plans the changes for one tool.
type Writer interface {
	Tool() gateway.ToolID
	Plan(o Options) ([]*Change, error)
}

// For returns the writer of a setup target.
func For(id gateway.ToolID) (Writer, bool) {
	switch id {
	case gateway.Claude:
		return claudeWriter{}, true
	case gateway.Codex:
		return codexWriter{}, true
	case gateway.Cline:
		return clineWriter{}, true
	case gateway.VSCode:
		return vscodeWriter{}, true
	case gateway.DotEnv:
		return dotenvWriter{}, true
	}
	return nil, false
}

// MakePlan plans every tool. Any file that cannot be edited safely stops
// the whole plan: nothing is written when one file is refused.
func MakePlan(o Options, tools []gateway.ToolID) (*Plan, error) {
	if err := o.defaults(); err != nil {
		return nil, err
	}
	p := &Plan{}
	for _, id := range tools {
		w, ok := For(id)
		if !ok {
			return nil, fmt.Errorf("no writer for %s", id)
		}
		cs, err := w.Plan(o)
		if err != nil {
			return nil, err
		}
		for _, c := range cs {
			c.Tool = id
			c.addSecrets(o.Profile.Key)
			c.addSecrets(secretValuesIn(c.Old)...)
		}
		if err := p.add(cs...); err != nil {
			return nil, err
		}
	}
	return p, nil
}

// reservedCodexProviders are built into Codex: a table of that id is
// ignored or refused (design.md §1).
var reservedCodexProviders = []string{"openai", "ollama", "lmstudio", "oss"}

func (o *Options) defaults() error {
	if o.Env == nil {
		return fmt.Errorf("writers: no environment")
	}
	if o.Project == "" {
		o.Project = "."
	}
	if o.ClaudeScope == "" {
		o.ClaudeScope = toolpaths.ClaudeUser
	}
	switch o.ClaudeAuth {
	case "":
		o.ClaudeAuth = "token"
	case "token", "api-key":
	default:
		return &gateway.UsageError{Msg: fmt.Sprintf("unknown Claude Code auth %q", o.ClaudeAuth), Hint: "use --claude-auth token or --claude-auth api-key"}
	}
	switch o.CodexAuth {
	case "":
		o.CodexAuth = "file"
	case "file", "env":
	default:
		return &gateway.UsageError{Msg: fmt.Sprintf("unknown Codex auth %q", o.CodexAuth), Hint: "use --codex-auth file or --codex-auth env"}
	}
	if o.CodexProvider == "" {
		o.CodexProvider = o.Profile.Name()
	}
	if o.CodexProvider == "" {
		o.CodexProvider = "keydoctor"
	}
	for _, r := range reservedCodexProviders {
		if strings.EqualFold(o.CodexProvider, r) {
			return &gateway.UsageError{Msg: fmt.Sprintf("%q is a provider id built into Codex", o.CodexProvider), Hint: "pick another id with --codex-provider, e.g. " + o.Profile.Name()}
		}
	}
	if !bareTOMLKey(o.CodexProvider) {
		return &gateway.UsageError{Msg: fmt.Sprintf("%q cannot be a Codex provider id", o.CodexProvider), Hint: "use letters, digits, - and _"}
	}
	if o.MCPName == "" {
		o.MCPName = o.Profile.Name()
	}
	return nil
}

// baseFor is the base URL a tool receives: the one rule in gateway.Tools.
func baseFor(id gateway.ToolID, root string) string {
	t, _ := gateway.LookupTool(string(id))
	return t.Base(root)
}
