package gateway

import (
	"fmt"
	"sort"
)

// CheckKeys refuses a key of a keydoctor YAML file (config.yaml,
// profiles.yaml, keydoctor.yaml) that it does not know: a typo such as
// baseurl would otherwise be silently ignored. The error names the key
// and the closest known one.
func CheckKeys(file string, m map[string]any, known []string) error {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if contains(known, k) {
			continue
		}
		hint := "known keys: " + join(known)
		if c := Closest(k, known); c != "" {
			hint = "did you mean " + c
		}
		return &UsageError{Msg: fmt.Sprintf("%s: unknown key %q", file, k), Hint: hint}
	}
	return nil
}

// Closest is the known word nearest to w (edit distance, ignoring '_'
// and '-'), or "" when none is near enough to be a typo.
func Closest(w string, known []string) string {
	best, bestD := "", 1<<30
	for _, k := range known {
		if d := distance(squash(w), squash(k)); d < bestD {
			best, bestD = k, d
		}
	}
	if bestD > 2 && bestD*2 > len(w) {
		return ""
	}
	return best
}

func squash(s string) string {
	out := make([]rune, 0, len(s))
	for _, r := range s {
		if r == '_' || r == '-' {
			continue
		}
		if r >= 'A' && r <= 'Z' {
			r += 'a' - 'A'
		}
		out = append(out, r)
	}
	return string(out)
}

// distance is the Levenshtein distance.
func distance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur := make([]int, len(rb)+1)
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(rb)]
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func join(list []string) string {
	out := ""
	for i, s := range list {
		if i > 0 {
			out += ", "
		}
		out += s
	}
	return out
}
