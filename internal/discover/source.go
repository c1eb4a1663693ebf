package discover

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/format/jsonpos"
)

// Source says where a value came from: a file (with the line of its key
// and the key's path inside the file) or an environment variable.
type Source struct {
	File string // absolute path; empty for a variable
	Line int    // 1-based line of the key; 0 when unknown
	Key  string // the key inside the file (env.ANTHROPIC_BASE_URL) or the variable name
	// Origin qualifies a variable: "shell" for the process environment.
	Origin string
	// Default marks a tool's built-in value: nothing configured it.
	Default bool
}

// IsVar reports whether the value came from an environment variable.
func (s Source) IsVar() bool { return s.File == "" && !s.Default && s.Key != "" }

// Display is the source as findings and status print it: the file (home
// as ~) and line, or $VARIABLE.
func (s Source) Display(e *env.Env) string {
	switch {
	case s.Default:
		return "default"
	case s.File == "":
		if s.Key == "" {
			return ""
		}
		return "$" + s.Key
	case s.Line > 0:
		return fmt.Sprintf("%s:%d", e.Tilde(s.File), s.Line)
	default:
		return e.Tilde(s.File)
	}
}

// Named is the file and the key inside it, without the line, as verify's
// report names a source: "~/.config/tool/config.toml model", "$GATEWAY_API_KEY";
// "" for a tool's default.
func (s Source) Named(e *env.Env) string {
	switch {
	case s.Default:
		return ""
	case s.File == "" || s.Key == "":
		return Source{File: s.File, Key: s.Key}.Display(e)
	}
	return e.Tilde(s.File) + " " + s.Key
}

// Where is Display plus the key inside the file, for messages:
// "~/.config/tool/settings.json:4 (env.ANTHROPIC_BASE_URL)".
func (s Source) Where(e *env.Env) string {
	d := s.Display(e)
	if s.File != "" && s.Key != "" {
		return d + " (" + s.Key + ")"
	}
	return d
}

// Value is one part of a tool's triple as the tool will see it, with the
// lower-precedence definitions it shadows.
type Value struct {
	Value  string
	Source Source
	// Overrides are the definitions this one beats, highest first.
	Overrides []Value
}

// Set reports whether anything (file, variable or default) gave a value.
func (v Value) Set() bool { return v.Source.File != "" || v.Source.Key != "" || v.Source.Default }

// Configured reports whether a file or variable (not a default) gave it.
func (v Value) Configured() bool { return v.Set() && !v.Source.Default }

// lineOf is the line of a byte offset.
func lineOf(b []byte, off int) int {
	l, _ := jsonpos.LineCol(b, off)
	return l
}

// Problem is a file a tool cannot use as it is: unreadable, not valid
// JSON/TOML/.env (with line and column), or of the wrong shape.
type Problem struct {
	Tool    string
	File    string
	Line    int
	Col     int
	Message string
	// Edit is the change that makes the file usable, one clause (the Edit
	// slot of config-invalid's catalog fix); empty means "correct the
	// syntax at line:col". Setup: 'keydoctor setup --tools TOOL' also
	// makes it usable.
	Edit  string
	Setup bool
	// Unusable: the tool takes nothing from the file (it cannot be read or
	// does not parse), as opposed to one value in it being wrong.
	Unusable bool
}

// At is "~/path:line:col" (or less when unknown).
func (p Problem) At(e *env.Env) string {
	s := e.Tilde(p.File)
	if p.Line > 0 {
		s += fmt.Sprintf(":%d", p.Line)
		if p.Col > 0 {
			s += fmt.Sprintf(":%d", p.Col)
		}
	}
	return s
}

// Sanitize strips control characters and caps the length of text taken
// from a file before it lands in a message.
func Sanitize(s string) string {
	s = strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f {
			return -1
		}
		return r
	}, s)
	if len(s) > 200 {
		s = s[:200] + "…"
	}
	return s
}

// ProjectHostForeignKey says why a tool's request must not be sent by
// keydoctor: its base URL comes from a file inside the project (a cloned
// repository wrote it) while its key comes from outside that file and the
// project (the user's own file or shell). "" when the two belong
// together. doctor's wire ladder, ping --tool and bench --tool honour it.
func (s *Snapshot) ProjectHostForeignKey(t Tool) string {
	base, key := t.Base.Source, t.Key.Source
	if base.File == "" || t.Key.Value == "" || base.File == key.File || s.Project == "" {
		return ""
	}
	proj, err := filepath.Abs(s.Project)
	if err != nil || !within(proj, base.File) || (key.File != "" && within(proj, key.File)) {
		return ""
	}
	for _, o := range t.Key.Overrides { // the project's file holds this very key: nothing new leaves
		if o.Source.File == base.File && o.Value == t.Key.Value {
			return ""
		}
	}
	return fmt.Sprintf("its base URL comes from %s, a file of the project, and its key from %s: keydoctor does not send your key to a host a project file names (run 'keydoctor setup' to write the gateway you chose)",
		base.Display(s.Env), key.Display(s.Env))
}

// within reports whether path is dir or below it.
func within(dir, path string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}
