// Package jsonedit edits a JSON (or JSON-with-comments) document in
// place and keeps every byte it does not own: hujson keeps every byte of
// whitespace and every comment in its syntax tree, so only the members
// set or deleted change, and new members copy the indentation and line
// endings of their siblings. It computes the new bytes and reports what
// it cannot edit with line and column (Error); writers turns that into a
// refused file and the bytes into its Change.
package jsonedit

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/keydoctor/keydoctor/internal/format/eol"
	"github.com/keydoctor/keydoctor/internal/format/jsonpos"
	"github.com/tailscale/hujson"
)

// Doc is a parsed document being edited.
type Doc struct {
	bom   bool
	jsonc bool
	root  hujson.Value
	orig  []byte // the parsed bytes (no BOM): StartOffsets point into it
	unit  string // one level of indentation; "" for a one-line document
	// spaced: a one-line document writes "a": 1 rather than "a":1.
	spaced bool
	// eol is the file's line ending ("\r\n" when its first line ends so):
	// every line break we add uses it.
	eol string
}

// Kind is what kind of document or value an Error is about.
type Kind int

const (
	// Invalid: the document does not parse (strict JSON, or JSONC).
	Invalid Kind = iota
	// TopLevel: the document's top-level value is not an object.
	TopLevel
	// NotObject: a value on the path of an edit is not an object.
	NotObject
)

// Error is a document, or a value in it, that cannot be edited: where
// (1-based line and column; 0 when unknown) and why.
type Error struct {
	Kind      Kind
	Line, Col int
	Reason    string
}

func (e *Error) Error() string {
	if e.Line == 0 {
		return e.Reason
	}
	return fmt.Sprintf("line %d, column %d: %s", e.Line, e.Col, e.Reason)
}

// Parse validates data (strict JSON, or JSONC when jsonc) and requires a
// top-level object. Empty input is an empty object. Its error is an
// *Error.
func Parse(data []byte, jsonc bool) (*Doc, error) {
	d := &Doc{jsonc: jsonc, unit: "  "}
	body := data
	if bytes.HasPrefix(body, []byte("\ufeff")) {
		d.bom, body = true, body[3:]
	}
	if len(bytes.TrimSpace(body)) == 0 {
		body = []byte("{}" + eol.Of(body))
	} else {
		check := jsonpos.Validate
		if jsonc {
			check = jsonpos.ValidateJSONC
		}
		if err := check(data); err != nil {
			if e, ok := err.(*jsonpos.Error); ok {
				return nil, &Error{Kind: Invalid, Line: e.Line, Col: e.Col, Reason: e.Msg}
			}
			return nil, &Error{Kind: Invalid, Reason: err.Error()}
		}
	}
	v, err := hujson.Parse(append([]byte(nil), body...))
	if err != nil { // validated above: cannot happen
		return nil, &Error{Kind: Invalid, Reason: fmt.Sprintf("cannot parse: %v", err)}
	}
	if _, ok := v.Value.(*hujson.Object); !ok {
		l, c := jsonpos.LineCol(data, v.StartOffset+len(data)-len(body))
		return nil, &Error{Kind: TopLevel, Line: l, Col: c, Reason: fmt.Sprintf("the top-level value is %s, not an object", kindName(v.Value.Kind()))}
	}
	d.root, d.orig = v, body
	d.eol = eol.Of(body)
	root := v.Value.(*hujson.Object)
	d.unit = detectIndent(root)
	d.spaced = len(root.Members) > 0 && string(root.Members[0].Value.BeforeExtra) == " "
	return d, nil
}

func kindName(k hujson.Kind) string {
	switch k {
	case '{':
		return "an object"
	case '[':
		return "an array"
	case '"':
		return "a string"
	case '0':
		return "a number"
	case 'n':
		return "null"
	}
	return "a boolean"
}

// detectIndent finds one level of indentation from the first member of
// the top-level object; "" means the document is on one line.
func detectIndent(obj *hujson.Object) string {
	if len(obj.Members) == 0 {
		return "  "
	}
	ws := string(obj.Members[0].Name.BeforeExtra)
	i := strings.LastIndexByte(ws, '\n')
	if i < 0 {
		return ""
	}
	ind := ws[i+1:]
	if strings.Trim(ind, " \t") != "" || ind == "" {
		return "  "
	}
	return ind
}

// Bytes is the edited document, its BOM kept.
func (d *Doc) Bytes() []byte {
	out := d.root.Pack()
	if d.bom {
		out = append([]byte("\ufeff"), out...)
	}
	return out
}

// Lookup returns the value at path, or nil. A part that is a number
// indexes an array.
func (d *Doc) Lookup(path ...string) *hujson.Value {
	v := &d.root
	for _, name := range path {
		if el := element(v, name); el != nil {
			v = el
			continue
		}
		obj, ok := v.Value.(*hujson.Object)
		if !ok {
			return nil
		}
		m := member(obj, name)
		if m == nil {
			return nil
		}
		v = &m.Value
	}
	return v
}

// element is v's element at index name when v is an array and name an
// index inside it, else nil.
func element(v *hujson.Value, name string) *hujson.Value {
	arr, ok := v.Value.(*hujson.Array)
	if !ok {
		return nil
	}
	i, err := strconv.Atoi(name)
	if err != nil || i < 0 || i >= len(arr.Elements) {
		return nil
	}
	return &arr.Elements[i]
}

func member(obj *hujson.Object, name string) *hujson.ObjectMember {
	for i := range obj.Members {
		if lit, ok := obj.Members[i].Name.Value.(hujson.Literal); ok && lit.String() == name {
			return &obj.Members[i]
		}
	}
	return nil
}

// Str returns the string at path and whether it is a string.
func (d *Doc) Str(path ...string) (string, bool) {
	v := d.Lookup(path...)
	if v == nil {
		return "", false
	}
	lit, ok := v.Value.(hujson.Literal)
	if !ok || lit.Kind() != '"' {
		return "", false
	}
	return lit.String(), true
}

// Object returns the object at path, creating missing objects. A value
// on the way that is not an object is an *Error (NotObject): we do not
// own it.
func (d *Doc) Object(path ...string) (*hujson.Object, error) {
	v := &d.root
	for depth, name := range path {
		if el := element(v, name); el != nil {
			if _, ok := el.Value.(*hujson.Object); !ok {
				return nil, d.NotObject(path[:depth+1], *el)
			}
			v = el
			continue
		}
		obj, ok := v.Value.(*hujson.Object)
		if !ok {
			return nil, d.NotObject(path[:depth], *v)
		}
		m := member(obj, name)
		if m == nil {
			d.insert(obj, depth, name, hujson.Value{Value: &hujson.Object{}})
			m = member(obj, name)
		}
		_, isObj := m.Value.Value.(*hujson.Object)
		if !isObj && (depth+1 == len(path) || element(&m.Value, path[depth+1]) == nil) {
			return nil, d.NotObject(path[:depth+1], m.Value)
		}
		v = &m.Value
	}
	return v.Value.(*hujson.Object), nil
}

// NotObject is the *Error for v, found at path, which an edit needs to
// be an object.
func (d *Doc) NotObject(path []string, v hujson.Value) error {
	l, c := jsonpos.LineCol(d.orig, v.StartOffset)
	return &Error{Kind: NotObject, Line: l, Col: c,
		Reason: fmt.Sprintf("%q is %s, not an object", strings.Join(path, "."), kindName(v.Value.Kind()))}
}

// Set puts value (any JSON-encodable Go value) at path; it reports
// whether the document changed.
func (d *Doc) Set(path []string, value any) (bool, error) {
	raw, err := json.Marshal(value)
	if err != nil {
		return false, err
	}
	parent, err := d.Object(path[:len(path)-1]...)
	if err != nil {
		return false, err
	}
	name := path[len(path)-1]
	if m := member(parent, name); m != nil {
		if sameJSON(m.Value.Value, raw) {
			return false, nil
		}
		nv, err := d.valueAt(raw, len(path))
		if err != nil {
			return false, err
		}
		m.Value.Value = nv.Value
		return true, nil
	}
	nv, err := d.valueAt(raw, len(path))
	if err != nil {
		return false, err
	}
	d.insert(parent, len(path)-1, name, nv)
	return true, nil
}

// sameJSON compares a value with raw JSON by meaning, not spelling.
func sameJSON(v hujson.ValueTrimmed, raw []byte) bool {
	have := hujson.Value{Value: v}
	std := have.Clone()
	std.Standardize()
	var a, b any
	if json.Unmarshal(std.Pack(), &a) != nil || json.Unmarshal(raw, &b) != nil {
		return false
	}
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return bytes.Equal(x, y)
}

// valueAt parses raw JSON and indents it for a member at depth.
func (d *Doc) valueAt(raw []byte, depth int) (hujson.Value, error) {
	if d.unit != "" && (raw[0] == '{' || raw[0] == '[') && len(raw) > 2 {
		var buf bytes.Buffer
		if err := json.Indent(&buf, raw, strings.Repeat(d.unit, depth), d.unit); err != nil {
			return hujson.Value{}, err
		}
		raw = buf.Bytes()
		if d.eol != "\n" { // our JSON has no raw line break inside a string
			raw = bytes.ReplaceAll(raw, []byte("\n"), []byte(d.eol))
		}
	}
	return hujson.Parse(raw)
}

// insert appends a member to obj (at depth) in the style of its siblings.
func (d *Doc) insert(obj *hujson.Object, depth int, name string, v hujson.Value) {
	nameV := hujson.Value{Value: hujson.String(name)}
	v.BeforeExtra = hujson.Extra(" ")
	if n := len(obj.Members); n > 0 {
		last := &obj.Members[n-1]
		nameV.BeforeExtra = lastLineIndent(last.Name.BeforeExtra)
		if len(nameV.BeforeExtra) == 0 && n == 1 && string(last.Value.BeforeExtra) == " " {
			nameV.BeforeExtra = hujson.Extra(" ") // one line, spaced: {"a": 1, "b": 2}
		}
		v.BeforeExtra = append(hujson.Extra(nil), last.Value.BeforeExtra...)
		if strings.ContainsAny(string(v.BeforeExtra), "/\n") {
			v.BeforeExtra = hujson.Extra(" ")
		}
		if last.Value.AfterExtra != nil { // trailing comma style (JSONC)
			v.AfterExtra = hujson.Extra{}
		}
		if c := sameLineComment(obj.AfterExtra); c != "" && startsLine(nameV.BeforeExtra) {
			// "a": 1 // about a  -> the comment stays on a's line, after
			// the comma the new member brings (or the trailing one).
			c = trimEOL(c)
			nameV.BeforeExtra = append(hujson.Extra(c), nameV.BeforeExtra...)
			obj.AfterExtra = obj.AfterExtra[len(c):]
		}
	} else if d.unit != "" {
		nameV.BeforeExtra = hujson.Extra(d.eol + strings.Repeat(d.unit, depth+1))
		if strings.TrimSpace(string(obj.AfterExtra)) == "" {
			obj.AfterExtra = hujson.Extra(d.eol + strings.Repeat(d.unit, depth))
		}
	} else if !d.spaced {
		v.BeforeExtra = nil
	}
	obj.Members = append(obj.Members, hujson.ObjectMember{Name: nameV, Value: v})
}

// lastLineIndent keeps the line break (LF or CRLF, as it is) and
// indentation before a member, dropping any comment that belongs to that
// sibling.
func lastLineIndent(extra hujson.Extra) hujson.Extra {
	s := string(extra)
	nl := ""
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		nl, s = "\n", s[i+1:]
		if i > 0 && extra[i-1] == '\r' {
			nl = "\r\n"
		}
	}
	return hujson.Extra(nl + s[:len(s)-len(strings.TrimLeft(s, " \t"))])
}

// startsLine reports whether extra begins with a line break.
func startsLine(extra hujson.Extra) bool {
	return bytes.HasPrefix(extra, []byte("\n")) || bytes.HasPrefix(extra, []byte("\r\n"))
}

// trimEOL drops one final line break, LF or CRLF.
func trimEOL(s string) string {
	return strings.TrimSuffix(strings.TrimSuffix(s, "\n"), "\r")
}
