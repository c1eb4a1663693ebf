package human

import "strings"

// Clip is s on one line (runs of white space as one space), cut to n
// runes with "…" when longer.
func Clip(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > n {
		return string(r[:n]) + "…"
	}
	return s
}
