package dotenv

import (
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/tool"
)

// A project's .env (docs/tools.md, ".env"): the preset's three variables
// (the profile's VarBaseURL, VarKey, VarModel) with the gateway root, the
// seeds' convention. Programs load it with dotenv libraries, which do not
// override a variable the shell already exports.
// ID is the tool's id: --tools, --tool, the JSON documents' "tool".
const ID gateway.ToolID = "env"

// Tool is the description every framework reads (internal/tool.Tool);
// its Impl holds what this package implements of their interfaces.
var Tool = tool.Tool{
	Impl: impl{},
	Tool: gateway.Tool{ID: ID, Title: ".env", Protocol: gateway.Chat,
		BaseHasVersion: false, Auth: gateway.AuthBearer},
	Setup:   true,
	Format:  tool.FormatDotEnv,
	Runtime: tool.Node,
	Files: func(_ *env.Env, project string) []tool.File {
		return []tool.File{{Role: "env", Path: File(project), Syntax: tool.DotEnv}}
	},
	Marks: func(_ *env.Env, project string) []string { return []string{File(project)} },
}

// impl is this package's implementation of the interfaces the frameworks
// declare, one file per framework (read.go, plan.go, checks.go, verify.go).
type impl struct{}
