package truth

import (
	"bytes"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Expect is what keydoctor's facts for one version of a tool say a turn
// comes to beyond the request its reader predicts: a file it does not
// parse (a byte order mark, a trailing comma) stops it before any
// request, and a turn may rewrite the tool's own files (a settings
// migration) or leave them as they were.
type Expect struct {
	// NoRequest: no model request reaches the gateway (the tool stops,
	// or starts with its settings reset).
	NoRequest bool
	// Model, when set, is the model the facts for the version say is
	// asked for, where the reader (which knows no version) predicts the
	// newest version's (a built-in alias id).
	Model string
	// Files say what becomes of a file after the turn, by its name in
	// the case's Files ("~/…" in the home, else the project).
	Files map[string]FileState
	// Leftover: the turn leaves a process of its own running after it
	// ends (a daemon in a session of its own); the harness ends it.
	Leftover bool
}

// FileState is what a turn leaves of a file.
type FileState string

const (
	Kept    FileState = "kept"    // the same bytes as written
	Changed FileState = "changed" // other bytes (migrated, normalised, emptied)
	Gone    FileState = "gone"    // no longer there (renamed away)
	Present FileState = "present" // there, whatever it holds (a file the tool creates)
)

// stateOf is what became of a file the case wrote as want (nil: it
// wrote none).
func stateOf(path string, want []byte) FileState {
	b, err := os.ReadFile(path)
	switch {
	case err != nil:
		return Gone
	case want == nil:
		return Present
	case bytes.Equal(b, want):
		return Kept
	}
	return Changed
}

// compareFiles lists each file whose state differs from the expectation.
func compareFiles(exp map[string]FileState, home, project string, written map[string][]byte) []string {
	names := make([]string, 0, len(exp))
	for n := range exp {
		names = append(names, n)
	}
	sort.Strings(names)
	var out []string
	for _, name := range names {
		want := exp[name]
		got := stateOf(casePath(name, home, project), written[name])
		if got == want || want == Present && (got == Kept || got == Changed) {
			continue
		}
		out = append(out, name+" "+string(got)+", predicted "+string(want))
	}
	return out
}

// casePath is where a case's file lies: "~/…" in the home, else in the
// project.
func casePath(name, home, project string) string {
	if rest, ok := strings.CutPrefix(name, "~/"); ok {
		return filepath.Join(home, filepath.FromSlash(rest))
	}
	return filepath.Join(project, filepath.FromSlash(name))
}
