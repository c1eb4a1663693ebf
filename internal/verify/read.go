package verify

import (
	"fmt"
	"strings"

	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
)

// Read is the triple tool's files say. The files are read once, by
// discover (the reading doctor and status use): verify only decides
// what stops a turn and what to note.
func Read(e *env.Env, tool gateway.ToolID, project string) (Configured, error) {
	return FromSnapshot(discover.Discover(e, discover.Options{Project: project}), tool)
}

// FromSnapshot is the triple tool's files say, as s read them.
func FromSnapshot(s *discover.Snapshot, tool gateway.ToolID) (Configured, error) {
	switch tool {
	case gateway.Claude:
		return fromClaude(s), nil
	case gateway.Codex:
		return fromCodex(s)
	case gateway.Cline:
		return fromCline(s)
	}
	return Configured{}, fmt.Errorf("verify does not run %s", tool)
}

// source is where a value came from, as verify's report names it:
// "~/.codex/config.toml model", "$TAOTOKEN_API_KEY"; "" for a tool's
// built-in default or nothing.
func source(e *env.Env, src discover.Source) string {
	switch {
	case src.Default:
		return ""
	case src.File == "":
		if src.Key == "" {
			return ""
		}
		return "$" + src.Key
	case src.Key == "":
		return e.Tilde(src.File)
	}
	return e.Tilde(src.File) + " " + src.Key
}

// value is a discovered value and its source; the source of an empty or
// default value is "".
func value(e *env.Env, v discover.Value) (string, string) {
	if v.Value == "" || v.Source.Default {
		return "", ""
	}
	return v.Value, source(e, v.Source)
}

// fileNotes are the problems found in path, as notes.
func fileNotes(s *discover.Snapshot, path, ignored string) []string {
	var notes []string
	for _, p := range s.ProblemsIn(path) {
		if msg, ok := strings.CutPrefix(p.Message, "not valid JSON: "); ok {
			notes = append(notes, fmt.Sprintf("%s does not parse (%s): %s", s.Env.Tilde(p.File), msg, ignored))
			continue
		}
		notes = append(notes, fmt.Sprintf("%s: %s", p.At(s.Env), p.Message))
	}
	return notes
}

// fatal is the first problem of path as an error: a file the tool
// refuses to load stops the turn before it starts.
func fatal(s *discover.Snapshot, path string, syntaxOnly bool) error {
	for _, p := range s.ProblemsIn(path) {
		syntax := strings.HasPrefix(p.Message, "not valid ") || strings.HasPrefix(p.Message, "cannot read ")
		if syntaxOnly && !syntax {
			continue
		}
		if msg, ok := strings.CutPrefix(p.Message, "not valid TOML: "); ok && p.Line > 0 {
			return fmt.Errorf("%s does not parse at line %d, column %d: %s", s.Env.Tilde(p.File), p.Line, p.Col, msg)
		}
		if msg, ok := strings.CutPrefix(p.Message, "not valid JSON: "); ok {
			return fmt.Errorf("%s does not parse: %s", p.At(s.Env), msg)
		}
		return fmt.Errorf("%s: %s", p.At(s.Env), p.Message)
	}
	return nil
}
