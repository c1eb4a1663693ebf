// Package tomlbound keeps TOML decoding linear. go-toml's decoder checks
// for duplicate keys by searching every key it has seen: a document of N
// keys and tables costs N² (a 4 MB config.toml of 300,000 tables
// took over a minute; 20,000 about 3 s). Check counts them first, in one
// pass of go-toml's own parser, and refuses a document with more than
// anyone writes by hand.
package tomlbound

import (
	"fmt"

	"github.com/pelletier/go-toml/v2/unstable"
)

// MaxEntries is how many keys and tables (inline ones and those in arrays
// included) a TOML file may hold: a hundred times a real config.toml,
// which grows by a table and a key per trusted project, and still a
// fraction of a second to decode (0.2 s; 10,000 took about 1 s, the
// growth is quadratic).
const MaxEntries = 5000

// Error is a document over the bound, at the line and column (1-based,
// in bytes) of the entry that crossed it.
type Error struct{ Line, Col int }

func (e *Error) Error() string {
	return fmt.Sprintf("line %d, column %d: %s", e.Line, e.Col, e.Msg())
}

// Msg is the refusal without its position.
func (e *Error) Msg() string {
	return fmt.Sprintf("more than %d keys and tables; keydoctor reads TOML files up to that", MaxEntries)
}

// Check refuses b when it holds more than MaxEntries keys and tables. A
// document that does not parse is not refused here: the decoder that
// runs next names its error.
func Check(b []byte) error {
	p := unstable.Parser{}
	p.Reset(b)
	n := 0
	for p.NextExpression() {
		e := p.Expression()
		if n += count(e); n > MaxEntries {
			line, col := position(b, e)
			return &Error{Line: line, Col: col}
		}
	}
	return nil
}

// count is the entries one node makes: itself for a key or a table, and
// those inside its inline tables and arrays. The parser bounds nesting
// (10,000 levels), so the recursion is bounded too.
func count(n *unstable.Node) int {
	c := 0
	switch n.Kind {
	case unstable.Table, unstable.ArrayTable:
		return 1
	case unstable.KeyValue:
		return 1 + count(n.Value())
	case unstable.InlineTable:
		c = 1
		fallthrough
	case unstable.Array:
		for it := n.Children(); it.Next(); {
			c += count(it.Node())
		}
	}
	return c
}

func position(b []byte, e *unstable.Node) (line, col int) {
	off := 0
	if k := e.Key(); k.Next() {
		off = int(k.Node().Raw.Offset)
	}
	line, col = 1, 1
	for _, c := range b[:min(off, len(b))] {
		if c == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	return line, col
}
