package json5pos

import (
	"fmt"
	"strconv"
	"strings"
)

// How edit.go writes a new value: JSON5 in the style of the file.

func isIdent(s string) bool {
	for i, r := range s {
		if (i == 0 && !identStart(r)) || !identPart(r) {
			return false
		}
	}
	return s != ""
}

func (d *Doc) render(v any, indent string, inline, bare bool) string {
	if inline {
		return render(v, "", "", "", '"', bare)
	}
	return render(v, indent, d.unit, d.eol, '"', bare)
}

// render writes v as JSON5: strings in quote q, keys bare when bare and
// they can be, objects and arrays over lines indented from indent.
func render(v any, indent, unit, eol string, q byte, bare bool) string {
	switch x := v.(type) {
	case string:
		return quote(x, q)
	case Obj:
		if len(x) == 0 {
			return "{}"
		}
		var b strings.Builder
		b.WriteString("{")
		for i, f := range x {
			if i > 0 {
				b.WriteString(",")
			}
			k := strconv.Quote(f.Key)
			if bare && isIdent(f.Key) {
				k = f.Key
			}
			b.WriteString(sep(eol, indent+unit) + k + ": " + render(f.Value, indent+unit, unit, eol, '"', bare))
		}
		return b.String() + sep(eol, indent) + "}"
	case []any:
		if len(x) == 0 {
			return "[]"
		}
		var b strings.Builder
		b.WriteString("[")
		for i, e := range x {
			if i > 0 {
				b.WriteString(",")
			}
			b.WriteString(sep(eol, indent+unit) + render(e, indent+unit, unit, eol, '"', bare))
		}
		return b.String() + sep(eol, indent) + "]"
	case bool:
		return strconv.FormatBool(x)
	case int:
		return strconv.Itoa(x)
	case float64:
		return strconv.FormatFloat(x, 'g', -1, 64)
	case nil:
		return "null"
	}
	panic(fmt.Sprintf("json5pos: cannot render %T", v))
}

// sep is a line break and indent, or one space on one line (eol "").
func sep(eol, indent string) string {
	if eol == "" {
		return " "
	}
	return eol + indent
}

// quote writes s as a JSON string in quote q (escaping q, the backslash,
// controls and the two line separators JSON5 would otherwise take as text).
func quote(s string, q byte) string {
	var b strings.Builder
	b.WriteByte(q)
	for _, r := range s {
		switch {
		case r == rune(q) || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x20 || r == 0x7f || r == 0x2028 || r == 0x2029:
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte(q)
	return b.String()
}

// plain is a node's value as Go values (numbers as their text).
func plain(n *Node) any {
	switch n.Kind {
	case Object:
		m := map[string]any{}
		for _, f := range n.Members {
			m[f.Key] = plain(f.Value)
		}
		return m
	case Array:
		a := []any{}
		for _, e := range n.Elems {
			a = append(a, plain(e))
		}
		return a
	case String:
		return n.Str
	case Null:
		return nil
	case Bool:
		return n.Str == "true"
	}
	return "#" + n.Str
}

// normal is v in plain's terms.
func normal(v any) any {
	switch x := v.(type) {
	case Obj:
		m := map[string]any{}
		for _, f := range x {
			m[f.Key] = normal(f.Value)
		}
		return m
	case []any:
		a := []any{}
		for _, e := range x {
			a = append(a, normal(e))
		}
		return a
	case int, float64:
		return "#" + render(x, "", "", "", '"', false)
	}
	return v
}

// Plain is a node's value as Go values: map[string]any, []any, string,
// bool, nil, and numbers as their text prefixed with "#".
func Plain(n *Node) any { return plain(n) }
