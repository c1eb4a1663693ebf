package redact

import "strings"

// Mask hides a key as the contract says: keys of 16 or more characters show
// at most their first and last 4; shorter keys are hidden whole, so their
// length is not revealed either. This is the one masking function.
func Mask(key string) string {
	if key == "" {
		return ""
	}
	r := []rune(key)
	if len(r) < 16 {
		return "****"
	}
	return string(r[:4]) + "****" + string(r[len(r)-4:])
}

// Redact replaces every occurrence of each non-empty secret in s by its
// mask, and hides credentials in any URL in s (RedactURL). Used on
// anything that might echo a key back: logs, evidence, diffs, reports.
func Redact(s string, secrets ...string) string {
	s = RedactURL(s)
	for _, k := range secrets {
		if len(k) < 4 { // too short to search for without mangling text
			continue
		}
		s = strings.ReplaceAll(s, k, Mask(k))
	}
	return s
}
