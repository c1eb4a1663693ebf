package codex

import (
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/tool"
)

// ID is the tool's id: --tools, --tool, the JSON documents' "tool".
const ID gateway.ToolID = "codex"

// Tool is the description every framework reads (internal/tool.Tool);
// its Impl holds what this package implements of their interfaces.
var Tool = tool.Tool{
	HomeVar: HomeVar,
	Impl:    impl{},
	Options: []tool.Option{authOption, providerOption},
	Tool: gateway.Tool{ID: ID, Title: "Codex CLI", Protocol: gateway.Responses,
		BaseHasVersion: true, Auth: gateway.AuthBearer},
	Setup:   true,
	Format:  tool.FormatOwn,
	Runtime: tool.Rust,
	Files: func(e *env.Env, _ string) []tool.File {
		return []tool.File{
			{Role: "config", Path: Config(e), Syntax: tool.TOML},
			{Role: "auth", Path: Auth(e), Syntax: tool.JSON},
		}
	},
	Binary:  "codex",
	Package: "@openai/codex", Observed: Observed,
	Marks: func(e *env.Env, _ string) []string { return []string{Home(e)} },
	Headless: &tool.Headless{Redirect: tool.RedirectOverride,
		Args: []string{"exec", "--skip-git-repo-check", "--ephemeral", "--sandbox", "read-only",
			"--color", "never", "--cd", "{dir}", "-c", "{override}", "{prompt}"}},
}

// impl is this package's implementation of the interfaces the frameworks
// declare, one file per framework (read.go, plan.go, checks.go, verify.go).
type impl struct{}
