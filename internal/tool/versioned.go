package tool

import (
	"strings"

	"golang.org/x/mod/semver"
)

// A tool's facts change between its versions (a file it stops reading, a
// variable renamed, a legacy shape it starts migrating). A fact doctor
// relies on is therefore kept as Facts: its value per range of versions,
// each range the versions it was observed in (docs/tools.md records each
// observation). Doctor looks the fact up for the version it detected
// (toolversion), so two users running two versions get two verdicts from
// the same file.

// Span is one value of a fact and the versions it holds for.
type Span[T any] struct {
	// From is the first version the value holds for ("" : every older
	// one); the span ends where the next one starts.
	From string
	// Seen are the versions it was observed with, oldest first: the
	// last is the newest version keydoctor knows it for.
	Seen []string
	// Value is the fact.
	Value T
}

// Facts is one fact across versions, its spans oldest first (each From
// after the one before).
type Facts[T any] []Span[T]

// Verdict says how a fact was picked for a version.
type Verdict int

const (
	// Within: the version lies in a span (observed, or between two
	// versions observed).
	Within Verdict = iota
	// Newest: no version was detected; the newest facts apply.
	Newest
	// Newer: the version is newer than any observed; the newest facts
	// apply, and doctor says once that they are older (facts-older).
	Newer
)

// For is the fact's value for version v (as toolversion reports it, no
// "v"): the span holding v; with v empty or not a version, the newest;
// newer than every version observed, the newest (Newer).
func (f Facts[T]) For(v string) (T, Verdict) {
	var zero T
	if len(f) == 0 {
		return zero, Newest
	}
	newest := f[len(f)-1]
	if !Valid(v) {
		return newest.Value, Newest
	}
	for i := len(f) - 1; i >= 0; i-- {
		if f[i].From == "" || CompareVersions(v, f[i].From) >= 0 {
			if i == len(f)-1 && CompareVersions(v, f.Newest()) > 0 {
				return f[i].Value, Newer
			}
			return f[i].Value, Within
		}
	}
	// Older than the first span's From: that span is the oldest known.
	return f[0].Value, Within
}

// Value is For without the verdict.
func (f Facts[T]) Value(v string) T {
	x, _ := f.For(v)
	return x
}

// Newest is the newest version any span was observed with ("" when none
// says).
func (f Facts[T]) Newest() string {
	newest := ""
	for _, s := range f {
		for _, seen := range s.Seen {
			if newest == "" || CompareVersions(seen, newest) > 0 {
				newest = seen
			}
		}
	}
	return newest
}

// Valid reports whether v is a version Facts can place (semver without
// the "v").
func Valid(v string) bool {
	return v != "" && !strings.HasPrefix(v, "v") && semver.IsValid("v"+v)
}

// CompareVersions orders two versions as semver does (-1, 0, +1); one
// that is not a version sorts before any that is.
func CompareVersions(a, b string) int { return semver.Compare("v"+a, "v"+b) }
