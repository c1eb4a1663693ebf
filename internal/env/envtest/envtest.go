// Package envtest builds hermetic environments for tests: a temporary
// home holding the given files, and an *env.Env whose variables are the
// given ones plus HOME, on linux paths.
package envtest

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/testutil"
)

// Home writes files (paths relative to a new temporary home) and returns
// an Env whose variables are vars plus HOME, with that home.
func Home(t testing.TB, files, vars map[string]string) (*env.Env, string) {
	t.Helper()
	dir := testutil.TempDir(t)
	for name, body := range files {
		Write(t, filepath.Join(dir, name), body)
	}
	m := map[string]string{"HOME": dir}
	for k, v := range vars {
		m[k] = v
	}
	e := env.FromMap(m)
	e.GOOS = "linux"
	return e, dir
}

// Write writes content to path (0600), creating its directories (0700).
func Write(t testing.TB, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
		t.Fatal(err)
	}
}
