package gemini

import (
	"path/filepath"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/tool"
)

// ID is the tool's id: --tools, --tool, the JSON documents' "tool".
const ID gateway.ToolID = "gemini"

// Tool is the description every framework reads (internal/tool.Tool);
// its Impl holds what this package implements of their interfaces.
var Tool = tool.Tool{
	Impl: impl{},
	Tool: gateway.Tool{ID: ID, Title: "Gemini CLI", Protocol: gateway.Gemini,
		BaseHasVersion: false, Auth: gateway.AuthGoogKey},
	Setup:   true,
	Format:  tool.FormatOwn,
	Runtime: tool.Node,
	// Lowest precedence first; of the .env files only the first found
	// from the working directory is read (EnvFiles).
	Files: func(e *env.Env, project string) []tool.File {
		return []tool.File{
			{Role: "settings", Path: Settings(e), Syntax: tool.JSONC},
			{Role: "home-env", Path: filepath.Join(Home(e), ".env"), Syntax: tool.DotEnv},
			{Role: "env", Path: Env(e), Syntax: tool.DotEnv},
			{Role: "project-env", Path: filepath.Join(project, ".env"), Syntax: tool.DotEnv},
			{Role: "project-gemini-env", Path: ProjectEnv(project), Syntax: tool.DotEnv},
		}
	},
	Binary:  "gemini",
	Package: "@google/gemini-cli", Observed: Observed,
	Marks: func(e *env.Env, _ string) []string { return []string{Dir(e)} },
	// The first .env found walking up is the only one read; ~/.gemini/.env
	// is where setup writes the triple.
	DotEnv: &tool.DotEnvLoad{Names: []string{filepath.Join(".gemini", ".env"), ".env"},
		Own:  Env,
		Vars: []string{BaseURL, APIKey, Model}, Rules: DotEnvFacts},
	// The relay's base URL goes in the shell variable, which beats every
	// .env; the turn runs in a trusted empty folder with telemetry and
	// update checks off (verify sets those variables), through that
	// folder's .gemini/settings.json: Gemini CLI 0.61 skips a system
	// settings file unless it and every parent directory are root's and
	// writable by no one else (docs/tools.md, "Gemini CLI").
	Headless: &tool.Headless{Redirect: tool.RedirectEnv, BaseEnv: BaseURL,
		Args:         []string{"-p", "{prompt}", "--output-format", "text"},
		Env:          []string{Trust + "=true", "GEMINI_TELEMETRY_ENABLED=false"},
		SettingsFile: filepath.Join(".gemini", "settings.json"),
		Settings: `{"privacy":{"usageStatisticsEnabled":false},"general":{"enableAutoUpdate":false,"enableAutoUpdateNotification":false},` +
			`"security":{"auth":{"selectedType":"` + APIKeyAuth + `"}}}`},
}

// impl is this package's implementation of the interfaces the frameworks
// declare, one file per framework (read.go, plan.go, checks.go, verify.go).
type impl struct{}
