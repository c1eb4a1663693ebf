package testutil

import (
	"os"
	"path/filepath"
	"testing"
)

func TestRemoveTree(t *testing.T) {
	dir := TempDir(t)
	root := filepath.Join(dir, "a b", "张三")
	if err := os.MkdirAll(filepath.Join(root, "x", "y"), 0o700); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"x/y/f", "x/g", "h"} {
		if err := os.WriteFile(filepath.Join(root, f), []byte("z"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	os.Chmod(filepath.Join(root, "h"), 0o400) // read-only: Windows refuses to delete it as is
	if err := RemoveTree(filepath.Join(dir, "a b")); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Lstat(filepath.Join(dir, "a b")); !os.IsNotExist(err) {
		t.Errorf("still there: %v", err)
	}
	if err := RemoveTree(filepath.Join(dir, "missing")); err != nil {
		t.Errorf("missing dir: %v", err)
	}
}
