// Package discover reads every place a tool takes its base URL, key and
// model from (design.md §1) and resolves, per tool, the effective value
// of each part of the triple with its source and the values it shadows.
// It reads only through an *env.Env and the paths of internal/toolpaths,
// and never touches the network.
package discover

import (
	"path/filepath"

	"github.com/keydoctor/keydoctor/internal/env"
)

// Options say where to look.
type Options struct {
	// Project is the directory whose .env and .claude/ are read.
	Project string
	// Vars are the preset's variable names (.env, MCP server env):
	// TAOTOKEN_BASE_URL, TAOTOKEN_API_KEY, TAOTOKEN_MODEL by default.
	VarBaseURL, VarKey, VarModel string
}

// Snapshot is everything discovered: raw per-tool readings, the problems
// met while reading, and the resolved triple of each configured tool.
type Snapshot struct {
	Env     *env.Env
	Project string
	Vars    struct{ BaseURL, Key, Model string }

	Claude  Claude
	Codex   Codex
	Cline   Cline
	Editors []EditorSettings
	DotEnv  DotEnv

	// Problems are files a tool would reject: syntax errors (with line and
	// column), unreadable files, values of the wrong type.
	Problems []Problem
	// Paths are every file looked at, with the tool that reads it.
	Paths []PathInfo
	// Tools are the resolved triples, in gateway.Tools display order.
	Tools []Tool
}

// PathInfo is one file discovery looked at.
type PathInfo struct {
	Path string
	Tool string
}

// Discover reads everything and resolves every tool.
func Discover(e *env.Env, o Options) *Snapshot {
	if o.VarBaseURL == "" {
		o.VarBaseURL, o.VarKey, o.VarModel = "TAOTOKEN_BASE_URL", "TAOTOKEN_API_KEY", "TAOTOKEN_MODEL"
	}
	project := o.Project
	if project == "" {
		project = "."
	}
	if abs, err := filepath.Abs(project); err == nil {
		project = abs
	}
	s := &Snapshot{Env: e, Project: project}
	s.Vars.BaseURL, s.Vars.Key, s.Vars.Model = o.VarBaseURL, o.VarKey, o.VarModel
	s.readClaude()
	s.readCodex()
	s.readCline()
	s.readEditors()
	s.readDotEnv()
	s.resolve()
	return s
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
