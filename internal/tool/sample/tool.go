// Package sample is a tool that exists for the conformance suite only: an
// OpenAI-compatible CLI keeping its triple in a JSON settings file at fixed
// keys, on each OS's own path. It is the proof that a tool needing no new
// file format is one package: its description, its files per OS, its
// facts, and the generic reader and planner it hands its files to. It is
// not in internal/tool/all's list (no user has it); the suite registers it.
package sample

import (
	"path/filepath"

	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/keydoctor/keydoctor/writers"
)

// ID is the tool's id.
const ID gateway.ToolID = "sample"

// Its keys (a real tool's would each be recorded in docs/tools.md with the
// version they were observed with; a sample has none).
const (
	BaseURL = "provider.baseUrl"
	APIKey  = "provider.apiKey"
	Model   = "model"
	// Kind is a setting the tool needs beside the triple: which provider
	// API it speaks.
	Kind, KindOpenAI = "provider.kind", "openai-compatible"
	// BaseEnv overrides the base URL for one run: verify's redirect.
	BaseEnv = "SAMPLE_BASE_URL"
)

// Dir is where the tool keeps its settings: $XDG_CONFIG_HOME/sample on
// Linux, ~/Library/Application Support/Sample on macOS,
// %APPDATA%\Sample on Windows.
func Dir(e *env.Env) string {
	switch e.GOOS {
	case "darwin":
		return filepath.Join(e.Home, "Library", "Application Support", "Sample")
	case "windows":
		if v := e.Getenv("APPDATA"); v != "" {
			return filepath.Join(v, "Sample")
		}
		return filepath.Join(e.Home, "AppData", "Roaming", "Sample")
	}
	return filepath.Join(e.ConfigHome(), "sample")
}

// Tool is the description every framework reads.
var Tool = tool.Tool{
	Impl: impl{},
	Tool: gateway.Tool{ID: ID, Title: "Sample CLI", Protocol: gateway.Chat,
		BaseHasVersion: true, Auth: gateway.AuthBearer},
	Setup:   true,
	Format:  tool.FormatJSONKey,
	Runtime: tool.Node,
	Files: func(e *env.Env, _ string) []tool.File {
		return []tool.File{{Role: "settings", Path: filepath.Join(Dir(e), "settings.json"), Syntax: tool.JSON}}
	},
	Keys: &tool.Keys{
		Base:  tool.Place{File: "settings", Key: BaseURL},
		Key:   tool.Place{File: "settings", Key: APIKey},
		Model: tool.Place{File: "settings", Key: Model},
		Fixed: []tool.Fixed{{Place: tool.Place{File: "settings", Key: Kind}, Value: KindOpenAI}},
	},
	Binary:   "sample",
	Marks:    func(e *env.Env, _ string) []string { return []string{Dir(e)} },
	Headless: &tool.Headless{Args: []string{"--print", "{prompt}"}, Redirect: tool.RedirectEnv, BaseEnv: BaseEnv},
}

// impl hands the files to the generic JSON-key reader and planner.
type impl struct{}

// ReadFiles reads settings.json with the generic reader.
func (impl) ReadFiles(s *discover.Snapshot, t tool.Tool) { discover.JSONKeys().ReadFiles(s, t) }

// Resolve is the triple the generic reader resolves.
func (impl) Resolve(s *discover.Snapshot, t tool.Tool) []discover.Tool {
	return discover.JSONKeys().Resolve(s, t)
}

// PlanFiles writes settings.json with the generic planner.
func (impl) PlanFiles(o writers.Options, t tool.Tool) ([]*writers.Change, error) {
	return writers.JSONKeys{}.PlanFiles(o, t)
}
