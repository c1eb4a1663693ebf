// Package pi is the Pi coding agent (npm @mariozechner/pi-coding-agent):
// a provider in ~/.pi/agent/models.json, chosen by settings.json's
// defaultProvider and defaultModel (docs/tools.md, "Pi").
package pi

import (
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/tool"
)

// ID is the tool's id: --tools, --tool, the JSON documents' "tool".
const ID gateway.ToolID = "pi"

// Tool is the description every framework reads (internal/tool.Tool);
// its Impl holds what this package implements of their interfaces. Its
// wire rule is that of its default api, openai-completions; a provider of
// another api carries its own (Rule).
var Tool = tool.Tool{
	HomeVar: AgentDirVar,
	Impl:    impl{},
	Options: []tool.Option{apiOption, authOption},
	Tool: gateway.Tool{ID: ID, Title: "Pi", Protocol: gateway.Chat,
		BaseHasVersion: true, Auth: gateway.AuthBearer},
	Setup:   true,
	Format:  tool.FormatOwn,
	Runtime: tool.Node,
	Files: func(e *env.Env, project string) []tool.File {
		return []tool.File{
			{Role: "models", Path: ModelsFile(e), Syntax: tool.JSONC},
			{Role: "settings", Path: SettingsFile(e), Syntax: tool.JSON},
			{Role: "project", Path: ProjectSettings(project), Syntax: tool.JSON},
			{Role: "auth", Path: AuthFile(e), Syntax: tool.JSON},
		}
	},
	Binary:  "pi",
	Package: "@mariozechner/pi-coding-agent", Observed: Observed,
	Marks: func(e *env.Env, _ string) []string { return []string{AgentDir(e)} },
	// A scratch agent directory ({data}, PI_CODING_AGENT_DIR) holds a copy
	// of models.json with the provider's baseUrl changed, and of
	// settings.json and auth.json.
	Headless: &tool.Headless{Redirect: tool.RedirectDataCopy,
		Args: []string{"-p", "--no-session", "--no-tools", "--no-extensions", "--no-skills",
			"--no-prompt-templates", "--no-context-files", "--offline", "{prompt}"},
		Env: headlessEnv},
}

// impl is this package's implementation of the interfaces the frameworks
// declare, one file per framework (read.go, plan.go, checks.go, verify.go).
type impl struct{}
