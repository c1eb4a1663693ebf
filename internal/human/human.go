// Package human formats what keydoctor prints for people: counts with the
// right word, durations rounded to what a person can use, and values quoted
// for the shell a fix is pasted into. JSON keeps full precision (Millis).
package human

import (
	"fmt"
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

// OrList is "a, b or c" ("a" for one, "" for none).
func OrList(s []string) string {
	if len(s) < 2 {
		return strings.Join(s, "")
	}
	return strings.Join(s[:len(s)-1], ", ") + " or " + s[len(s)-1]
}

// Count is n followed by the word for it: "1 request", "3 requests".
func Count(n int, one, many string) string {
	return strconv.Itoa(n) + " " + Plural(n, one, many)
}

// Duration rounds d to the digits a person uses, in the unit latencies
// are read in: "0.21ms", "4.7ms", "233ms", "1.2s", "10s", "1m30s".
func Duration(d time.Duration) string {
	ms := Millis(d)
	switch {
	case d <= 0:
		return "0ms"
	case ms < 10:
		return trimZeros(fmt.Sprintf("%.2f", ms)) + "ms"
	case ms < 1000:
		return fmt.Sprintf("%.0fms", ms)
	case d < time.Minute:
		return trimZeros(fmt.Sprintf("%.2f", d.Seconds())) + "s"
	}
	return d.Round(time.Second).String()
}

// trimZeros drops the zeros a decimal ends in, and then its point.
func trimZeros(s string) string {
	if strings.Contains(s, ".") {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	return s
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
