package probe

import (
	"slices"
	"strings"
	"unicode"
)

// smallMarkers are the name parts vendors give their small, fast models
// (a "-haiku-" model, gpt-4o-mini, gemini-2.5-flash-lite, gpt-4.1-nano).
var smallMarkers = []string{"haiku", "mini", "flash", "lite", "nano", "small"}

// IsSmall reports whether a model id names a small, fast model.
func IsSmall(id string) bool {
	for _, t := range modelTokens(strings.ToLower(id)) {
		if slices.Contains(smallMarkers, t) {
			return true
		}
	}
	return false
}

// ClosestSmall picks the served model to use in place of want, a small
// model the gateway does not serve (a tool's default background model): the
// served small model closest to want, else the small one closest to main
// (gpt-4o → gpt-4o-mini), else any small one, else the served model
// closest to want; "" when nothing fits (the caller then falls back to
// main, which the gateway serves).
func ClosestSmall(want, main string, served []string) string {
	var small []string
	for _, id := range served {
		if IsSmall(id) {
			small = append(small, id)
		}
	}
	for _, near := range [][]string{named(want, Closest(want, small, 1)), named(main, Closest(main, small, 1)), small, named(want, Closest(want, served, 1))} {
		if len(near) > 0 {
			return near[0]
		}
	}
	return ""
}

// named keeps the ids that share a name part with letters in it with want:
// vendor-haiku-4-5 and vendor-sonnet-4-5 are kin, gpt-4.1-nano and
// vendor-haiku-4-5 only share a version digit.
func named(want string, ids []string) []string {
	var words []string
	for _, t := range modelTokens(strings.ToLower(want)) {
		if strings.IndexFunc(t, unicode.IsLetter) >= 0 {
			words = append(words, t)
		}
	}
	var out []string
	for _, id := range ids {
		for _, t := range modelTokens(strings.ToLower(id)) {
			if slices.Contains(words, t) {
				out = append(out, id)
				break
			}
		}
	}
	return out
}
