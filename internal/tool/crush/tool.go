// Package crush is Charm's Crush: a provider in its JSON config, the
// model selected by models.large, with the /v1 rule of the provider's
// type (docs/tools.md, "Crush").
package crush

import (
	"path/filepath"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/tool"
)

// ID is the tool's id: --tools, --tool, the JSON documents' "tool".
const ID gateway.ToolID = "crush"

// Tool is the description every framework reads (internal/tool.Tool);
// its Impl holds what this package implements of their interfaces. Its
// wire rule is its default provider type's, openai-compat; a resolved
// anthropic or openai provider carries its own (Wires).
var Tool = tool.Tool{
	Impl:    impl{},
	Options: []tool.Option{typeOption, authOption},
	Tool:    Wires[TypeCompat],
	Setup:   true,
	Format:  tool.FormatOwn,
	Runtime: tool.Go,
	Files: func(e *env.Env, project string) []tool.File {
		var fs []tool.File
		if p := System(e); p != "" {
			fs = append(fs, tool.File{Role: "system", Path: p, Syntax: tool.JSON, System: true})
		}
		fs = append(fs, tool.File{Role: "global", Path: Global(e), Syntax: tool.JSON},
			tool.File{Role: "data", Path: Data(e), Syntax: tool.JSON})
		for _, p := range ProjectFiles(project) {
			role := "project"
			if p == Workspace(project) {
				role = "workspace"
			}
			fs = append(fs, tool.File{Role: role, Path: p, Syntax: tool.JSON})
		}
		return fs
	},
	Binary: "crush",
	// Its npm package reports the version a user runs. Observed stays
	// empty: the facts were seen with a source build (commit 37f36e9,
	// after v0.90.0) that calls itself "devel", no release to compare with.
	Package: "@charmland/crush",
	Marks:   func(e *env.Env, _ string) []string { return []string{GlobalDir(e), filepath.Dir(Data(e))} },
	// CRUSH_GLOBAL_CONFIG and CRUSH_GLOBAL_DATA point the turn at copies
	// whose provider's base_url is the relay (verify.go); the turn runs in
	// an empty directory, where Crush creates its .crush data directory.
	// Crush has no switch for its update check (api.github.com, on every
	// start): a proxy on a closed loopback port refuses it, and Go never
	// proxies the loopback relay.
	Headless: &tool.Headless{Redirect: tool.RedirectSettings,
		Args: []string{"run", "--quiet", "{prompt}"},
		Env: []string{"CRUSH_DISABLE_PROVIDER_AUTO_UPDATE=1", "CRUSH_DISABLE_METRICS=1", "DO_NOT_TRACK=1",
			"HTTPS_PROXY=" + closedProxy, "HTTP_PROXY=" + closedProxy, "NO_PROXY=127.0.0.1,localhost"}},
}

// closedProxy is a proxy nothing listens on (the discard port of the
// loopback): every request but the relay's fails at once.
const closedProxy = "http://127.0.0.1:9"

// impl is this package's implementation of the interfaces the frameworks
// declare, one file per framework (read.go, plan.go, checks.go, verify.go).
type impl struct{}
