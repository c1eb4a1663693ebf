// Package all is the one list of the tools keydoctor knows, in display
// order: importing it registers each tool package with internal/tool, as
// restic's backend/all lists its storage backends. Every list of tools a
// user reads (help, errors, completion, the README, docs/cli, the man
// pages) is generated from this one. Adding a tool is adding its package
// here (docs/architecture.md, "Adding a tool").
package all

import (
	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/keydoctor/keydoctor/internal/tool/anthropic"
	"github.com/keydoctor/keydoctor/internal/tool/claude"
	"github.com/keydoctor/keydoctor/internal/tool/cline"
	"github.com/keydoctor/keydoctor/internal/tool/codex"
	"github.com/keydoctor/keydoctor/internal/tool/copilot"
	"github.com/keydoctor/keydoctor/internal/tool/dotenv"
	"github.com/keydoctor/keydoctor/internal/tool/gemini"
	"github.com/keydoctor/keydoctor/internal/tool/kilo"
	"github.com/keydoctor/keydoctor/internal/tool/openai"
	"github.com/keydoctor/keydoctor/internal/tool/openclaw"
	"github.com/keydoctor/keydoctor/internal/tool/opencode"
	"github.com/keydoctor/keydoctor/internal/tool/pi"
	"github.com/keydoctor/keydoctor/internal/tool/qwen"
	"github.com/keydoctor/keydoctor/internal/tool/vscode"
)

// Tools are every tool, in display order.
var Tools = []tool.Tool{
	claude.Tool, codex.Tool, cline.Tool, vscode.Tool, qwen.Tool, opencode.Tool,
	dotenv.Tool, gemini.Tool, openai.Tool, anthropic.Tool,
	pi.Tool,
	copilot.Tool,
	openclaw.Tool,
	kilo.Tool,
}

func init() {
	for _, t := range Tools {
		tool.Register(t)
	}
}
