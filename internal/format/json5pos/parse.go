// Package json5pos parses JSON5 (https://spec.json5.org: comments, unquoted
// keys, single-quoted strings, trailing commas, hex numbers, Infinity and
// NaN, line continuations) into a tree that keeps every value's byte span,
// so a reader can say line and column and an editor (edit.go) can change
// one value and keep every other byte. No maintained Go JSON5 library keeps
// positions (titanous/json5 and yosuke-furukawa/json5 decode into values
// only), and an editor needs them.
package json5pos

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/keydoctor/keydoctor/internal/format/jsonpos"
)

// MaxDepth bounds nesting, as jsonpos.CheckDepth does for JSON.
const MaxDepth = 10000

// Kind is a value's type.
type Kind byte

const (
	Object Kind = '{'
	Array  Kind = '['
	String Kind = '"'
	Number Kind = '0'
	Bool   Kind = 't'
	Null   Kind = 'n'
)

// Node is one value with its span [Start, End) in the parsed bytes.
type Node struct {
	Kind       Kind
	Start, End int
	// Str is a string's decoded text, or the literal's text (a number,
	// true, false, null) as written.
	Str string
	// Quote is the quote a string was written with (' or ").
	Quote byte
	// Comma is the offset of the comma after this value inside its
	// container, -1 when none follows.
	Comma   int
	Members []Member // an object's, in order
	Elems   []*Node  // an array's
}

// Member is one key of an object.
type Member struct {
	Key              string
	KeyStart, KeyEnd int
	// Bare: the key was written as an identifier, without quotes.
	Bare  bool
	Value *Node
}

// Get is the member value named key, or nil.
func (n *Node) Get(key string) *Node {
	if n == nil || n.Kind != Object {
		return nil
	}
	for i := range n.Members {
		if n.Members[i].Key == key {
			return n.Members[i].Value
		}
	}
	return nil
}

// Text is a string's value ("" and false for any other kind).
func (n *Node) Text() (string, bool) {
	if n == nil || n.Kind != String {
		return "", false
	}
	return n.Str, true
}

// Parse parses one JSON5 value (a leading BOM and surrounding whitespace
// and comments allowed). Errors are *jsonpos.Error with line and column.
// Duplicate keys are refused, as jsonpos refuses them in JSON: JSON5.parse
// keeps the last, and a user who wrote both may mean either.
func Parse(data []byte) (*Node, error) {
	p := &parser{b: data}
	p.space()
	if p.i >= len(p.b) {
		return nil, p.fail(p.i, "no value: the file is empty")
	}
	n, err := p.value(0)
	if err != nil {
		return nil, err
	}
	p.space()
	if p.err != nil {
		return nil, p.err
	}
	if p.i < len(p.b) {
		return nil, p.fail(p.i, "unexpected text after the value")
	}
	return n, nil
}

type parser struct {
	b   []byte
	i   int
	err error // an unterminated comment, found while skipping space
}

func (p *parser) fail(at int, format string, a ...any) error {
	return jsonpos.At(p.b, at, fmt.Sprintf(format, a...))
}

func (p *parser) rune() (rune, int) { return utf8.DecodeRune(p.b[p.i:]) }

func isSpace(r rune) bool {
	switch r {
	case '\t', '\n', '\v', '\f', '\r', ' ', 0xA0, 0x2028, 0x2029, 0xFEFF:
		return true
	}
	return unicode.Is(unicode.Zs, r)
}

func isEOL(r rune) bool { return r == '\n' || r == '\r' || r == 0x2028 || r == 0x2029 }

// space skips whitespace and comments; an unterminated block comment sets
// p.err.
func (p *parser) space() {
	for p.i < len(p.b) {
		r, w := p.rune()
		switch {
		case isSpace(r):
			p.i += w
		case r == '/' && p.i+1 < len(p.b) && p.b[p.i+1] == '/':
			for p.i < len(p.b) {
				if r, w := p.rune(); isEOL(r) {
					break
				} else {
					p.i += w
				}
			}
		case r == '/' && p.i+1 < len(p.b) && p.b[p.i+1] == '*':
			end := strings.Index(string(p.b[p.i+2:]), "*/")
			if end < 0 {
				if p.err == nil {
					p.err = p.fail(p.i, "unterminated /* comment")
				}
				p.i = len(p.b)
				return
			}
			p.i += end + 4
		default:
			return
		}
	}
}

func (p *parser) value(depth int) (*Node, error) {
	if p.err != nil {
		return nil, p.err
	}
	if depth > MaxDepth {
		return nil, p.fail(p.i, "nested more than %d levels deep", MaxDepth)
	}
	if p.i >= len(p.b) {
		return nil, p.fail(p.i, "unexpected end of file: a value is missing")
	}
	start := p.i
	switch c := p.b[p.i]; {
	case c == '{':
		return p.object(depth)
	case c == '[':
		return p.array(depth)
	case c == '"' || c == '\'':
		s, err := p.str()
		if err != nil {
			return nil, err
		}
		return &Node{Kind: String, Start: start, End: p.i, Str: s, Quote: c, Comma: -1}, nil
	case c == '+' || c == '-' || c == '.' || (c >= '0' && c <= '9') || c == 'I' || c == 'N':
		if err := p.number(); err != nil {
			return nil, err
		}
		return &Node{Kind: Number, Start: start, End: p.i, Str: string(p.b[start:p.i]), Comma: -1}, nil
	}
	for _, lit := range []struct {
		text string
		kind Kind
	}{{"true", Bool}, {"false", Bool}, {"null", Null}} {
		if strings.HasPrefix(string(p.b[p.i:min(len(p.b), p.i+5)]), lit.text) && !p.identAt(p.i+len(lit.text)) {
			p.i += len(lit.text)
			return &Node{Kind: lit.kind, Start: start, End: p.i, Str: lit.text, Comma: -1}, nil
		}
	}
	r, _ := p.rune()
	return nil, p.fail(p.i, "unexpected %s: a value is expected", strconv.QuoteRune(r))
}

// identAt reports whether an identifier character sits at offset i (so a
// literal such as "true" is a prefix of a longer word).
func (p *parser) identAt(i int) bool {
	if i >= len(p.b) {
		return false
	}
	r, _ := utf8.DecodeRune(p.b[i:])
	return identPart(r)
}

func (p *parser) object(depth int) (*Node, error) {
	n := &Node{Kind: Object, Start: p.i, Comma: -1}
	p.i++
	seen := map[string]bool{}
	for {
		p.space()
		if p.err != nil {
			return nil, p.err
		}
		if p.i >= len(p.b) {
			return nil, p.fail(n.Start, "unterminated object: no closing }")
		}
		if p.b[p.i] == '}' {
			p.i++
			n.End = p.i
			return n, nil
		}
		if len(n.Members) > 0 && n.Members[len(n.Members)-1].Value.Comma < 0 {
			return nil, p.fail(p.i, "a comma or } is expected after a member")
		}
		m := Member{KeyStart: p.i}
		var err error
		if c := p.b[p.i]; c == '"' || c == '\'' {
			m.Key, err = p.str()
		} else {
			m.Key, err = p.ident()
			m.Bare = true
		}
		if err != nil {
			return nil, err
		}
		m.KeyEnd = p.i
		if seen[m.Key] {
			return nil, p.fail(m.KeyStart, "duplicate key %q", m.Key)
		}
		seen[m.Key] = true
		p.space()
		if p.err != nil {
			return nil, p.err
		}
		if p.i >= len(p.b) || p.b[p.i] != ':' {
			return nil, p.fail(p.i, "a colon is expected after the key %q", m.Key)
		}
		p.i++
		p.space()
		if m.Value, err = p.value(depth + 1); err != nil {
			return nil, err
		}
		n.Members = append(n.Members, m)
		if p.comma(m.Value); p.err != nil {
			return nil, p.err
		}
	}
}

func (p *parser) array(depth int) (*Node, error) {
	n := &Node{Kind: Array, Start: p.i, Comma: -1}
	p.i++
	for {
		p.space()
		if p.err != nil {
			return nil, p.err
		}
		if p.i >= len(p.b) {
			return nil, p.fail(n.Start, "unterminated array: no closing ]")
		}
		if p.b[p.i] == ']' {
			p.i++
			n.End = p.i
			return n, nil
		}
		if len(n.Elems) > 0 && n.Elems[len(n.Elems)-1].Comma < 0 {
			return nil, p.fail(p.i, "a comma or ] is expected after an element")
		}
		v, err := p.value(depth + 1)
		if err != nil {
			return nil, err
		}
		n.Elems = append(n.Elems, v)
		p.comma(v)
	}
}

// comma records the comma after v, when one follows.
func (p *parser) comma(v *Node) {
	p.space()
	if p.i < len(p.b) && p.b[p.i] == ',' {
		v.Comma = p.i
		p.i++
	}
}
