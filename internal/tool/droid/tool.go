// Package droid is Factory Droid: a custom model entry (customModels) in
// ~/.factory/settings.json, selected by sessionDefaultSettings.model,
// speaking chat completions, the Responses API or Anthropic messages as
// the entry's provider says.
package droid

import (
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/tool"
)

// ID is the tool's id: --tools, --tool, the JSON documents' "tool".
const ID gateway.ToolID = "droid"

// providerOption is setup's --droid-provider: the API the entry speaks.
var providerOption = tool.Option{Name: "droid-provider", Title: "Factory Droid provider", Values: Providers,
	Usage: "the API Factory Droid's custom model speaks: generic-chat-completion-api (chat completions, base with /v1), anthropic (messages, base without /v1) or openai (Responses, base with /v1)"}

// authOption is setup's --droid-auth: how the entry holds the key.
var authOption = tool.Option{Name: "droid-auth", Title: "Factory Droid auth", Values: []string{"file", "env"},
	Usage: "where Factory Droid finds the key: file (apiKey in settings.json) or env (\"${VAR}\" naming the profile's key variable)"}

// Tool is the description every framework reads (internal/tool.Tool).
var Tool = tool.Tool{
	Impl:    impl{},
	Options: []tool.Option{providerOption, authOption},
	Tool: gateway.Tool{ID: ID, Title: "Factory Droid", Protocol: gateway.Chat,
		BaseHasVersion: true, Auth: gateway.AuthBearer},
	Setup:   true,
	Format:  tool.FormatOwn,
	Runtime: tool.Node,
	Files: func(e *env.Env, project string) []tool.File {
		fs := []tool.File{
			{Role: "legacy", Path: Legacy(e), Syntax: tool.JSON},
			{Role: "settings", Path: Settings(e), Syntax: tool.JSONC},
		}
		// The project's levels beat the user's: lowest precedence first.
		p := ProjectSettings(project, e.Home)
		for i := len(p) - 1; i >= 0; i-- {
			fs = append(fs, tool.File{Role: "project", Path: p[i], Syntax: tool.JSONC})
		}
		return fs
	},
	Binary: "droid",
	// The npm package's version is its shim's (0.225.1 here), the binary
	// it runs may be newer (0.225.2): docs/tools.md.
	Package: "@factory/cli", Observed: Version,
	Marks: func(e *env.Env, _ string) []string { return []string{Dir(e)} },
	// --settings FILE is merged above every level for one process ✓: it
	// carries a copy of the entry with the relay's base URL.
	Headless: &tool.Headless{Redirect: tool.RedirectSettings,
		Args: []string{"exec", "--settings", "{settings}", "-m", "{model}", "{prompt}"},
		Env:  []string{AirgapVar + "=true"}},
}

// impl is this package's implementation of the interfaces the frameworks
// declare, one file per framework (read.go, plan.go, checks.go, verify.go).
type impl struct{}
