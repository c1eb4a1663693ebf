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

// FromSnapshot is the triple id's files say, as s read them: the tool's
// own Reader when its package has one, else the triple discovery
// resolved for it (FromOwn).
func FromSnapshot(s *discover.Snapshot, id gateway.ToolID) (Configured, error) {
	t, ok := Runs(id)
	if !ok {
		return Configured{}, fmt.Errorf("verify does not run %s", id)
	}
	if r, ok := t.Impl.(Reader); ok {
		return r.VerifyRead(s, t)
	}
	return FromOwn(s, t)
}

// FromOwn is the triple discovery resolved for t, with the files it
// came from.
func FromOwn(s *discover.Snapshot, t tool.Tool) (Configured, error) {
	e := s.Env
	c := Configured{Tool: t.ID}
	own, ok := s.Own(t.ID)
	if !ok {
		return c, fmt.Errorf("%s is not configured for a gateway", t.Title)
	}
	for _, f := range t.FilesOf(e, s.Project) {
		if err := Fatal(s, f.Path, true); err != nil {
			return c, err
		}
		if _, err := os.Stat(f.Path); err == nil {
			c.Files = append(c.Files, f.Path)
		}
	}
	c.Base, c.BaseSource = Value(e, own.Base)
	c.Model, c.ModelSource = Value(e, own.Model)
	c.BackgroundModel, c.BackgroundModelSource = Value(e, own.BackgroundModel)
	c.Key, c.KeySource = Value(e, own.Key)
	if c.Key != "" {
		c.Auth = own.Auth
	}
	return c, nil
}

// Value is a discovered value and where it came from, as verify's report
// names it (discover.Source.Named); an empty or default value has none.
func Value(e *env.Env, v discover.Value) (string, string) {
	if v.Value == "" || v.Source.Default {
		return "", ""
	}
	return v.Value, v.Source.Named(e)
}

// FileNotes are the problems found in path, as notes; ignored says what
// the tool does with a file that does not parse.
func FileNotes(s *discover.Snapshot, path, ignored string) []string {
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

// Opened is the start of a tool's Configured: an error when its file is
// missing (missing says what that means) or unusable.
func Opened(s *discover.Snapshot, id gateway.ToolID, path string, exists bool, missing string) (Configured, error) {
	c := Configured{Tool: id, Auth: gateway.AuthBearer}
	if !exists {
		return c, fmt.Errorf("%s does not exist: %s", s.Env.Tilde(path), missing)
	}
	if err := Fatal(s, path, true); err != nil {
		return c, err
	}
	c.Files = append(c.Files, path)
	return c, nil
}

// Fatal is the first problem of path (of those that make the file
// unusable, with unusableOnly) as an error: a file the tool refuses to
// load stops the turn before it starts.
func Fatal(s *discover.Snapshot, path string, unusableOnly bool) error {
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

// Reader is a tool's own reading of what decides its turn beyond the
// triple discovery resolved for it (settings layers the turn must repeat,
// the selected provider, what stops the tool before it starts, notes). A
// tool whose package implements none runs with that triple (FromOwn).
type Reader interface {
	VerifyRead(s *discover.Snapshot, t tool.Tool) (Configured, error)
}
