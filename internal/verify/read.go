package verify

import (
	"fmt"
	"os"

	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/tool"
)

// Read is the triple tool's files say. The files are read once, by
// discover (the reading doctor and status use): verify only decides
// what stops a turn and what to note.
func Read(e *env.Env, id gateway.ToolID, project string) (Configured, error) {
	return FromSnapshot(discover.Discover(e, discover.Options{Project: project}), id)
}

// readers read what decides a turn of a id of a format beyond its
// discovered triple (layers, providers, notes); a id of another format
// runs with the triple discovery resolved for it (fromOwn).
var readers = map[tool.Format]func(*discover.Snapshot) (Configured, error){
	tool.FormatClaude:   func(s *discover.Snapshot) (Configured, error) { return fromClaude(s), nil },
	tool.FormatCodex:    fromCodex,
	tool.FormatCline:    fromCline,
	tool.FormatOpenCode: fromOpenCode,
}

// FromSnapshot is the triple id's files say, as s read them.
func FromSnapshot(s *discover.Snapshot, id gateway.ToolID) (Configured, error) {
	t, ok := Runs(id)
	if !ok {
		return Configured{}, fmt.Errorf("verify does not run %s", id)
	}
	if read, ok := readers[t.Format]; ok {
		return read(s)
	}
	return fromOwn(s, t)
}

// fromOwn is the triple discovery resolved for t, with the files it
// came from.
func fromOwn(s *discover.Snapshot, t tool.Tool) (Configured, error) {
	e := s.Env
	c := Configured{Tool: t.ID}
	own, ok := s.Own(t.ID)
	if !ok {
		return c, fmt.Errorf("%s is not configured for a gateway", t.Title)
	}
	for _, f := range t.FilesOf(e, s.Project) {
		if err := fatal(s, f.Path, true); err != nil {
			return c, err
		}
		if _, err := os.Stat(f.Path); err == nil {
			c.Files = append(c.Files, f.Path)
		}
	}
	c.Base, c.BaseSource = value(e, own.Base)
	c.Model, c.ModelSource = value(e, own.Model)
	c.BackgroundModel, c.BackgroundModelSource = value(e, own.BackgroundModel)
	c.Key, c.KeySource = value(e, own.Key)
	if c.Key != "" {
		c.Auth = own.Auth
	}
	return c, nil
}

// value is a discovered value and where it came from, as verify's report
// names it (discover.Source.Named); an empty or default value has none.
func value(e *env.Env, v discover.Value) (string, string) {
	if v.Value == "" || v.Source.Default {
		return "", ""
	}
	return v.Value, v.Source.Named(e)
}

// fileNotes are the problems found in path, as notes; ignored says what
// the id does with a file that does not parse.
func fileNotes(s *discover.Snapshot, path, ignored string) []string {
	var notes []string
	for _, p := range s.ProblemsIn(path) {
		if p.Unusable && p.Line > 0 {
			notes = append(notes, fmt.Sprintf("%s does not parse (line %d, column %d: %s): %s", s.Env.Tilde(p.File), p.Line, p.Col, p.Message, ignored))
			continue
		}
		notes = append(notes, fmt.Sprintf("%s: %s", p.At(s.Env), p.Message))
	}
	return notes
}

// opened is the start of a id's Configured: an error when its file is
// missing (missing says what that means) or unusable.
func opened(s *discover.Snapshot, id gateway.ToolID, path string, exists bool, missing string) (Configured, error) {
	c := Configured{Tool: id, Auth: gateway.AuthBearer}
	if !exists {
		return c, fmt.Errorf("%s does not exist: %s", s.Env.Tilde(path), missing)
	}
	if err := fatal(s, path, true); err != nil {
		return c, err
	}
	c.Files = append(c.Files, path)
	return c, nil
}

// fatal is the first problem of path (of those that make the file
// unusable, with unusableOnly) as an error: a file the tool refuses to
// load stops the turn before it starts.
func fatal(s *discover.Snapshot, path string, unusableOnly bool) error {
	for _, p := range s.ProblemsIn(path) {
		switch {
		case unusableOnly && !p.Unusable:
			continue
		case p.Unusable && p.Line > 0:
			return fmt.Errorf("%s does not parse at line %d, column %d: %s", s.Env.Tilde(p.File), p.Line, p.Col, p.Message)
		}
		return fmt.Errorf("%s: %s", p.At(s.Env), p.Message)
	}
	return nil
}
