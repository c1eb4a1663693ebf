//go:build !windows

package atomicfile

import (
	"errors"
	"io/fs"
	"os"
)

// replace renames from over to once check (if any) agrees: rename(2)
// replaces atomically even while other processes hold the target open.
func replace(from, to string, check func() error) error {
	if check != nil {
		if err := check(); err != nil {
			return err
		}
	}
	return os.Rename(from, to)
}

func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	if err := d.Sync(); err != nil && !errors.Is(err, fs.ErrInvalid) {
		return err
	}
	return nil
}
