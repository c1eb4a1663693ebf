// Package kilo is Kilo Code's CLI (npm @kilocode/cli): OpenCode's
// provider-style JSONC config, read and written by internal/format/providerjson,
// speaking OpenAI chat completions or Anthropic messages as its provider's
// npm package says.
package kilo

import (
	"path/filepath"
	"slices"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/tool"
)

// ID is the tool's id: --tools, --tool, the JSON documents' "tool".
const ID gateway.ToolID = "kilo"

// AnthropicWire is the wire rule of an @ai-sdk/anthropic provider: POST
// {baseURL}/messages with x-api-key, so its baseURL ends in /v1 too
// (7.7.7, docs/tools.md).
var AnthropicWire = gateway.Tool{ID: ID, Title: "Kilo Code's anthropic provider", Protocol: gateway.Messages,
	BaseHasVersion: true, Auth: gateway.AuthXAPIKey}

// Tool is the description every framework reads (internal/tool.Tool);
// its Impl holds what this package implements of their interfaces.
var Tool = tool.Tool{
	Impl:    impl{},
	Options: []tool.Option{authOption, protocolOption},
	Tool: gateway.Tool{ID: ID, Title: "Kilo Code", Protocol: gateway.Chat,
		BaseHasVersion: true, Auth: gateway.AuthBearer},
	Setup:   true,
	Format:  tool.FormatOwn,
	Runtime: tool.Node,
	Files: func(e *env.Env, project string) []tool.File {
		config := Config(e)
		var fs []tool.File
		for _, n := range globalNames {
			p := filepath.Join(Dir(e), n)
			switch {
			case p == config:
				fs = append(fs, tool.File{Role: "config", Path: p, Syntax: tool.JSONC})
			case regular(p):
				fs = append(fs, tool.File{Role: "global", Path: p, Syntax: tool.JSONC})
			}
		}
		if v := e.Getenv(ConfigVar); v != "" {
			fs = append(fs, tool.File{Role: "custom", Path: v, Syntax: tool.JSONC})
		}
		for _, p := range slices.Concat(ProjectFiles(project), HomeFiles(e)) {
			fs = append(fs, tool.File{Role: "project", Path: p, Syntax: tool.JSONC})
		}
		return fs
	},
	Binary:   "kilo",
	Package:  "@kilocode/cli", // its package.json says the version doctor judges by
	Observed: Observed,
	Marks:    func(e *env.Env, _ string) []string { return []string{Dir(e)} },
	// KILO_CONFIG_CONTENT beats every config file and is merged into them:
	// it carries the provider's baseURL and enabled_providers ({content}).
	Headless: &tool.Headless{Redirect: tool.RedirectContent, BaseEnv: ContentVar,
		Args: []string{"run", "{prompt}"},
		Env:  []string{"KILO_DISABLE_MODELS_FETCH=1", "KILO_TELEMETRY_LEVEL=off", "KILO_DISABLE_AUTOUPDATE=1", "KILO_DISABLE_LSP_DOWNLOAD=1"}},
}

// impl is this package's implementation of the interfaces the frameworks
// declare, one file per framework (read.go, plan.go, checks.go, verify.go).
type impl struct{}
