package claude

import (
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/tool"
)

// ID is the tool's id: --tools, --tool, the JSON documents' "tool".
const ID gateway.ToolID = "claude"

// Tool is the description every framework reads (internal/tool.Tool);
// its Impl holds what this package implements of their interfaces.
var Tool = tool.Tool{
	HomeVar: HomeVar,
	Impl:    impl{},
	Options: []tool.Option{authOption},
	Help: map[string]string{
		"setup": `Claude Code sends its background requests (titles, summaries) to its own
small model unless ` + BackgroundModel + ` names one. When setup writes
Claude Code, it asks the gateway for its models; if the list lacks the model
Claude Code would use, setup sets the closest small model the gateway serves
(the wizard asks first). --background-model ID sets it outright; --offline
asks the gateway nothing.`,
		"status": `For Claude Code status also shows the background model
(` + BackgroundModel + `, or Claude Code's built-in default when nothing
sets it), which goes through the same gateway.`,
	},
	Tool: gateway.Tool{ID: ID, Title: "Claude Code", Protocol: gateway.Messages,
		BaseHasVersion: false, Auth: gateway.AuthBearer, Query: "beta=true"},
	Setup:                  true,
	Format:                 tool.FormatOwn,
	Runtime:                tool.Node,
	BackgroundModel:        BackgroundModel,
	DefaultBackgroundModel: DefaultBackgroundModel,
	Files: func(e *env.Env, project string) []tool.File {
		return []tool.File{
			{Role: string(User), Path: Settings(e, User, project), Syntax: tool.JSON},
			{Role: string(Project), Path: Settings(e, Project, project), Syntax: tool.JSON},
			{Role: string(Local), Path: Settings(e, Local, project), Syntax: tool.JSON},
			{Role: string(Managed), Path: ManagedSettings(e), Syntax: tool.JSON, System: true},
			{Role: "state", Path: StateFile(e), Syntax: tool.JSON},
		}
	},
	Binary:  "claude",
	Package: "@anthropic-ai/claude-code", Observed: Observed,
	Marks: func(e *env.Env, _ string) []string { return []string{Dir(e)} },
	Headless: &tool.Headless{Redirect: tool.RedirectSettings,
		Args: []string{"--settings", "{settings}", "-p", "{prompt}", "--tools", "", "--strict-mcp-config", "--no-session-persistence"}},
}

// impl is this package's implementation of the interfaces the frameworks
// declare, one file per framework (read.go, plan.go, checks.go, verify.go).
type impl struct{}
