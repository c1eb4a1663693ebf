package safefile

import (
	"bytes"
	"errors"
	"github.com/keydoctor/keydoctor/internal/testutil"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

type refusal struct {
	name, path string
	is         error
	msg        string
}

func TestReadFileRefusesWhatIsNotAFile(t *testing.T) {
	dir := testutil.TempDir(t)
	big := filepath.Join(dir, "big.json")
	if err := os.WriteFile(big, bytes.Repeat([]byte(" "), 17<<20), 0o600); err != nil {
		t.Fatal(err)
	}
	sub := filepath.Join(dir, "settings.json")
	if err := os.Mkdir(sub, 0o700); err != nil {
		t.Fatal(err)
	}
	cases := []refusal{
		{"big", big, ErrTooLarge, "is 17 MiB; keydoctor reads config files up to 16 MiB"},
		{"directory", sub, ErrNotRegular, "is a directory, not a regular file"},
	}
	cases = append(cases, specialCases(t, dir)...)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b, err := ReadFile(c.path)
			if !errors.Is(err, c.is) || b != nil {
				t.Fatalf("ReadFile = %d bytes, %v; want %v", len(b), err, c.is)
			}
			var pe *fs.PathError
			if !errors.As(err, &pe) || pe.Path != c.path || !strings.Contains(pe.Err.Error(), c.msg) {
				t.Fatalf("error %q: want a PathError on %s saying %q", err, c.path, c.msg)
			}
		})
	}
}

func TestReadFileReadsARegularFile(t *testing.T) {
	dir := testutil.TempDir(t)
	p := filepath.Join(dir, "a")
	want := bytes.Repeat([]byte("x"), MaxConfig)
	if err := os.WriteFile(p, want, 0o600); err != nil {
		t.Fatal(err)
	}
	if b, err := ReadFile(p); err != nil || !bytes.Equal(b, want) {
		t.Fatalf("ReadFile of a file at the cap = %d bytes, %v", len(b), err)
	}
	if _, err := ReadFile(filepath.Join(dir, "missing")); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("missing file: %v, want fs.ErrNotExist", err)
	}
	if _, err := ReadLimit(p, 10); !errors.Is(err, ErrTooLarge) {
		t.Fatalf("ReadLimit 10: %v", err)
	}
}

func TestSize(t *testing.T) {
	for n, want := range map[int64]string{16 << 20: "16 MiB", 50e6: "47.7 MiB", 1500: "1 KiB", 12: "12 bytes"} {
		if got := Size(n); got != want {
			t.Errorf("Size(%d) = %q, want %q", n, got, want)
		}
	}
}
