// Package testutil holds what the tests of many packages share and the
// standard library does not give on every system they run on.
package testutil

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TempDir is t.TempDir, removed again by a walk that deletes one entry at
// a time on Windows: under Wine 8, where CI runs the Windows test binaries,
// os.RemoveAll fails ("Invalid function": the POSIX-semantics delete it
// asks NtSetInformationFile for is not implemented there, and Go falls
// back only on the answers real Windows gives), so t.TempDir's own
// cleanup fails every test that wrote a file. os.Remove works there.
func TempDir(t testing.TB) string {
	t.Helper()
	if runtime.GOOS != "windows" {
		return t.TempDir()
	}
	name := strings.NewReplacer("/", "_", "\\", "_", ":", "_", "*", "_", "?", "_", "\"", "_", "<", "_", ">", "_", "|", "_").Replace(t.Name())
	if len(name) > 64 {
		name = name[:64]
	}
	dir, err := os.MkdirTemp("", name)
	if err != nil {
		t.Fatalf("TempDir: %v", err)
	}
	t.Cleanup(func() {
		if err := RemoveTree(dir); err != nil {
			t.Errorf("TempDir cleanup: %v", err)
		}
	})
	return dir
}

// RemoveTree removes dir and everything under it, deepest first, with
// os.Remove only (see TempDir); read-only files are made writable first,
// as Windows refuses to delete them. A missing dir is no error.
func RemoveTree(dir string) error {
	var paths []string
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		paths = append(paths, p)
		return nil
	})
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		return err
	}
	for i := len(paths) - 1; i >= 0; i-- {
		err := os.Remove(paths[i])
		if os.IsPermission(err) {
			os.Chmod(paths[i], 0o700)
			err = os.Remove(paths[i])
		}
		if err != nil && !os.IsNotExist(err) {
			return err
		}
	}
	return nil
}
