package qwen

import (
	"path/filepath"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/keydoctor/keydoctor/internal/tool/openai"
)

// ID is the tool's id: --tools, --tool, the JSON documents' "tool".
const ID gateway.ToolID = "qwen"

// Tool is the description every framework reads (internal/tool.Tool);
// its Impl holds what this package implements of their interfaces.
var Tool = tool.Tool{
	Impl:    impl{},
	Options: []tool.Option{authOption},
	Tool: gateway.Tool{ID: ID, Title: "Qwen Code", Protocol: gateway.Chat,
		BaseHasVersion: true, Auth: gateway.AuthBearer},
	Setup:   true,
	Format:  tool.FormatJSONKey,
	Runtime: tool.Node,
	Files: func(e *env.Env, _ string) []tool.File {
		return []tool.File{{Role: "settings", Path: Settings(e), Syntax: tool.JSONC}}
	},
	Keys: &tool.Keys{
		Base:  tool.Place{File: "settings", Key: BaseURL},
		Key:   tool.Place{File: "settings", Key: APIKey},
		Model: tool.Place{File: "settings", Key: Model},
		Fixed: []tool.Fixed{
			{Place: tool.Place{File: "settings", Key: VersionKey}, Value: Version},
			{Place: tool.Place{File: "settings", Key: AuthType}, Value: AuthOpenAI},
		},
		Providers: &tool.Providers{File: "settings", List: Providers, ID: "id", Base: "baseUrl", EnvKey: "envKey"},
	},
	Binary:  "qwen",
	Package: "@qwen-code/qwen-code", Observed: Observed,
	Marks: func(e *env.Env, _ string) []string { return []string{Dir(e)} },
	// --openai-base-url beats settings.json; the key and model stay the
	// user's (docs/tools.md, "Qwen Code").
	// The model's modelProviders entry beats that flag: verify then also
	// gives the run a system settings file holding the list redirected,
	// which beats the user's (its modelProviders merge by replacing).
	Headless: &tool.Headless{Redirect: tool.RedirectFlag,
		Args:        []string{"--openai-base-url", "{base}", "-p", "{prompt}"},
		SettingsEnv: "QWEN_CODE_SYSTEM_SETTINGS_PATH",
		Settings:    `{"privacy":{"usageStatisticsEnabled":false}}`},
	DotEnv: &tool.DotEnvLoad{Names: []string{filepath.Join(".qwen", ".env"), ".env"},
		Own:  func(e *env.Env) string { return filepath.Join(Dir(e), ".env") },
		Vars: []string{openai.BaseURL, openai.APIKey, openai.Model}, Rules: DotEnvFacts},
}

// impl is this package's implementation of the interfaces the frameworks
// declare, one file per framework (read.go, plan.go, checks.go, verify.go).
type impl struct{}
