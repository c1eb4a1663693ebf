// Package tomlstr writes TOML strings and keys: the one encoder setup's
// TOML config edits and verify's command-line config overrides share.
package tomlstr

import (
	"fmt"
	"strings"
)

// Quote encodes s as a TOML basic string: quotes, backslashes and control
// characters escaped, everything else as is.
func Quote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\u%04X`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// BareKey reports whether s can be written as a TOML key without quotes
// (and so inside a dotted `-c` path as is).
func BareKey(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !(r == '_' || r == '-' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}
