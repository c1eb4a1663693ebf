//go:build windows

package atomicfile

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/keydoctor/keydoctor/internal/testutil"
	"golang.org/x/sys/windows"
)

// An editor or the tool itself holds the file open (Go's os.Open, like
// most Windows programs, does not share delete access): the write waits
// for it to let go, checking the file again before each attempt. The test
// lets go at the first retry, on the hook, not after a sleep.
func TestWriteWaitsForAHolder(t *testing.T) {
	dir := testutil.TempDir(t)
	path := filepath.Join(dir, "settings.json")
	if err := os.WriteFile(path, []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	holder, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer holder.Close()
	busy := 0
	Hook = func(point, p string) {
		if point == "busy" && p == path {
			busy++
			holder.Close()
		}
	}
	defer func() { Hook = nil }()
	checks := 0
	check := func() error { checks++; return nil }
	if err := Write(path, []byte("new"), Options{Mode: 0o600, UID: -1, GID: -1, Check: check}); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(path); string(b) != "new" {
		t.Errorf("content %q", b)
	}
	if busy != 1 || checks != 2 {
		t.Errorf("busy %d times, checked %d times; want 1 and 2", busy, checks)
	}
	assertOnly(t, dir, "settings.json")
}

// A holder that never lets go: the write gives up after busyFor, leaves
// the file as it was and removes its temporary copy.
func TestWriteGivesUpOnAHolder(t *testing.T) {
	defer func(d time.Duration) { busyFor = d }(busyFor)
	busyFor = 20 * time.Millisecond
	dir := testutil.TempDir(t)
	path := filepath.Join(dir, "auth.json")
	if err := os.WriteFile(path, []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	holder, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer holder.Close()
	err = Write(path, []byte("new"), Options{Mode: 0o600, UID: -1, GID: -1})
	var le *os.LinkError
	if !errors.As(err, &le) || !busyErr(err) {
		t.Fatalf("err = %v, want a busy rename", err)
	}
	holder.Close()
	if b, _ := os.ReadFile(path); string(b) != "old" {
		t.Errorf("content %q", b)
	}
	assertOnly(t, dir, "auth.json")
}

// A check that refuses while waiting ends the wait at once.
func TestWriteBusyThenChanged(t *testing.T) {
	dir := testutil.TempDir(t)
	path := filepath.Join(dir, "config.toml")
	os.WriteFile(path, []byte("old"), 0o600)
	holder, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer holder.Close()
	changed := errors.New("changed meanwhile")
	checks := 0
	check := func() error {
		if checks++; checks > 1 {
			return changed
		}
		return nil
	}
	if err := Write(path, []byte("new"), Options{Mode: 0o600, UID: -1, GID: -1, Check: check}); !errors.Is(err, changed) {
		t.Fatalf("err = %v", err)
	}
	holder.Close()
	assertOnly(t, dir, "config.toml")
}

func busyErr(err error) bool {
	return errors.Is(err, windows.ERROR_SHARING_VIOLATION) || errors.Is(err, windows.ERROR_ACCESS_DENIED)
}
