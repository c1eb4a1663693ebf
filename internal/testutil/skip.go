package testutil

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// SkipUnderWine skips a test of product code that Wine 8, where CI runs
// the Windows test binaries, cannot run as Windows would (why says what).
func SkipUnderWine(t testing.TB, why string) {
	t.Helper()
	if underWine() {
		t.Skip("under Wine 8: " + why)
	}
}

// Symlink makes newname a symbolic link to oldname, or skips the test
// on Windows when the system cannot: Windows lets only administrators and
// developer mode make them, and Wine 8 reports success but makes none.
func Symlink(t testing.TB, oldname, newname string) {
	t.Helper()
	err := MakeSymlink(oldname, newname)
	if err == nil {
		return
	}
	if runtime.GOOS != "windows" {
		t.Fatal(err)
	}
	t.Skipf("cannot make the symlink %s here: %v", filepath.Base(newname), err)
}

// MakeSymlink makes newname a symbolic link to oldname, and says when
// none was made (even though os.Symlink said it was, as under Wine).
func MakeSymlink(oldname, newname string) error {
	if err := os.Symlink(oldname, newname); err != nil {
		return err
	}
	fi, err := os.Lstat(newname)
	if err == nil && fi.Mode()&os.ModeSymlink == 0 {
		err = fmt.Errorf("%s is no symlink", newname)
	}
	return err
}
