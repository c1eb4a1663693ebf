package human

import (
	"strings"
	"unicode"
)

// LooksLikeName reports whether a word a parser read as a name (a .env
// variable, a TOML key) looks like one a person wrote: safe to quote in
// an error message. A word of 16 or more characters in mixed case, with
// no underscore, or with four digits or more looks like a key or token
// pasted where a name belongs (ghp_…, sk_live_…, a hex secret, an AWS
// access key id): a parse error must not print it.
func LooksLikeName(s string) bool {
	if len(s) < 16 {
		return true
	}
	var upper, lower, under bool
	digits := 0
	for _, r := range s {
		switch {
		case unicode.IsUpper(r):
			upper = true
		case unicode.IsLower(r):
			lower = true
		case unicode.IsDigit(r):
			digits++
		case r == '_' || r == '-' || r == '.':
			under = true
		}
	}
	return !(upper && lower) && under && digits < 4
}

// HideWords replaces in msg each of words that does not look like a name
// (LooksLikeName) with "(a key-like name, not shown)": for a parser's
// message that quotes what it read (TOML's "key X is already defined").
func HideWords(msg string, words ...string) string {
	for _, w := range words {
		if w != "" && !LooksLikeName(w) {
			msg = strings.ReplaceAll(msg, w, "(a key-like name, not shown)")
		}
	}
	return msg
}
