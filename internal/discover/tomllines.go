package discover

import (
	"fmt"
	"sort"
	"strings"

	"github.com/pelletier/go-toml/v2"
	"github.com/pelletier/go-toml/v2/unstable"
)

// TOMLLines maps every key of a TOML document, as its full dotted path
// (table headers included), to the line where the key is written. go-toml
// decodes values but keeps no positions; its (unstable) parser does.
// A document that does not parse yields what was indexed before the error.
func TOMLLines(b []byte) map[string]int {
	out := map[string]int{}
	lines := newLineIndex(b)
	p := unstable.Parser{}
	p.Reset(b)
	var table []string
	for p.NextExpression() {
		n := p.Expression()
		switch n.Kind {
		case unstable.Table, unstable.ArrayTable:
			table = keyParts(n.Key())
			if first := n.Child(); first != nil {
				out[TOMLPath(table...)] = lines.line(int(first.Raw.Offset))
			}
		case unstable.KeyValue:
			indexKeyValue(lines, n, table, out)
		}
	}
	return out
}

func indexKeyValue(lines lineIndex, n *unstable.Node, prefix []string, out map[string]int) {
	it := n.Key()
	var parts []string
	line := 0
	for it.Next() {
		k := it.Node()
		if line == 0 {
			line = lines.line(int(k.Raw.Offset))
		}
		parts = append(parts, string(k.Data))
	}
	full := append(append([]string(nil), prefix...), parts...)
	out[TOMLPath(full...)] = line
	if v := n.Value(); v != nil && v.Kind == unstable.InlineTable {
		children := v.Children()
		for children.Next() {
			if c := children.Node(); c.Kind == unstable.KeyValue {
				indexKeyValue(lines, c, full, out)
			}
		}
	}
}

// lineIndex is where a document's newlines are: the line of an offset by
// binary search, since counting from the start for every key made
// indexing a large file quadratic.
type lineIndex []int

func newLineIndex(b []byte) lineIndex {
	var x lineIndex
	for i, c := range b {
		if c == '\n' {
			x = append(x, i)
		}
	}
	return x
}

// line is the 1-based line of offset off (lineOf's answer).
func (x lineIndex) line(off int) int { return 1 + sort.SearchInts(x, off) }

func keyParts(it unstable.Iterator) []string {
	var parts []string
	for it.Next() {
		parts = append(parts, string(it.Node().Data))
	}
	return parts
}

// TOMLPath joins key parts with a separator no key contains in practice.
func TOMLPath(parts ...string) string { return strings.Join(parts, "\x1f") }

// UnmarshalTOML is toml.Unmarshal that turns a decoder panic into an
// error: a user's broken file must be a problem, not a crash. go-toml
// v2.2.4 panicked on "[model.0]"; v2.4.3 (required in go.mod) does not,
// and the TOML config fuzz target keeps that input in its corpus.
func UnmarshalTOML(b []byte, v any) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("the TOML decoder failed: %v", p)
		}
	}()
	return toml.Unmarshal(b, v)
}
