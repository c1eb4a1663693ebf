package json5pos

import (
	"bytes"
	"fmt"
	"reflect"
	"strconv"
	"strings"

	"github.com/keydoctor/keydoctor/internal/format/jsonpos"
)

// Doc is a JSON5 document edited in place: each edit replaces or inserts
// the bytes of one value and keeps every other byte (comments, quotes,
// unquoted keys, trailing commas, line endings), then parses the result
// again.
type Doc struct {
	data []byte
	Root *Node
	unit string // one level of indentation
	eol  string
}

// Obj is an object to write with its keys in order.
type Obj []Field

// Field is one key of an Obj.
type Field struct {
	Key   string
	Value any // string, bool, int, float64, nil, Obj, []any
}

// PathError is a value on an edited path that is not what the edit needs
// (an object to add a key to, an array to append to).
type PathError struct {
	Path       []string
	Line, Col  int
	Kind, Want string
}

func (e *PathError) Error() string {
	return fmt.Sprintf("line %d, column %d: %s", e.Line, e.Col, e.Reason())
}

// Reason is what is wrong, without the position.
func (e *PathError) Reason() string {
	return fmt.Sprintf("%q is %s, not %s", strings.Join(e.Path, "."), e.Kind, e.Want)
}

// ParseDoc parses data for editing; the top-level value must be an object.
// Empty input (or only whitespace) is an empty object.
func ParseDoc(data []byte) (*Doc, error) {
	if len(bytes.TrimSpace(data)) == 0 {
		data = []byte("{}\n")
	}
	root, err := Parse(data)
	if err != nil {
		return nil, err
	}
	if root.Kind != Object {
		return nil, jsonpos.At(data, root.Start, "the top-level value is "+kindName(root.Kind)+", not an object")
	}
	d := &Doc{data: data, Root: root, unit: "  ", eol: "\n"}
	if i := bytes.IndexByte(data, '\n'); i > 0 && data[i-1] == '\r' {
		d.eol = "\r\n"
	}
	if len(root.Members) > 0 {
		if k := root.Members[0].KeyStart; d.ownLine(k) && d.indentOf(k) != "" {
			d.unit = d.indentOf(k)
		}
	}
	return d, nil
}

// Bytes is the document as edited.
func (d *Doc) Bytes() []byte { return d.data }

// LineCol is the line and column of an offset of the document.
func (d *Doc) LineCol(off int) (int, int) { return jsonpos.LineCol(d.data, off) }

func kindName(k Kind) string {
	switch k {
	case Object:
		return "an object"
	case Array:
		return "an array"
	case String:
		return "a string"
	case Number:
		return "a number"
	case Null:
		return "null"
	}
	return "a boolean"
}

// Lookup is the value at path (a number indexes an array), or nil.
func (d *Doc) Lookup(path ...string) *Node {
	n := d.Root
	for _, part := range path {
		switch {
		case n == nil:
			return nil
		case n.Kind == Array:
			i, err := strconv.Atoi(part)
			if err != nil || i < 0 || i >= len(n.Elems) {
				return nil
			}
			n = n.Elems[i]
		default:
			n = n.Get(part)
		}
	}
	return n
}

func (d *Doc) notA(path []string, n *Node, want string) error {
	l, c := d.LineCol(n.Start)
	return &PathError{Path: append([]string(nil), path...), Line: l, Col: c, Kind: kindName(n.Kind), Want: want}
}

// Set puts value at path, creating the objects missing on the way; it
// reports whether the document changed (a value equal in meaning is left
// as written).
func (d *Doc) Set(path []string, value any) (bool, error) {
	n := d.Root
	for i, part := range path {
		if n.Kind == Array {
			if el := d.Lookup(path[:i+1]...); el != nil {
				n = el
				continue
			}
		}
		if n.Kind != Object {
			return false, d.notA(path[:i], n, "an object")
		}
		next := n.Get(part)
		if next == nil {
			for j := len(path) - 1; j > i; j-- {
				value = Obj{{path[j], value}}
			}
			return true, d.insert(n, part, value)
		}
		n = next
	}
	if reflect.DeepEqual(plain(n), normal(value)) {
		return false, nil
	}
	q := byte('"')
	if n.Kind == String {
		q = n.Quote
	}
	eol := d.eol
	if !bytes.Contains(d.data, []byte("\n")) {
		eol = ""
	}
	return true, d.splice(n.Start, n.End, render(value, d.indentOf(n.Start), d.unit, eol, q, false))
}

// Append adds value as the last element of the array at path.
func (d *Doc) Append(path []string, value any) error {
	n := d.Lookup(path...)
	if n == nil {
		return fmt.Errorf("%s: no such array", strings.Join(path, "."))
	}
	if n.Kind != Array {
		return d.notA(path, n, "an array")
	}
	var last *Node
	bare := false // objects in the style of the last one's keys
	if len(n.Elems) > 0 {
		last = n.Elems[len(n.Elems)-1]
		bare = last.Kind == Object && len(last.Members) > 0 && last.Members[0].Bare
	}
	return d.add(n, last, func(indent string, inline bool) string { return d.render(value, indent, inline, bare) })
}

// insert adds key: value as obj's last member, in the style of its
// members (their indentation, bare keys, a trailing comma).
func (d *Doc) insert(obj *Node, key string, value any) error {
	var last *Node
	bare := false
	if len(obj.Members) > 0 {
		m := obj.Members[len(obj.Members)-1]
		last, bare = m.Value, m.Bare
	}
	return d.add(obj, last, func(indent string, inline bool) string {
		k := strconv.Quote(key)
		if bare && isIdent(key) {
			k = key
		}
		return k + ": " + d.render(value, indent, inline, bare)
	})
}

// add writes text(indent, inline) after last (nil: into the empty
// container c).
func (d *Doc) add(c *Node, last *Node, text func(indent string, inline bool) string) error {
	oneLine := !bytes.Contains(d.data, []byte("\n"))
	if last == nil {
		inner := bytes.TrimSpace(d.data[c.Start+1 : c.End-1])
		ind := d.indentOf(c.Start)
		if oneLine {
			if len(inner) == 0 {
				return d.splice(c.Start+1, c.End-1, text(ind, true))
			}
			return d.splice(c.Start+1, c.Start+1, text(ind, true)+" ")
		}
		body := d.eol + ind + d.unit + text(ind+d.unit, false)
		if len(inner) == 0 {
			return d.splice(c.Start+1, c.End-1, body+d.eol+ind)
		}
		return d.splice(c.Start+1, c.Start+1, body) // a comment inside stays after it
	}
	trailing := last.Comma >= 0
	at, pre, suffix := last.End, ",", ""
	if trailing {
		at, pre, suffix = last.Comma+1, "", ","
	}
	startOf := last.Start
	if c.Kind == Object {
		startOf = c.Members[len(c.Members)-1].KeyStart
	}
	if ind := d.indentOf(startOf); d.ownLine(startOf) && !oneLine {
		if eol, ok := d.restOfLine(at); ok {
			// on a line of its own after the last one (and its // comment)
			if pre != "" {
				if err := d.splice(at, at, pre); err != nil {
					return err
				}
				eol++
			}
			return d.splice(eol, eol, d.eol+ind+text(ind, false)+suffix)
		}
	}
	return d.splice(at, at, pre+" "+text(d.indentOf(c.Start), true)+suffix)
}

// restOfLine: when only blanks and comments follow at on its line, the
// offset of that line's end.
func (d *Doc) restOfLine(at int) (int, bool) {
	b := d.data
	for i := at; i < len(b); {
		switch {
		case b[i] == ' ' || b[i] == '\t':
			i++
		case b[i] == '\r' || b[i] == '\n':
			return i, true
		case bytes.HasPrefix(b[i:], []byte("//")):
			j := bytes.IndexAny(b[i:], "\r\n")
			if j < 0 {
				return len(b), true
			}
			return i + j, true
		case bytes.HasPrefix(b[i:], []byte("/*")):
			j := bytes.Index(b[i+2:], []byte("*/"))
			if j < 0 || bytes.ContainsAny(b[i:i+2+j], "\r\n") {
				return 0, false
			}
			i += j + 4
		default:
			return 0, false
		}
	}
	return len(b), true
}

// lineStart is the offset of the start of off's line.
func (d *Doc) lineStart(off int) int {
	for off > 0 && d.data[off-1] != '\n' && d.data[off-1] != '\r' {
		off--
	}
	return off
}

// indentOf is the blanks that start off's line.
func (d *Doc) indentOf(off int) string {
	line := d.data[d.lineStart(off):off]
	return string(line[:len(line)-len(bytes.TrimLeft(line, " \t"))])
}

// ownLine reports whether only blanks precede off on its line.
func (d *Doc) ownLine(off int) bool {
	return len(bytes.Trim(d.data[d.lineStart(off):off], " \t")) == 0
}

// splice replaces data[from:to] with text and parses the result again.
func (d *Doc) splice(from, to int, text string) error {
	out := make([]byte, 0, len(d.data)+len(text))
	out = append(append(append(out, d.data[:from]...), text...), d.data[to:]...)
	root, err := Parse(out)
	if err != nil { // cannot happen: we write JSON into a JSON5 document
		return fmt.Errorf("the edit made the file invalid: %w", err)
	}
	d.data, d.Root = out, root
	return nil
}
