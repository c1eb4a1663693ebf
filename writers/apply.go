package writers

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"
)

// ApplyOptions say where backups go.
type ApplyOptions struct {
	BackupRoot string // ~/.config/keydoctor/backups
	Now        time.Time
	Command    string // "setup" or "restore", recorded in the manifest
}

// Result is what Apply did.
type Result struct {
	Written []*Change
	Backup  string // the backup directory, "" when nothing was written
}

// beforeWrite lets tests fail or race a write; nil in production.
var beforeWrite func(c *Change) error

// Apply writes every pending change: it first checks that no file changed
// since it was planned, then backs up every file it will touch, then
// replaces each atomically. If one write fails, the files already written
// are put back as they were.
func (p *Plan) Apply(o ApplyOptions) (*Result, error) {
	pending := p.Pending()
	if len(pending) == 0 {
		return &Result{}, nil
	}
	for _, c := range pending {
		if err := c.unchangedOnDisk(); err != nil {
			return nil, err
		}
	}
	backup, err := writeBackup(o, pending)
	if err != nil {
		return nil, fmt.Errorf("backing up before writing (nothing was written): %w", err)
	}
	res := &Result{Backup: backup}
	for _, c := range pending {
		err := c.unchangedOnDisk()
		if err == nil && beforeWrite != nil {
			err = beforeWrite(c)
		}
		if err == nil {
			err = c.write()
		}
		if err != nil {
			if rbErr := rollback(res.Written); rbErr != nil {
				return res, fmt.Errorf("%w; rolling back failed too: %v (the backup is in %s)", err, rbErr, backup)
			}
			var re *RefusedError
			if errors.As(err, &re) {
				re.Reason += fmt.Sprintf("; the %d file(s) already written were put back", len(res.Written))
				return &Result{}, re
			}
			return &Result{}, fmt.Errorf("writing %s: %w; the %d file(s) already written were put back", c.Path, err, len(res.Written))
		}
		res.Written = append(res.Written, c)
	}
	return res, nil
}

// unchangedOnDisk refuses a file that someone changed since it was read.
func (c *Change) unchangedOnDisk() error {
	data, err := os.ReadFile(c.target)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		if !c.Existed {
			return nil
		}
	case err != nil:
		return refuse(c.Path, "", "cannot read it again before writing: %v", unwrapPath(err))
	case c.Existed && bytes.Equal(data, c.Old):
		return nil
	}
	return refuse(c.Path, "run setup again to plan against the new content", "changed since keydoctor read it; nothing was written")
}

// write replaces the target atomically: a temporary file in the same
// directory, fsync, owner and mode, rename, fsync of the directory.
func (c *Change) write() error {
	if c.Remove {
		if err := os.Remove(c.target); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
		return syncDir(filepath.Dir(c.target))
	}
	dir := filepath.Dir(c.target)
	if !c.Existed {
		perm := fs.FileMode(0o755)
		if c.Secret {
			perm = 0o700
		}
		if err := os.MkdirAll(dir, perm); err != nil {
			return err
		}
	}
	return atomicWrite(c.target, c.New, c.Mode, c.uid, c.gid)
}

func atomicWrite(path string, data []byte, mode fs.FileMode, uid, gid int) (err error) {
	dir := filepath.Dir(path)
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".keydoctor-*")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if _, err = tmp.Write(data); err != nil {
		return err
	}
	if err = tmp.Sync(); err != nil {
		return err
	}
	if err = tmp.Chmod(mode); err != nil {
		return err
	}
	if uid >= 0 && (uid != os.Geteuid() || gid != os.Getegid()) {
		if err = tmp.Chown(uid, gid); err != nil {
			return fmt.Errorf("cannot keep the owner %d:%d: %w", uid, gid, err)
		}
	}
	if err = tmp.Close(); err != nil {
		return err
	}
	if err = os.Rename(tmp.Name(), path); err != nil {
		return err
	}
	return syncDir(dir)
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

// rollback puts written files back, last first.
func rollback(written []*Change) error {
	var errs []error
	for i := len(written) - 1; i >= 0; i-- {
		c := written[i]
		var err error
		if c.Existed {
			err = atomicWrite(c.target, c.Old, c.OldMode, c.uid, c.gid)
		} else if err = os.Remove(c.target); errors.Is(err, fs.ErrNotExist) {
			err = nil
		}
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", c.Path, err))
		}
	}
	return errors.Join(errs...)
}
