package catalog

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Clean returns the first max bytes of b as text a terminal can show:
// invalid UTF-8 replaced, line breaks and tabs as spaces, other control
// characters (escape sequences included) removed, runs of spaces squeezed.
func Clean(b []byte, max int) string {
	cut := len(b) > max
	if cut {
		b = b[:max]
		for i := 0; i < utf8.UTFMax && len(b) > 0; i++ { // do not end inside a rune
			if r, _ := utf8.DecodeLastRune(b); r != utf8.RuneError {
				break
			}
			b = b[:len(b)-1]
		}
	}
	var sb strings.Builder
	space := false
	for _, r := range strings.ToValidUTF8(string(b), "\uFFFD") {
		switch {
		case r == '\n' || r == '\r' || r == '\t' || r == ' ':
			if !space && sb.Len() > 0 {
				sb.WriteByte(' ')
			}
			space = true
			continue
		case unicode.IsControl(r), r == '\u2028', r == '\u2029', unicode.Is(unicode.Cf, r):
			continue
		}
		space = false
		sb.WriteRune(r)
	}
	s := strings.TrimRight(sb.String(), " ")
	if cut {
		s += "…"
	}
	return s
}
