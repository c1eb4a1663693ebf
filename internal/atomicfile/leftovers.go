package atomicfile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// Leftover is a temporary copy found next to a file.
type Leftover struct {
	Path    string
	PID     int // its writer; 0 for the older ".NAME.keydoctor-DIGITS" form
	ModTime time.Time
	// Live: the writer still runs (or cannot be told dead), so the copy
	// may belong to a write in progress. False for the older form.
	Live bool
}

// Leftovers lists the temporary copies in dir; a missing dir has none.
func Leftovers(dir string) ([]Leftover, error) {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) || errors.Is(err, fs.ErrPermission) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var out []Leftover
	for _, e := range entries {
		pid, ok := parseTempName(e.Name())
		if !ok || !e.Type().IsRegular() {
			continue
		}
		fi, err := e.Info()
		if err != nil {
			continue
		}
		l := Leftover{Path: filepath.Join(dir, e.Name()), PID: pid, ModTime: fi.ModTime()}
		l.Live = pid == os.Getpid() || pid > 0 && alive(pid)
		out = append(out, l)
	}
	return out, nil
}

// RemoveStale removes the leftovers in dir that no running write owns:
// their writer is dead, or they are older than since (when the caller
// took the write lock, which every keydoctor writer holds while it writes).
// It returns the paths removed.
func RemoveStale(dir string, since time.Time) ([]string, error) {
	list, err := Leftovers(dir)
	if err != nil {
		return nil, err
	}
	var removed []string
	var errs []error
	for _, l := range list {
		// The older form names no pid: only its age tells.
		if l.PID == os.Getpid() || (l.Live || l.PID == 0) && !l.ModTime.Before(since) {
			continue
		}
		if err := os.Remove(l.Path); err != nil && !errors.Is(err, fs.ErrNotExist) {
			errs = append(errs, err)
			continue
		}
		removed = append(removed, l.Path)
	}
	if len(removed) > 0 {
		if err := SyncDir(dir); err != nil {
			errs = append(errs, err)
		}
	}
	return removed, errors.Join(errs...)
}

// parseTempName recognises ".NAME.keydoctor-PID-DIGITS.tmp" (pid > 0)
// and the older ".NAME.keydoctor-DIGITS" (pid 0).
func parseTempName(name string) (pid int, ok bool) {
	i := strings.LastIndex(name, marker)
	if !strings.HasPrefix(name, ".") || i < 2 {
		return 0, false
	}
	rest := name[i+len(marker):]
	if digits(rest) {
		return 0, true
	}
	p, r, found := strings.Cut(strings.TrimSuffix(rest, ".tmp"), "-")
	if !found || !strings.HasSuffix(rest, ".tmp") || !digits(p) || !digits(r) {
		return 0, false
	}
	pid, err := strconv.Atoi(p)
	return pid, err == nil && pid > 0
}

func digits(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}
