package anthropic

import (
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/tool"
)

// ID is the tool's id: --tools, --tool, the JSON documents' "tool".
const ID gateway.ToolID = "anthropic"

// Tool is the description every framework reads (internal/tool.Tool);
// its Impl holds what this package implements of their interfaces.
var Tool = tool.Tool{
	Impl: impl{},
	Tool: gateway.Tool{ID: ID, Title: "Anthropic SDK", Protocol: gateway.Messages,
		BaseHasVersion: false, Auth: gateway.AuthXAPIKey},
	Format: tool.FormatShell,
	Vars:   &tool.Vars{BaseURL: BaseURL, Key: APIKey, AltKey: AuthToken, Model: Model},
}

// impl is this package's implementation of the interfaces the frameworks
// declare, one file per framework (read.go, plan.go, checks.go, verify.go).
type impl struct{}
