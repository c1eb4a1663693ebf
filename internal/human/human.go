// Package human formats what keydoctor prints for people: counts with the
// right word, durations rounded to what a person can use, and values quoted
// for the shell a fix is pasted into. JSON keeps full precision (Millis).
package human

import (
	"strconv"
	"strings"
	"time"
)

// Plural picks the word for a count.
func Plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// Count is n followed by the word for it: "1 request", "3 requests".
func Count(n int, one, many string) string {
	return strconv.Itoa(n) + " " + Plural(n, one, many)
}

// Duration rounds d for people: 10 µs steps under a millisecond, 0.1 ms
// under a second, 10 ms above ("210µs", "233.3ms", "1.23s").
func Duration(d time.Duration) string {
	switch {
	case d <= 0:
		return "0ms"
	case d < time.Millisecond:
		return d.Round(10 * time.Microsecond).String()
	case d < time.Second:
		return d.Round(100 * time.Microsecond).String()
	}
	return d.Round(10 * time.Millisecond).String()
}

// Millis is d in milliseconds at full precision, for JSON documents.
func Millis(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// ShellQuote quotes v for a POSIX shell when it needs it: a value made
// only of characters no shell treats specially is left bare, so that a
// path keeps its leading ~ working; anything else is single-quoted.
func ShellQuote(v string) string {
	if v != "" && strings.IndexFunc(v, func(r rune) bool { return !shellSafe(r) }) < 0 {
		return v
	}
	return "'" + strings.ReplaceAll(v, "'", `'\''`) + "'"
}

func shellSafe(r rune) bool {
	switch r {
	case '/', '~', ':', '.', '-', '_', ',', '@', '+':
		return true
	}
	return (r >= '0' && r <= '9') || (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z')
}
