package claude

import (
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/tool"
)

// Tool is the description every framework reads (internal/tool.Tool);
// its Impl holds what this package implements of their interfaces.
var Tool = tool.Tool{
	Impl:    impl{},
	Options: []tool.Option{authOption},
	Tool: gateway.Tool{ID: gateway.Claude, Title: "Claude Code", Protocol: gateway.Messages,
		BaseHasVersion: false, Auth: gateway.AuthBearer, Query: "beta=true"},
	Setup:           true,
	Format:          tool.FormatClaude,
	Runtime:         tool.Node,
	BackgroundModel: tool.ClaudeBackgroundModel,
	Files: func(e *env.Env, project string) []tool.File {
		return []tool.File{
			{Role: string(tool.ClaudeUser), Path: tool.ClaudeSettings(e, tool.ClaudeUser, project), Syntax: tool.JSON},
			{Role: string(tool.ClaudeProject), Path: tool.ClaudeSettings(e, tool.ClaudeProject, project), Syntax: tool.JSON},
			{Role: string(tool.ClaudeLocal), Path: tool.ClaudeSettings(e, tool.ClaudeLocal, project), Syntax: tool.JSON},
			{Role: string(tool.ClaudeManaged), Path: tool.ClaudeManagedSettings(e), Syntax: tool.JSON, System: true},
			{Role: "state", Path: tool.ClaudeState(e), Syntax: tool.JSON},
		}
	},
	Binary: "claude",
	Marks:  func(e *env.Env, _ string) []string { return []string{tool.ClaudeDir(e)} },
	Headless: &tool.Headless{Redirect: tool.RedirectSettings,
		Args: []string{"--settings", "{settings}", "-p", "{prompt}", "--tools", "", "--strict-mcp-config", "--no-session-persistence"}},
}

// impl is this package's implementation of the interfaces the frameworks
// declare, one file per framework (read.go, plan.go, checks.go, verify.go).
type impl struct{}
