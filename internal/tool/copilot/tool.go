// Package copilot is GitHub Copilot CLI, which takes its gateway from its
// environment only: setup keeps its variables in a managed block of the
// user's shell profile (internal/format/shellprofile), with the user's consent
// (--shell-profile), or prints the lines to add; discovery reads the
// environment and that block.
package copilot

import (
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/shell"
	"github.com/keydoctor/keydoctor/internal/tool"
)

// ID is the tool's id: --tools, --tool, the JSON documents' "tool".
const ID gateway.ToolID = "copilot"

// Owner names keydoctor's block in the shell profile.
const Owner = "copilot"

// Tool is the description every framework reads (internal/tool.Tool);
// its Impl holds what this package implements of their interfaces.
var Tool = tool.Tool{
	Impl:    impl{},
	Options: []tool.Option{profileOption, typeOption, keyOption},
	Tool: gateway.Tool{ID: ID, Title: "GitHub Copilot CLI", Protocol: gateway.Chat,
		BaseHasVersion: true, Auth: gateway.AuthBearer},
	Setup:   true,
	Format:  tool.FormatOwn,
	Runtime: tool.Node,
	Files: func(e *env.Env, _ string) []tool.File {
		if p := Profile(e); p != "" {
			return []tool.File{{Role: "profile", Path: p, Syntax: tool.ShellProfile}}
		}
		return nil
	},
	Binary:  "copilot",
	Package: "@github/copilot", Observed: Observed,
	Marks:   func(e *env.Env, _ string) []string { return []string{Dir(e)} },
	HomeVar: HomeVar,
	// The provider's variables beat nothing but themselves: the turn gets
	// the relay as its base URL and, offline, contacts nothing else.
	Headless: &tool.Headless{Redirect: tool.RedirectEnv, BaseEnv: BaseURL,
		Args: []string{"-p", "{prompt}", "--allow-all-tools", "-s"},
		Env:  []string{Offline + "=true", "COPILOT_AUTO_UPDATE=false"}},
}

// Profile is the shell profile the block is kept in ("" for cmd, which
// reads none).
func Profile(e *env.Env) string { return shell.Of(e).ProfilePath(e) }

// impl is this package's implementation of the interfaces the frameworks
// declare, one file per framework (read.go, plan.go, checks.go, verify.go).
type impl struct{}

// rule is the wire rule of a provider type: anthropic's base carries no
// /v1 (it posts {base}/v1/messages with x-api-key), openai's carries it
// (chat completions, or the Responses API with WireAPI responses), both
// observed.
func rule(typ, wire string) gateway.Tool {
	t := Tool.Tool
	switch {
	case typ == TypeAnthropic:
		t.Protocol, t.BaseHasVersion, t.Auth = gateway.Messages, false, gateway.AuthXAPIKey
	case wire == WireResponses:
		t.Protocol = gateway.Responses
	}
	return t
}
