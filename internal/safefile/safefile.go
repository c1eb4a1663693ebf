// Package safefile reads the files a user or a cloned repository puts in
// front of keydoctor. A committed .env, keydoctor.yaml or settings.json can
// be a symlink to /dev/zero (an endless read), a FIFO (a read that never
// returns) or simply huge: every such read goes through ReadFile, which
// opens without blocking, judges the opened file (not the name, which can
// change in between) and reads at most a cap.
package safefile

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
)

// MaxConfig is the cap on a configuration file: far above any real one
// (a tool's settings.json is a few KiB), far below what would make a
// run slow or large.
const MaxConfig = 16 << 20

// ErrNotRegular is what a refusal of a FIFO, device, socket or directory
// matches (errors.Is).
var ErrNotRegular = errors.New("not a regular file")

// ErrTooLarge is what a refusal of a file over the cap matches.
var ErrTooLarge = errors.New("file too large")

// kindError refuses a file that is not a regular file.
type kindError struct{ what string }

func (e *kindError) Error() string {
	return "is " + e.what + ", not a regular file"
}
func (e *kindError) Is(target error) bool { return target == ErrNotRegular }

// sizeError refuses a file over the cap.
type sizeError struct{ size, limit int64 }

func (e *sizeError) Error() string {
	if e.size < 0 { // it grew past the cap while read
		return fmt.Sprintf("is over %s; keydoctor reads config files up to %s", Size(e.limit), Size(e.limit))
	}
	return fmt.Sprintf("is %s; keydoctor reads config files up to %s", Size(e.size), Size(e.limit))
}
func (e *sizeError) Is(target error) bool { return target == ErrTooLarge }

// ReadFile reads path (following symlinks) with the MaxConfig cap. A
// missing file is an error matching fs.ErrNotExist, as os.ReadFile's; a
// refusal is an *fs.PathError whose Err matches ErrNotRegular or
// ErrTooLarge and says what the file is, so a caller that prints the error
// (or its PathError's Err) names the problem.
func ReadFile(path string) ([]byte, error) { return ReadLimit(path, MaxConfig) }

// ReadLimit is ReadFile with another cap.
func ReadLimit(path string, limit int64) ([]byte, error) {
	f, err := Open(path, limit)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var b bytes.Buffer
	if fi, err := f.Stat(); err == nil {
		b.Grow(int(fi.Size()) + 1)
	}
	// A regular file can still grow while it is read (or lie about its
	// size, as procfs does): the reader stops one byte past the cap.
	if _, err := b.ReadFrom(io.LimitReader(f, limit+1)); err != nil {
		return nil, &fs.PathError{Op: "read", Path: path, Err: unwrap(err)}
	}
	if int64(b.Len()) > limit {
		return nil, &fs.PathError{Op: "read", Path: path, Err: &sizeError{-1, limit}}
	}
	return b.Bytes(), nil
}

func unwrap(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// Open opens path for reading when it is a regular file no larger than
// limit (checked on the opened file: its size may still grow, so a reader
// that must stay bounded reads through io.LimitReader too).
func Open(path string, limit int64) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|nonblock, 0)
	if err != nil {
		return nil, err
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	if what := Kind(fi.Mode()); what != "" {
		f.Close()
		return nil, &fs.PathError{Op: "open", Path: path, Err: &kindError{what}}
	}
	if fi.Size() > limit {
		f.Close()
		return nil, &fs.PathError{Op: "open", Path: path, Err: &sizeError{fi.Size(), limit}}
	}
	return f, nil
}

// Kind names what a file that is not a regular file is: "a FIFO (named
// pipe)", "a directory"; "" for a regular file.
func Kind(m fs.FileMode) string {
	switch {
	case m.IsRegular():
		return ""
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a FIFO (named pipe)"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a block device"
	default:
		return "a special file (" + m.Type().String() + ")"
	}
}

// Size prints a byte count in the caps' unit: "16 MiB", "50.2 MiB",
// "12 KiB", "900 bytes".
func Size(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}
