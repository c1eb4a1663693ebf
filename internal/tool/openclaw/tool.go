package openclaw

import (
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/tool"
)

// ID is the tool's id: --tools, --tool, the JSON documents' "tool".
const ID gateway.ToolID = "openclaw"

// Tool is the description every framework reads (internal/tool.Tool). The
// wire rule is that of the default api, openai-completions; a provider of
// another api is resolved with its own (Wire).
var Tool = tool.Tool{
	Impl:    impl{},
	Options: []tool.Option{apiOption, authOption},
	Tool: gateway.Tool{ID: ID, Title: "OpenClaw", Protocol: gateway.Chat,
		BaseHasVersion: true, Auth: gateway.AuthBearer},
	Setup:    true,
	Format:   tool.FormatOwn,
	Runtime:  tool.Node,
	Package:  "openclaw", // its package.json says the version doctor judges by
	Observed: Observed,
	Files: func(e *env.Env, _ string) []tool.File {
		return []tool.File{{Role: "config", Path: Config(e), Syntax: tool.JSON5}}
	},
	Binary: "openclaw",
	Marks:  func(e *env.Env, _ string) []string { return []string{Dir(e)} },
	// agent exec runs one turn in a temporary state directory; --config
	// loads a copy of the config whose provider points at the relay.
	Headless: &tool.Headless{Redirect: tool.RedirectSettings,
		Args: []string{"agent", "exec", "--config", "{settings}", "{prompt}"},
		Env:  []string{"OPENCLAW_NO_AUTO_UPDATE=1"}},
}

// impl is this package's implementation of the interfaces the frameworks
// declare, one file per framework (read.go, plan.go, checks.go, verify.go).
type impl struct{}
