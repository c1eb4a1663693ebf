package dotenv

import (
	"bytes"
	"strings"
	"unicode/utf8"

	"github.com/keydoctor/keydoctor/internal/human"
)

// parser walks the raw bytes once, keeping the position for errors.
type parser struct {
	b         []byte
	pos       int
	line      int // 1-based
	lineStart int
}

func parse(raw []byte) ([]Entry, error) {
	p := &parser{b: raw, line: 1}
	if bytes.HasPrefix(raw, bom) {
		p.pos, p.lineStart = len(bom), len(bom)
	}
	var out []Entry
	for p.pos < len(p.b) {
		e, ok, err := p.statement()
		if err != nil {
			return nil, err
		}
		if ok {
			out = append(out, e)
		}
	}
	return out, nil
}

func (p *parser) errorf(at int, msg string) *SyntaxError {
	col := utf8.RuneCount(p.b[p.lineStart:at]) + 1
	return &SyntaxError{Line: p.line, Col: col, Msg: msg}
}

func (p *parser) skipBlanks() {
	for p.pos < len(p.b) && (p.b[p.pos] == ' ' || p.b[p.pos] == '\t') {
		p.pos++
	}
}

// atEOL reports whether pos is at a line ending (LF or CRLF) or the end.
func (p *parser) atEOL() bool {
	if p.pos >= len(p.b) || p.b[p.pos] == '\n' {
		return true
	}
	return p.b[p.pos] == '\r' && p.pos+1 < len(p.b) && p.b[p.pos+1] == '\n'
}

// endLine consumes the rest of a line (a comment) and its line ending.
func (p *parser) endLine() {
	for p.pos < len(p.b) && p.b[p.pos] != '\n' {
		p.pos++
	}
	if p.pos < len(p.b) {
		p.pos++
		p.newline(p.pos)
	}
}

func (p *parser) newline(start int) { p.line++; p.lineStart = start }

// statement reads one line: blank, comment or assignment.
func (p *parser) statement() (Entry, bool, error) {
	p.skipBlanks()
	if p.atEOL() || p.b[p.pos] == '#' {
		p.endLine()
		return Entry{}, false, nil
	}
	e := Entry{Line: p.line}
	if rest := p.b[p.pos:]; bytes.HasPrefix(rest, []byte("export")) && len(rest) > 6 && (rest[6] == ' ' || rest[6] == '\t') {
		e.Export = true
		p.pos += 6
		p.skipBlanks()
	}
	start := p.pos
	for p.pos < len(p.b) && isKeyByte(p.b[p.pos], p.pos == start) {
		p.pos++
	}
	if p.pos == start {
		return e, false, p.errorf(p.pos, "expected a variable name")
	}
	e.Key = string(p.b[start:p.pos])
	p.skipBlanks()
	if p.pos >= len(p.b) || p.b[p.pos] != '=' {
		if !human.LooksLikeName(e.Key) {
			// A key or token pasted without NAME=: never echo it.
			return e, false, p.errorf(start, "expected NAME=value, found a bare word that looks like a key or token (not shown)")
		}
		return e, false, p.errorf(p.pos, "expected = after "+e.Key)
	}
	p.pos++
	p.skipBlanks()
	if err := p.value(&e); err != nil {
		return e, false, err
	}
	return e, true, nil
}

// value reads the value and the rest of its (last) line.
func (p *parser) value(e *Entry) error {
	e.valStart = p.pos
	if p.pos < len(p.b) && (p.b[p.pos] == '"' || p.b[p.pos] == '\'') {
		return p.quoted(e)
	}
	// Bare: up to the line ending or a comment after white space.
	end := p.pos
	for !p.atEOL() {
		c := p.b[p.pos]
		if c == '#' && p.pos > e.valStart && (p.b[p.pos-1] == ' ' || p.b[p.pos-1] == '\t') {
			break
		}
		p.pos++
		if c != ' ' && c != '\t' && c != '\r' { // a stray CR is trailing space, not value
			end = p.pos
		}
	}
	e.valEnd = end
	e.Value = string(p.b[e.valStart:end])
	p.endLine()
	return nil
}

func (p *parser) quoted(e *Entry) error {
	q := p.b[p.pos]
	e.Quote = q
	openLine, openCol := p.line, p.errorf(p.pos, "").Col
	p.pos++
	var sb strings.Builder
	for {
		if p.pos >= len(p.b) {
			return &SyntaxError{Line: openLine, Col: openCol, Msg: "unterminated quoted value of " + e.Key}
		}
		c := p.b[p.pos]
		switch {
		case c == q:
			p.pos++
			e.valEnd = p.pos
			e.Value = sb.String()
			p.skipBlanks()
			if !p.atEOL() && p.b[p.pos] != '#' {
				return p.errorf(p.pos, "unexpected text after the closing quote of "+e.Key)
			}
			p.endLine()
			return nil
		case c == '\\' && q == '"' && p.pos+1 < len(p.b):
			p.pos += 2
			switch n := p.b[p.pos-1]; n {
			case 'n':
				sb.WriteByte('\n')
			case 'r':
				sb.WriteByte('\r')
			case 't':
				sb.WriteByte('\t')
			case '"', '\\', '$':
				sb.WriteByte(n)
			default: // unknown escapes stay as written, as python-dotenv does
				sb.WriteByte('\\')
				p.pos--
			}
		case c == '\n':
			sb.WriteByte(c)
			p.pos++
			p.newline(p.pos)
		default:
			sb.WriteByte(c)
			p.pos++
		}
	}
}

// encode writes value so that parse reads it back exactly, in the quote
// style prefer when that style can hold it, else bare when it is safe,
// else in single quotes, else in double quotes with escapes.
func encode(value string, prefer byte) string {
	single := !strings.ContainsAny(value, "'\r")
	switch {
	case prefer == '"':
		return doubleQuote(value)
	case prefer == '\'' && single:
		return "'" + value + "'"
	case bareSafe(value):
		return value
	case single && !strings.Contains(value, "\n"):
		return "'" + value + "'"
	}
	return doubleQuote(value)
}

func doubleQuote(v string) string {
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`, "\r", `\r`, "\t", `\t`, "$", `\$`)
	return `"` + r.Replace(v) + `"`
}

// bareSafe: characters that mean the same to every loader when unquoted.
func bareSafe(v string) bool {
	for i := 0; i < len(v); i++ {
		c := v[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
		case strings.IndexByte("_-./:@+,=%^", c) >= 0: // nothing a shell sourcing the file expands
		default:
			return false
		}
	}
	return true
}
