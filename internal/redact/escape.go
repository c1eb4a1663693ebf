package redact

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// What a terminal acts on instead of showing, and so what no string from a
// gateway or a cloned repository may put in front of the user raw: C0
// controls (ESC starts OSC 52 clipboard writes, ESC[2J, title changes, OSC
// 8 hyperlinks; BEL, BS and CR rewrite what was shown), DEL, C1 controls
// (U+0080–U+009F, and the lone bytes 0x80–0x9F an 8-bit terminal reads as
// CSI and OSC), bytes that are not UTF-8, and the bidi overrides and
// isolates (U+202A–U+202E, U+2066–U+2069) that reorder what is shown.
// Each is shown as its Go escape: ESC is the four characters \x1b.

// Untrusted is s with every control character escaped, newlines and
// tabs too: a value a gateway or a file chose (a model id, a setting)
// that reaches a terminal NOT through a Writer (the setup wizard draws
// the screen itself), or must stay on one line. Text printed through a
// Writer needs no call: it escapes every control byte but keydoctor's
// marked own ones (own.go).
func Untrusted(s string) string {
	if clean(s) {
		return s
	}
	var b strings.Builder
	escapeTo(&b, s, policy{})
	return b.String()
}

// ValidText reports the first control character of s as Untrusted shows
// it (\x1b, \u202e), or "" when s has none: a value that goes into a
// tool's file is refused, not escaped.
func ValidText(s string) string {
	for i, n := 0, 0; i < len(s); i += n {
		var r rune
		r, n = utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 {
			return fmt.Sprintf(`\x%02x`, s[i])
		}
		if unsafeRune(r) {
			var b strings.Builder
			escapeTo(&b, s[i:i+n], policy{})
			return b.String()
		}
	}
	return ""
}

// clean: nothing to escape (the common case, checked without allocating).
func clean(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c == 0x7f {
			return false
		} else if c >= 0x80 {
			return ValidText(s[i:]) == ""
		}
	}
	return true
}

func unsafeRune(r rune) bool {
	return r < 0x20 || r == 0x7f || r >= 0x80 && r <= 0x9f ||
		r >= 0x202a && r <= 0x202e || r >= 0x2066 && r <= 0x2069
}

// policy says which of keydoctor's own controls pass the Writer.
type policy struct {
	lines  bool // \n and \t, and the sequences keydoctor marked as its own (own.go)
	colour bool // its SGR colour sequences
	redraw bool // its ClearLine: progress lines redrawn in place
}

// escapeTo writes s to b with everything p does not let through escaped.
// Only a marked sequence is keydoctor's own: a raw ESC is escaped
// whatever p says, so a colour code someone else wrote shows as text.
func escapeTo(b *strings.Builder, s string, p policy) {
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c >= 0x20 && c < 0x7f:
			b.WriteByte(c)
			i++
			continue
		case p.lines && (c == '\n' || c == '\t'):
			b.WriteByte(c)
			i++
			continue
		case p.lines && c == '\r' && i+1 < len(s) && s[i+1] == '\n':
			b.WriteByte(c) // a CRLF line end (a diff of a CRLF file)
			i++
			continue
		case c == 0x1b && p.lines:
			if n, real := ownMarked(s[i:], p); n > 0 {
				b.WriteString(real)
				i += n
				continue
			}
		}
		if c < 0x80 {
			fmt.Fprintf(b, `\x%02x`, c)
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			fmt.Fprintf(b, `\x%02x`, c)
		case unsafeRune(r):
			fmt.Fprintf(b, `\u%04x`, r)
		default:
			b.WriteString(s[i : i+n])
		}
		i += n
	}
}

// ownAttributes: the SGR attributes keydoctor's palette uses (bold,
// faint, italic, underline, their resets, a foreground colour: never
// conceal, blink, reverse or a background that could hide text).
func ownAttributes(params string) bool {
	for _, a := range strings.Split(params, ";") {
		n, err := strconv.Atoi(a)
		switch {
		case a == "":
		case err != nil:
			return false
		case n <= 4, n >= 22 && n <= 24, n == 39, n >= 30 && n <= 37, n >= 90 && n <= 97:
		default:
			return false
		}
	}
	return true
}
