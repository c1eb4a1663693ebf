// Package discover reads every place a tool takes its base URL, key and
// model from (docs/tools.md) and resolves, per tool, the effective value
// of each part of the triple with its source and the values it shadows.
// Where the files are and which keys hold what come from the tools'
// descriptions (internal/tool); each tool's package reads them (its
// Impl's Reader) with the engines here (JSON with positions, TOML lines,
// .env, MCP server lists, the generic JSON-key reader). It reads only
// through an *env.Env and never touches the network.
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
	// Project is the directory whose .env and project settings are read.
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

	// Stored are keys the tools' files hold beyond their triples.
	Stored []StoredKey

	state map[gateway.ToolID]any // what each tool's reader kept (State)
}

// PathInfo is one file discovery looked at.
type PathInfo struct {
	Path string
	Tool string
}

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
		if r, ok := readerOf(t); ok {
			r.ReadFiles(s, t)
		}
	}
	for _, t := range all {
		if r, ok := readerOf(t); ok {
			s.Tools = append(s.Tools, r.Resolve(s, t)...)
		}
	}
	for i := range s.Tools {
		t := &s.Tools[i]
		if t.Auth == "" && t.Key.Set() {
			t.Auth = AuthFor(t.KeyName, t.Rule)
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

// ShellOver is name as a tool that loads vars from a file (a .env)
// without overriding its environment has it: the shell's value, beating
// the file's, else the file's, else the shell's (set or not).
func (s *Snapshot) ShellOver(vars map[string]Value, name string) Value {
	fileV, inFile := vars[name]
	shell := s.Shell(name)
	switch {
	case inFile && shell.Set():
		shell.Overrides = []Value{fileV}
		return shell
	case inFile:
		return fileV
	}
	return shell
}

func (s *Snapshot) AddProblem(p Problem) { s.Problems = append(s.Problems, p) }

func (s *Snapshot) NotePath(path, tool string) { s.Paths = append(s.Paths, PathInfo{path, tool}) }

// Tool returns the resolved tool with that id, if configured.
func (s *Snapshot) Tool(id string) (*Tool, bool) {
	for i := range s.Tools {
		if string(s.Tools[i].ID) == id {
			return &s.Tools[i], true
		}
	}
	return nil, false
}

// Own is a tool's own triple: what its own settings file (or the preset's
// variables in .env) gives it, never an MCP server entry sharing the id; a
// tool with an OwnReader says itself (one resolved even when only the
// shell configures it). The triple is what verify runs a turn against.
func (s *Snapshot) Own(id gateway.ToolID) (Tool, bool) {
	desc, ok := tool.Lookup(string(id))
	if !ok {
		return Tool{}, false
	}
	if o, ok := desc.Impl.(OwnReader); ok {
		return o.Own(s, desc)
	}
	for _, t := range s.Tools {
		if t.ID == id && !t.MCP {
			return t, true
		}
	}
	return Tool{}, false
}

// ToolIDs are the ids of the tools resolved, Elsewhere's too, in order
// (one per instance).
func (s *Snapshot) ToolIDs() []gateway.ToolID {
	var ids []gateway.ToolID
	for _, t := range append(s.Tools, s.Elsewhere...) {
		ids = append(ids, t.ID)
	}
	return ids
}
