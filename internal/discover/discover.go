// Package discover reads every place a tool takes its base URL, key and
// model from (docs/tools.md) and resolves, per tool, the effective value
// of each part of the triple with its source and the values it shadows.
// Where the files are and which keys hold what come from the tools'
// descriptions (internal/tool); this package holds one reader per file
// format (adapters). It reads only through an *env.Env and never touches
// the network.
package discover

import (
	"path/filepath"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/keydoctor/keydoctor/templates"
)

// Options say where to look.
type Options struct {
	// Project is the directory whose .env and .claude/ are read.
	Project string
	// Vars are the preset's variable names (.env, MCP server env); empty:
	// the default preset's.
	Vars tool.Vars
}

// OptionsFor is where discovery looks for a profile: the project, and the
// variable names of the profile's preset.
func OptionsFor(p gateway.Profile, project string) Options {
	return Options{Project: project, Vars: tool.Vars{BaseURL: p.VarBaseURL, Key: p.VarKey, Model: p.VarModel}}
}

// Snapshot is everything discovered: raw per-tool readings, the problems
// met while reading, and the resolved triple of each configured tool.
type Snapshot struct {
	Env     *env.Env
	Project string
	Vars    tool.Vars

	Claude  Claude
	Codex   Codex
	Cline   Cline
	Editors []EditorSettings
	DotEnv  DotEnv
	Gemini  Gemini
	// OpenCode is OpenCode's config layers and auth.json.
	OpenCode OpenCode

	// Problems are files a tool would reject: syntax errors (with line and
	// column), unreadable files, values of the wrong type.
	Problems []Problem
	// Paths are every file looked at, with the tool that reads it.
	Paths []PathInfo
	// Tools are the resolved triples, in the tools' display order.
	Tools []Tool
	// Elsewhere are tools that deliberately send their requests to a cloud
	// provider, the vendor's login or another provider, and have no gateway
	// triple: what they use is shown, never judged against the gateway.
	Elsewhere []Tool

	keys map[string]*keysFile // what the generic adapter read, by tool id
}

// PathInfo is one file discovery looked at.
type PathInfo struct {
	Path string
	Tool string
}

// adapter reads the files of one format and resolves the triples they
// give a tool of that format. own, when set, is the tool's own triple
// (what verify runs a turn against) when the default (the first resolved
// instance that is not an MCP server entry) does not fit.
type adapter struct {
	read    func(s *Snapshot, t tool.Tool)
	resolve func(s *Snapshot, t tool.Tool) []Tool
	own     func(s *Snapshot, t tool.Tool) (Tool, bool)
}

// adapters are the readers, one per file format of internal/tool.
var adapters = map[tool.Format]adapter{
	tool.FormatClaude:   {read: (*Snapshot).readClaude, resolve: (*Snapshot).resolveClaude, own: (*Snapshot).ownClaude},
	tool.FormatCodex:    {read: (*Snapshot).readCodex, resolve: (*Snapshot).resolveCodex},
	tool.FormatCline:    {read: (*Snapshot).readCline, resolve: (*Snapshot).resolveCline},
	tool.FormatVSCode:   {read: (*Snapshot).readEditors, resolve: (*Snapshot).resolveEditors},
	tool.FormatDotEnv:   {read: (*Snapshot).readDotEnv, resolve: (*Snapshot).resolveDotEnv},
	tool.FormatShell:    {resolve: (*Snapshot).resolveShell},
	tool.FormatJSONKey:  {read: (*Snapshot).readKeys, resolve: (*Snapshot).resolveKeys},
	tool.FormatOpenCode: {read: (*Snapshot).readOpenCode, resolve: (*Snapshot).resolveOpenCode},
	tool.FormatGemini:   {read: (*Snapshot).readGemini, resolve: (*Snapshot).resolveGemini},
}

// Reads reports whether discovery has a reader for a format.
func Reads(f tool.Format) bool { _, ok := adapters[f]; return ok }

// Discover reads everything and resolves every tool.
func Discover(e *env.Env, o Options) *Snapshot {
	if o.Vars == (tool.Vars{}) {
		o.Vars = defaultVars()
	}
	project := o.Project
	if project == "" {
		project = "."
	}
	if abs, err := filepath.Abs(project); err == nil {
		project = abs
	}
	s := &Snapshot{Env: e, Project: project, Vars: o.Vars}
	all := tool.All()
	for _, t := range all {
		if a := adapters[t.Format]; a.read != nil {
			a.read(s, t)
		}
	}
	for _, t := range all {
		if a := adapters[t.Format]; a.resolve != nil {
			s.Tools = append(s.Tools, a.resolve(s, t)...)
		}
	}
	for i := range s.Tools {
		t := &s.Tools[i]
		if t.Auth == "" && t.Key.Set() {
			t.Auth = authFor(t.KeyName, t.Rule)
		}
	}
	s.register()
	return s
}

// defaultVars are the default preset's variable names, as a profile
// loaded with no flags has them.
func defaultVars() tool.Vars {
	v := templates.Default().Vars
	return tool.Vars{BaseURL: v.BaseURL, Key: v.APIKey, Model: v.Model}
}

// Shell is a variable of the process environment as a Value.
func (s *Snapshot) Shell(name string) Value {
	if name == "" {
		return Value{}
	}
	v, ok := s.Env.Lookup(name)
	if !ok {
		return Value{}
	}
	return Value{Value: v, Source: Source{Key: name, Origin: "shell"}}
}

func (s *Snapshot) addProblem(p Problem) { s.Problems = append(s.Problems, p) }

func (s *Snapshot) notePath(path, tool string) { s.Paths = append(s.Paths, PathInfo{path, tool}) }

// Tool returns the resolved tool with that id, if configured.
func (s *Snapshot) Tool(id string) (*Tool, bool) {
	for i := range s.Tools {
		if string(s.Tools[i].ID) == id {
			return &s.Tools[i], true
		}
	}
	return nil, false
}

// Own is a tool's own triple: Claude Code's settings, Codex's config.toml,
// the Cline CLI's providers.json, the preset's variables in .env; never an
// MCP server entry sharing the id. Claude Code is resolved even when only
// the shell configures it (it then reads ANTHROPIC_* from there). The
// triple is what verify runs a turn against.
func (s *Snapshot) Own(id gateway.ToolID) (Tool, bool) {
	desc, ok := tool.Lookup(string(id))
	if !ok {
		return Tool{}, false
	}
	if a := adapters[desc.Format]; a.own != nil {
		return a.own(s, desc)
	}
	for _, t := range s.Tools {
		if t.ID == id && !t.MCP {
			return t, true
		}
	}
	return Tool{}, false
}
