package checks

// This file spells the edit of one key, the clause a fix template takes
// in its {edit} or {remove} slot, in the syntax of the file it changes
// (see catalog.Render). An edit that is not one key's value (move the
// MCP servers, add updatedAt, remove a trailing comma) is a clause its
// check writes into the same slot. It also gives a finding its typed
// place (doctor.At) and the file edit `doctor --fix` applies for it
// (doctor.Finding.Edit): the check knows both, so nothing downstream
// parses them back out of the text.

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/format/shellprofile"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/shell"
	"github.com/keydoctor/keydoctor/writers"
)

// setAt says how to give the key at src a value, in the syntax of the
// file it lives in (TOML, JSON, .env, the shell): the Edit slot of a
// fix template (catalog.Render), so every fix names the exact file, line,
// key and value while the sentence around it stays the catalog's.
func setAt(e *env.Env, src discover.Source, value string) string {
	q := strconv.Quote(value)
	switch {
	case src.File == "":
		return shell.Of(e).SetAndPersist(src.Key, value)
	case inProfile(e, src):
		return profileLine(e, src, shellprofile.Var{Name: src.Key, Value: value})
	case strings.HasSuffix(src.File, ".toml"):
		return fmt.Sprintf("set %s = %s in %s%s", src.Key, q, e.Tilde(src.File), atLine(src))
	case filepath.Base(src.File) == ".env":
		return fmt.Sprintf("set %s=%s in %s%s", src.Key, value, e.Tilde(src.File), atLine(src))
	default:
		return fmt.Sprintf("set %q to %s in %s%s", src.Key, q, e.Tilde(src.File), atLine(src))
	}
}

// inProfile: src is a variable the shell's profile sets (a line of
// keydoctor's block there), which a fix spells in the shell's syntax.
func inProfile(e *env.Env, src discover.Source) bool {
	return src.Line > 0 && src.File == shell.Of(e).ProfilePath(e)
}

// profileLine is the line of the shell's profile at src rewritten.
func profileLine(e *env.Env, src discover.Source, v shellprofile.Var) string {
	return fmt.Sprintf("change line %d of %s to %s", src.Line, e.Tilde(src.File), shellprofile.Line(shell.Of(e).Kind, v))
}

// setKeyAt is setAt for the key, whose value is never printed.
func setKeyAt(e *env.Env, src discover.Source, what string) string {
	switch {
	case src.File == "":
		return shell.Of(e).SetAndPersistShown([]string{src.Key}, what)
	case inProfile(e, src):
		return profileLine(e, src, shellprofile.Var{Name: src.Key, Value: what})
	case filepath.Base(src.File) == ".env":
		return fmt.Sprintf("set %s=%s in %s%s", src.Key, what, e.Tilde(src.File), atLine(src))
	default:
		return fmt.Sprintf("set %q to %s in %s%s", src.Key, what, e.Tilde(src.File), atLine(src))
	}
}

// exportAll is setKeyAt for variables of the shell that none sets.
func exportAll(e *env.Env, names []string) string {
	return shell.Of(e).SetAndPersistShown(names, "…")
}

// removeFix says how to delete a value at its source: the Remove slot.
func removeFix(e *env.Env, s discover.Source) string {
	if s.File == "" {
		if at, ok := discover.ExportedIn(e.Home, s.Key); ok {
			return fmt.Sprintf("remove the line that exports %s from %s%s and open a new shell (or run 'unset %s' in this one)", s.Key, e.Tilde(at.File), atLine(at), s.Key)
		}
		return shell.Of(e).UnsetAndForget(s.Key)
	}
	key := strconv.Quote(s.Key) // a JSON key, as the file spells it
	if strings.HasSuffix(s.File, ".toml") || filepath.Base(s.File) == ".env" {
		key = s.Key
	}
	return fmt.Sprintf("delete %s from %s%s", key, e.Tilde(s.File), atLine(s))
}

// removeAll is removeFix for several keys of one place (a file, or a
// variable holding a whole config).
func removeAll(keys []string, where string) string {
	return "remove " + strings.Join(keys, ", ") + " from " + where
}

func atLine(src discover.Source) string {
	if src.Line > 0 {
		return fmt.Sprintf(" (line %d)", src.Line)
	}
	return ""
}

// setupCmd is the keydoctor command that writes a tool's triple, or ""
// for tools setup does not write (SDKs read the shell).
func setupCmd(t discover.Tool) string {
	return setupFor(string(t.ID))
}

// Placed is f about the value set at s: its typed place, the Source
// shown derived from it (as src shows it). Placed, ByTriple and WithEdit
// are exported for the checks a tool package adds (internal/tool/<id>).
func Placed(e *env.Env, f doctor.Finding, s discover.Source) doctor.Finding {
	if s.Default { // a tool's built-in value: nothing to point at
		f.Source = s.Display(e)
		return f
	}
	return f.Located(e, doctor.At{File: s.File, Line: s.Line, Key: s.Key})
}

// ByTriple is Placed plus the edit that fixes f: its tool's triple
// re-planned whole, as setup writes it, when setup writes that tool and
// the value lies in a file (writers.TripleEdit).
func ByTriple(e *env.Env, f doctor.Finding, s discover.Source) doctor.Finding {
	f = Placed(e, f, s)
	if ed := writers.TripleEdit(gateway.ToolID(f.Tool), f.At.File); ed != nil {
		f = WithEdit(f, *ed)
	}
	return f
}

// WithEdit is f with the edit that fixes it, when f's code is one a file
// edit fixes (catalog's FileFix).
func WithEdit(f doctor.Finding, ed writers.Edit) doctor.Finding {
	if catalog.Of(f.Code).FileFix {
		f.Edit = &ed
	}
	return f
}

// src is a value's source as findings show it.
func src(e *env.Env, v discover.Value) string { return v.Source.Display(e) }

// where is a value's source with its key, for messages.
func where(e *env.Env, v discover.Value) string { return v.Source.Where(e) }
