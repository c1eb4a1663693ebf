package cline

import (
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/tool"
)

// ID is the tool's id: --tools, --tool, the JSON documents' "tool".
const ID gateway.ToolID = "cline"

// Tool is the description every framework reads (internal/tool.Tool);
// its Impl holds what this package implements of their interfaces.
var Tool = tool.Tool{
	HomeVar: HomeVar,
	Impl:    impl{},
	Help: map[string]string{"setup": `The Cline MCP server entry (name --` + MCPNameOption.Name + `, default the preset name) gets
BASE_URL, API_KEY and MODEL in its env in every Cline MCP settings file that
has it; a new entry is created only with --mcp-command "CMD ARGS...", since
keydoctor cannot guess which server you run.`},
	Tool: gateway.Tool{ID: ID, Title: "Cline", Protocol: gateway.Chat,
		BaseHasVersion: true, Auth: gateway.AuthBearer},
	Setup:   true,
	Format:  tool.FormatOwn,
	Runtime: tool.Node,
	Files: func(e *env.Env, _ string) []tool.File {
		return []tool.File{
			{Role: "providers", Path: ProvidersFile(e), Syntax: tool.JSON},
			{Role: "mcp", Path: CLIMCP(e), Syntax: tool.JSON},
		}
	},
	Binary:  "cline",
	Package: "cline", Observed: Observed,
	Marks: func(e *env.Env, _ string) []string { return []string{Dir(e)} },
	// The turn runs in Cline's own process: without BackendMode=local,
	// 3.0.65 starts a hub daemon in a session of its own that outlives
	// the turn (docs/tools.md, "Cline").
	Headless: &tool.Headless{Redirect: tool.RedirectDataCopy,
		Args: []string{"--data-dir", "{data}", "--cwd", "{dir}", "--auto-approve", "false", "{prompt}"},
		Env:  []string{BackendMode + "=" + BackendLocal}},
}

// impl is this package's implementation of the interfaces the frameworks
// declare, one file per framework (read.go, plan.go, checks.go, verify.go).
type impl struct{}
