package shellprofile

import (
	"bytes"
	"regexp"
	"strings"
)

// Block is where owner's block lies in a file and what it sets.
type Block struct {
	Found bool
	// Start and Stop are the byte offsets of the block, its end marker's
	// line ending included; Line is its begin marker's line (1-based).
	Start, Stop, Line int
	// Vars are the lines that set a variable, in order, with their line.
	Vars []Set
	// Other are the lines of the block that set nothing keydoctor reads
	// back (an edit by hand), by line.
	Other []int
}

// Set is one variable set inside the block, at Line.
type Set struct {
	Var
	Line int
}

// Lookup is the last line of the block setting name (a shell runs them
// in order).
func (b Block) Lookup(name string) (Set, bool) {
	for i := len(b.Vars) - 1; i >= 0; i-- {
		if b.Vars[i].Name == name {
			return b.Vars[i], true
		}
	}
	return Set{}, false
}

// Find locates owner's block in src and reads the variables it sets. A
// begin marker without its end, an end without its begin, or a second
// block is a *SyntaxError.
func Find(src []byte, owner string) (Block, error) {
	begin, end := Begin(owner), End(owner)
	var b Block
	inside := false
	off := 0
	for n := 1; off < len(src); n++ {
		next := bytes.IndexByte(src[off:], '\n')
		stop := len(src)
		if next >= 0 {
			stop = off + next + 1
		}
		line := strings.TrimRight(string(src[off:stop]), "\r\n")
		trimmed := strings.TrimSpace(line)
		switch {
		case trimmed == begin && inside:
			return Block{}, &SyntaxError{Line: n, Col: 1, Msg: "a second '" + begin + "' before the block's end"}
		case trimmed == begin && b.Found:
			return Block{}, &SyntaxError{Line: n, Col: 1, Msg: "a second keydoctor " + owner + " block"}
		case trimmed == begin:
			inside, b.Found, b.Start, b.Line = true, true, off, n
		case trimmed == end && !inside:
			return Block{}, &SyntaxError{Line: n, Col: 1, Msg: "'" + end + "' without its begin line"}
		case trimmed == end:
			inside, b.Stop = false, stop
		case inside && trimmed != "" && !strings.HasPrefix(trimmed, "#"):
			if v, ok := parseLine(trimmed); ok {
				b.Vars = append(b.Vars, Set{Var: v, Line: n})
			} else {
				b.Other = append(b.Other, n)
			}
		}
		off = stop
	}
	if inside {
		return Block{}, &SyntaxError{Line: b.Line, Col: 1, Msg: "'" + begin + "' without its end line '" + end + "'"}
	}
	return b, nil
}

// The lines Line writes, in each shell's syntax; a value is what follows
// the name, quoted or a reference.
var (
	posixLine = regexp.MustCompile(`^export\s+([A-Za-z_][A-Za-z0-9_]*)=(.*)$`)
	fishLine  = regexp.MustCompile(`^set\s+-gx\s+([A-Za-z_][A-Za-z0-9_]*)\s+(.*)$`)
	psLine    = regexp.MustCompile(`^\$env:([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$`)
	posixRef  = regexp.MustCompile(`^"?\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?"?$`)
	fishRef   = regexp.MustCompile(`^"?\$([A-Za-z_][A-Za-z0-9_]*)"?$`)
	psRef     = regexp.MustCompile(`^\$env:([A-Za-z_][A-Za-z0-9_]*)$`)
)

// parseLine reads one line of any of the syntaxes back into a Var.
func parseLine(s string) (Var, bool) {
	if m := posixLine.FindStringSubmatch(s); m != nil {
		if r := posixRef.FindStringSubmatch(m[2]); r != nil && balancedRef(m[2]) {
			return Var{Name: m[1], Ref: r[1]}, true
		}
		v, ok := posixUnquote(m[2])
		return Var{Name: m[1], Value: v}, ok
	}
	if m := fishLine.FindStringSubmatch(s); m != nil {
		if r := fishRef.FindStringSubmatch(m[2]); r != nil {
			return Var{Name: m[1], Ref: r[1]}, true
		}
		v, ok := fishUnquote(m[2])
		return Var{Name: m[1], Value: v}, ok
	}
	if m := psLine.FindStringSubmatch(s); m != nil {
		if r := psRef.FindStringSubmatch(m[2]); r != nil {
			return Var{Name: m[1], Ref: r[1]}, true
		}
		v, ok := psUnquote(m[2])
		return Var{Name: m[1], Value: v}, ok
	}
	return Var{}, false
}

// balancedRef: the quotes and braces of a "${NAME}" reference pair up.
func balancedRef(s string) bool {
	q := strings.HasPrefix(s, `"`) == strings.HasSuffix(s, `"`)
	b := strings.Contains(s, "{") == strings.HasSuffix(strings.TrimSuffix(s, `"`), "}")
	return q && b && (len(s) < 2 || s != `""`)
}
