// Package shellprofile keeps one block of variables, delimited by marker
// comments, in the profile file of the user's shell (internal/shell says
// which shell and which file): the way to give a tool that reads only
// its environment its triple in every new session.
// The block is written in the shell's own syntax and quoting, a variable
// either a literal or a reference to another variable (the one the user
// keeps the key in); every byte outside the block is kept, and a block
// already there is replaced in place, so a re-run is a no-op.
package shellprofile

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/keydoctor/keydoctor/internal/shell"
)

// Var is one variable the block sets: to Value, or, when Ref is set, to
// the value the variable Ref has when the shell starts.
type Var struct {
	Name, Value, Ref string
}

// SyntaxError is a profile whose markers do not pair up: setup refuses
// it (a block it cannot find the end of is not its to replace).
type SyntaxError struct {
	Line, Col int
	Msg       string
}

func (e *SyntaxError) Error() string {
	return fmt.Sprintf("line %d, column %d: %s", e.Line, e.Col, e.Msg)
}

// Begin and End are the marker lines of owner's block (every supported
// shell, PowerShell too, starts a comment with #).
func Begin(owner string) string { return "# >>> keydoctor " + owner + " >>>" }
func End(owner string) string   { return "# <<< keydoctor " + owner + " <<<" }

// note is the block's second line: why it must not be edited by hand.
const note = "# written by 'keydoctor setup' (undo: 'keydoctor restore'); edits inside are replaced"

var name = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// check refuses what no line of the block may carry: a variable name a
// shell would read as something else, a value with a line break or
// another control character, C1 included, or bytes that are not UTF-8
// (the block is read back line by line, and a terminal would act on it).
func check(vars []Var) error {
	for _, v := range vars {
		if !name.MatchString(v.Name) {
			return fmt.Errorf("%q is not a variable name", v.Name)
		}
		if v.Ref != "" && !name.MatchString(v.Ref) {
			return fmt.Errorf("%q is not a variable name", v.Ref)
		}
		if !utf8.ValidString(v.Value) || strings.ContainsFunc(v.Value, unicode.IsControl) {
			return fmt.Errorf("the value of %s holds a control character or is not UTF-8", v.Name)
		}
	}
	return nil
}

// Line is the line that sets v in a shell of kind.
func Line(kind shell.Kind, v Var) string {
	switch kind {
	case shell.Fish:
		if v.Ref != "" {
			return "set -gx " + v.Name + " $" + v.Ref
		}
		return "set -gx " + v.Name + " " + fishQuote(v.Value)
	case shell.PowerShell:
		if v.Ref != "" {
			return "$env:" + v.Name + " = $env:" + v.Ref
		}
		return "$env:" + v.Name + " = " + psQuote(v.Value)
	}
	if v.Ref != "" {
		return "export " + v.Name + `="${` + v.Ref + `}"`
	}
	return "export " + v.Name + "=" + posixQuote(v.Value)
}

// Render is owner's whole block for a shell of kind, each line ended
// with eol.
func Render(kind shell.Kind, owner string, vars []Var, eol string) (string, error) {
	if err := check(vars); err != nil {
		return "", err
	}
	var b strings.Builder
	b.WriteString(Begin(owner) + eol + note + eol)
	for _, v := range vars {
		b.WriteString(Line(kind, v) + eol)
	}
	b.WriteString(End(owner) + eol)
	return b.String(), nil
}

// Merge is src with owner's block set to vars: replaced where it is,
// else appended after a blank line. Every byte outside the block is
// kept.
func Merge(src []byte, owner string, kind shell.Kind, vars []Var) ([]byte, error) {
	f, err := Find(src, owner)
	if err != nil {
		return nil, err
	}
	// A block keeps its own line ending (so a re-run is a no-op whatever
	// the file around it holds); a new one takes the file's.
	eol, at := "\n", src
	if f.Found {
		at = src[f.Start:f.Stop]
	}
	if i := bytes.IndexByte(at, '\n'); i > 0 && at[i-1] == '\r' {
		eol = "\r\n"
	}
	block, err := Render(kind, owner, vars, eol)
	if err != nil {
		return nil, err
	}
	if f.Found {
		out := append([]byte{}, src[:f.Start]...)
		out = append(out, block...)
		return append(out, src[f.Stop:]...), nil
	}
	out := append([]byte{}, src...)
	if len(out) > 0 {
		if !bytes.HasSuffix(out, []byte("\n")) {
			out = append(out, eol...)
		}
		out = append(out, eol...)
	}
	return append(out, block...), nil
}

// Remove is src without owner's block (and the blank line Merge put
// before it), for a user who no longer wants it.
func Remove(src []byte, owner string) ([]byte, error) {
	f, err := Find(src, owner)
	if err != nil || !f.Found {
		return src, err
	}
	start := f.Start
	for _, sep := range []string{"\n\n", "\r\n\r\n"} {
		if bytes.HasSuffix(src[:start], []byte(sep)) {
			start -= len(sep) / 2
			break
		}
	}
	return append(append([]byte{}, src[:start]...), src[f.Stop:]...), nil
}
