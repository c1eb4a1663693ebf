package redact

import (
	"sort"
	"strings"
)

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

// Shown is a key shown on purpose (sk-t****cdef: Mask), where a user is
// told which key is meant: a finding (doctor.ShowKey), a profile, a
// tool's configured value, a recorded request. Every other masking is the
// run's writer's or a record's Scrub; calling Shown marks a call site as
// a deliberate display, so that those can be counted and reviewed.
func Shown(key string) string { return Mask(key) }

// Redact replaces every occurrence of each non-empty secret in s by its
// mask, and hides credentials in any URL in s (RedactURL). Used on
// anything that might echo a key back: logs, evidence, diffs, reports.
func Redact(s string, secrets ...string) string {
	s = RedactURL(s)
	if !holdsAny(s, secrets) {
		return s // most text: nothing to build (a relay scrubs every field of every record)
	}
	var keys []string
	seen := map[string]bool{}
	for _, k := range secrets {
		if len(k) < 4 || seen[k] { // too short to search for without mangling text
			continue
		}
		seen[k] = true
		keys = append(keys, k)
	}
	switch len(keys) {
	case 0:
		return s
	case 1:
		return strings.ReplaceAll(s, keys[0], Mask(keys[0]))
	}
	// One pass for all of them (a diff of a large file can carry
	// thousands: a ReplaceAll each was quadratic). A replacer tries the
	// pairs in order at each position, so the longest goes first and
	// wins over a secret inside it.
	sort.SliceStable(keys, func(i, j int) bool { return len(keys[i]) > len(keys[j]) })
	pairs := make([]string, 0, 2*len(keys))
	for _, k := range keys {
		pairs = append(pairs, k, Mask(k))
	}
	return strings.NewReplacer(pairs...).Replace(s)
}

// holdsAny: some secret Redact would search for (4 bytes or more) is in s.
func holdsAny(s string, secrets []string) bool {
	for _, k := range secrets {
		if len(k) >= 4 && strings.Contains(s, k) {
			return true
		}
	}
	return false
}
