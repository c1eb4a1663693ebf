package opencode

import (
	"path/filepath"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/tool"
)

// ID is the tool's id: --tools, --tool, the JSON documents' "tool".
const ID gateway.ToolID = "opencode"

// Tool is the description every framework reads (internal/tool.Tool);
// its Impl holds what this package implements of their interfaces.
var Tool = tool.Tool{
	Impl:    impl{},
	Options: []tool.Option{authOption},
	Tool: gateway.Tool{ID: ID, Title: "OpenCode", Protocol: gateway.Chat,
		BaseHasVersion: true, Auth: gateway.AuthBearer},
	Setup:   true,
	Format:  tool.FormatOwn,
	Runtime: tool.Node,
	Files: func(e *env.Env, project string) []tool.File {
		dir := filepath.Dir(Config(e))
		fs := []tool.File{
			{Role: "global-legacy", Path: filepath.Join(dir, "config.json"), Syntax: tool.JSONC},
			{Role: "config", Path: Config(e), Syntax: tool.JSONC},
			{Role: "global-jsonc", Path: filepath.Join(dir, "opencode.jsonc"), Syntax: tool.JSONC},
		}
		if v := e.Getenv(ConfigVar); v != "" {
			fs = append(fs, tool.File{Role: "custom", Path: v, Syntax: tool.JSONC})
		}
		for _, p := range ProjectFiles(project) {
			fs = append(fs, tool.File{Role: "project", Path: p, Syntax: tool.JSONC})
		}
		return append(fs, tool.File{Role: "auth", Path: Auth(e), Syntax: tool.JSON})
	},
	Binary:  "opencode",
	Package: "opencode-ai", Observed: Observed,
	Marks: func(e *env.Env, _ string) []string { return []string{filepath.Dir(Config(e))} },
	// OPENCODE_CONFIG_CONTENT beats every config file and is merged into
	// them: it carries only the provider's baseURL ({content}).
	Headless: &tool.Headless{Redirect: tool.RedirectContent, BaseEnv: ContentVar,
		Args: []string{"run", "{prompt}"},
		Env:  []string{"OPENCODE_DISABLE_AUTOUPDATE=1", "OPENCODE_DISABLE_SHARE=1", "OPENCODE_DISABLE_MODELS_FETCH=1", "OPENCODE_DISABLE_LSP_DOWNLOAD=1"}},
}

// impl is this package's implementation of the interfaces the frameworks
// declare, one file per framework (read.go, plan.go, checks.go, verify.go).
type impl struct{}
