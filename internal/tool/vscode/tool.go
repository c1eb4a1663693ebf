package vscode

import (
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/keydoctor/keydoctor/internal/tool/cline"
)

// ID is the tool's id: --tools, --tool, the JSON documents' "tool".
const ID gateway.ToolID = "vscode"

// Tool is the description every framework reads (internal/tool.Tool);
// its Impl holds what this package implements of their interfaces.
var Tool = tool.Tool{
	Impl: impl{},
	// Cline's MCP entry is written in each editor's Cline extension.
	Options: []tool.Option{cline.MCPNameOption, cline.MCPCommandOption, fixOption},
	// The MCP server entry carries the gateway root, as .env does.
	Tool: gateway.Tool{ID: ID, Title: "Cline (VS Code)", Protocol: gateway.Chat,
		BaseHasVersion: false, Auth: gateway.AuthBearer},
	Setup:   true,
	MCPOnly: true,
	Format:  tool.FormatOwn,
	Runtime: tool.Node,
	// Its facts were read in the extension's source by version
	// (versions.go); the installed extension's package.json says which.
	Extension:     Extension,
	Observed:      Observed,
	ExtensionDirs: ExtensionDirs,
	Files: func(e *env.Env, _ string) []tool.File {
		var out []tool.File
		for _, ed := range Editors(e) {
			out = append(out, tool.File{Role: ed.Name + " settings", Path: ed.VSCodeSettings(), Syntax: tool.JSONC},
				tool.File{Role: ed.Name + " mcp", Path: ed.ClineMCP(), Syntax: tool.JSON})
		}
		return out
	},
	Marks: func(e *env.Env, _ string) []string {
		var out []string
		for _, ed := range Editors(e) {
			out = append(out, ed.ClineStorage()) // exists once Cline ran in that editor
		}
		return out
	},
}

// impl is this package's implementation of the interfaces the frameworks
// declare, one file per framework (read.go, plan.go, checks.go, verify.go).
type impl struct{}
