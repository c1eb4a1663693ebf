package tools

import (
	"path/filepath"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
)

// A project's .env (docs/tools.md, ".env"): the preset's three variables
// (the profile's VarBaseURL, VarKey, VarModel) with the gateway root, the
// seeds' convention. Programs load it with dotenv libraries, which do not
// override a variable the shell already exports.
var dotenvTool = Tool{
	Tool: gateway.Tool{ID: gateway.DotEnv, Title: ".env", Protocol: gateway.Chat,
		BaseHasVersion: false, Auth: gateway.AuthBearer},
	Setup:   true,
	Format:  FormatDotEnv,
	Runtime: Node,
	Files: func(_ *env.Env, project string) []File {
		return []File{{Role: "env", Path: DotEnvFile(project), Syntax: DotEnv}}
	},
	Marks: func(_ *env.Env, project string) []string { return []string{DotEnvFile(project)} },
}

// DotEnvFile is the project's .env.
func DotEnvFile(project string) string { return filepath.Join(project, ".env") }
