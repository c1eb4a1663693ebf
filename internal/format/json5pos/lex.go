package json5pos

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"
)

// The tokens of JSON5: identifiers (bare keys), strings, numbers.

func identStart(r rune) bool {
	return r == '$' || r == '_' || unicode.IsLetter(r) || unicode.Is(unicode.Nl, r)
}

func identPart(r rune) bool {
	return identStart(r) || unicode.In(r, unicode.Mn, unicode.Mc, unicode.Nd, unicode.Pc) || r == 0x200C || r == 0x200D
}

// ident reads an ECMAScript IdentifierName (\uXXXX escapes included).
func (p *parser) ident() (string, error) {
	var b strings.Builder
	for first := true; p.i < len(p.b); first = false {
		at := p.i
		r, w := p.rune()
		if r == '\\' {
			if p.i+1 >= len(p.b) || p.b[p.i+1] != 'u' {
				return "", p.fail(at, "only \\u escapes are allowed in a key")
			}
			p.i += 2
			var err error
			if r, err = p.hex(4); err != nil {
				return "", err
			}
			w = 0
		} else if r == utf8.RuneError && w <= 1 {
			return "", p.fail(at, "invalid UTF-8")
		}
		if !(first && identStart(r)) && !(!first && identPart(r)) {
			if first {
				return "", p.fail(at, "unexpected %s: a key is expected", strconv.QuoteRune(r))
			}
			if w == 0 {
				return "", p.fail(at, "the escape is not a key character")
			}
			break
		}
		p.i += w
		b.WriteRune(r)
	}
	return b.String(), nil
}

// hex reads n hex digits at p.i.
func (p *parser) hex(n int) (rune, error) {
	if p.i+n > len(p.b) {
		return 0, p.fail(p.i, "%d hex digits are expected", n)
	}
	v, err := strconv.ParseUint(string(p.b[p.i:p.i+n]), 16, 32)
	if err != nil || strings.ContainsAny(string(p.b[p.i:p.i+n]), "+-_") {
		return 0, p.fail(p.i, "%d hex digits are expected", n)
	}
	p.i += n
	return rune(v), nil
}

// str reads a single- or double-quoted string at p.i.
func (p *parser) str() (string, error) {
	q, start := p.b[p.i], p.i
	p.i++
	var b strings.Builder
	var hi rune // a pending high surrogate from \uD8xx
	flush := func() {
		if hi != 0 {
			b.WriteRune(utf8.RuneError)
			hi = 0
		}
	}
	for {
		if p.i >= len(p.b) {
			return "", p.fail(start, "unterminated string")
		}
		at := p.i
		r, w := p.rune()
		switch {
		case r == rune(q):
			p.i++
			flush()
			return b.String(), nil
		case r == '\n' || r == '\r':
			return "", p.fail(at, "a line break inside a string (end the line with \\ to continue it)")
		case r != '\\': // invalid UTF-8 reads as U+FFFD, as Node decodes the file
			flush()
			p.i += w
			b.WriteRune(r)
			continue
		}
		p.i++
		if p.i >= len(p.b) {
			return "", p.fail(start, "unterminated string")
		}
		r, w = p.rune()
		p.i += w
		if r == 'u' {
			u, err := p.hex(4)
			if err != nil {
				return "", err
			}
			switch {
			case utf16.IsSurrogate(u) && u < 0xDC00:
				flush()
				hi = u
			case utf16.IsSurrogate(u) && hi != 0:
				b.WriteRune(utf16.DecodeRune(hi, u))
				hi = 0
			default:
				flush()
				b.WriteRune(u)
			}
			continue
		}
		flush()
		switch r {
		case 'b':
			b.WriteByte('\b')
		case 'f':
			b.WriteByte('\f')
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		case 't':
			b.WriteByte('\t')
		case 'v':
			b.WriteByte('\v')
		case 'x':
			x, err := p.hex(2)
			if err != nil {
				return "", err
			}
			b.WriteRune(x)
		case '0':
			if p.i < len(p.b) && p.b[p.i] >= '0' && p.b[p.i] <= '9' {
				return "", p.fail(at, "\\0 followed by a digit is not allowed")
			}
			b.WriteByte(0)
		case '1', '2', '3', '4', '5', '6', '7', '8', '9':
			return "", p.fail(at, "\\%c is not a valid escape", r)
		case '\r': // a line continuation: \ CR LF or \ CR
			if p.i < len(p.b) && p.b[p.i] == '\n' {
				p.i++
			}
		case '\n', 0x2028, 0x2029: // a line continuation
		default:
			b.WriteRune(r) // \' \" \\ \/ and any other character stand for themselves
		}
	}
}

// number checks a JSON5 number at p.i: [+-] then Infinity, NaN, 0x hex,
// or a decimal with optional leading or trailing point and exponent.
func (p *parser) number() error {
	start := p.i
	if c := p.b[p.i]; c == '+' || c == '-' {
		p.i++
	}
	rest := string(p.b[p.i:])
	for _, word := range []string{"Infinity", "NaN"} {
		if strings.HasPrefix(rest, word) {
			p.i += len(word)
			if p.identAt(p.i) {
				return p.fail(start, "invalid number")
			}
			return nil
		}
	}
	digits := func(hex bool) int {
		n := 0
		for p.i < len(p.b) {
			c := p.b[p.i]
			if !(c >= '0' && c <= '9') && !(hex && (c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F')) {
				break
			}
			p.i++
			n++
		}
		return n
	}
	if strings.HasPrefix(rest, "0x") || strings.HasPrefix(rest, "0X") {
		p.i += 2
		if digits(true) == 0 {
			return p.fail(start, "invalid hex number")
		}
	} else {
		lead := p.i
		n := digits(false)
		if n > 1 && p.b[lead] == '0' {
			return p.fail(start, "a number may not start with 0")
		}
		frac := 0
		if p.i < len(p.b) && p.b[p.i] == '.' {
			p.i++
			frac = digits(false)
		}
		if n == 0 && frac == 0 {
			return p.fail(start, "invalid number")
		}
		if p.i < len(p.b) && (p.b[p.i] == 'e' || p.b[p.i] == 'E') {
			p.i++
			if p.i < len(p.b) && (p.b[p.i] == '+' || p.b[p.i] == '-') {
				p.i++
			}
			if digits(false) == 0 {
				return p.fail(start, "invalid number: no digits after the exponent")
			}
		}
	}
	if p.identAt(p.i) {
		return p.fail(start, "invalid number")
	}
	return nil
}
