//go:build unix

package safefile

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

func specialCases(t *testing.T, dir string) []refusal {
	zero := filepath.Join(dir, ".env")
	if err := os.Symlink("/dev/zero", zero); err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(dir, "keydoctor.yaml")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	return []refusal{
		{"dev-zero", zero, ErrNotRegular, "is a character device, not a regular file"},
		// Without O_NONBLOCK this open waits for a writer forever.
		{"fifo", fifo, ErrNotRegular, "is a FIFO (named pipe), not a regular file"},
	}
}
