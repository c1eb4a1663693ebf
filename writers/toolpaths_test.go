package writers

import (
	"path/filepath"
	"testing"

	"github.com/keydoctor/keydoctor/internal/tool"
)

// pathOf is the file of role in a registered tool's description, as the
// tool's package places it for o's environment and project: writers'
// tests name the files they plant through the registry, since a tool
// package imports writers and writers' tests cannot import it back.
func pathOf(tb testing.TB, o Options, id, role string) string {
	tb.Helper()
	t, ok := tool.Lookup(id)
	if !ok {
		tb.Fatalf("no tool %q registered", id)
	}
	f, ok := t.File(o.Env, o.Project, role)
	if !ok {
		tb.Fatalf("%s has no %q file", id, role)
	}
	return f.Path
}

// dirOf is the directory of pathOf, up levels above it.
func dirOf(tb testing.TB, o Options, id, role string, up int) string {
	tb.Helper()
	d := filepath.Dir(pathOf(tb, o, id, role))
	for range up {
		d = filepath.Dir(d)
	}
	return d
}
