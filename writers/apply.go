package writers

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/keydoctor/keydoctor/internal/atomicfile"
	"github.com/keydoctor/keydoctor/internal/safefile"
)

// ApplyOptions say where backups go.
type ApplyOptions struct {
	BackupRoot string // ~/.config/keydoctor/backups
	Now        time.Time
	Command    string // "setup" or "restore", recorded in the manifest
	// Since is when the caller took the write lock (internal/lock). Apply
	// first removes the temporary copies a killed run left next to the
	// plan's files and in the backups, older than this or whose writer is
	// gone. Zero skips that (no lock held: nothing is safe to remove).
	Since time.Time
	// Keep are files of keydoctor's own state (the profile store) that the
	// run may change after writing the plan: the backup keeps them as
	// they are before it, so restore puts them back too.
	Keep []string
}

// Result is what Apply did.
type Result struct {
	Written []*Change
	Backup  string   // the backup directory, "" when nothing was written
	Removed []string // stale temporary copies removed before writing
}

// beforeWrite lets tests fail or race a write; nil in production.
var beforeWrite func(c *Change) error

// Apply writes every pending change: it first checks that no file changed
// since it was planned and that every directory it writes into is
// writable, then backs up every file it will touch, then replaces each
// atomically, checking again right before each rename. If one write fails,
// the files already written are put back as they were (unless someone
// else changed them meanwhile), and a backup of a run that in the end
// changed nothing is removed.
func (p *Plan) Apply(o ApplyOptions) (*Result, error) {
	res := &Result{}
	if !o.Since.IsZero() {
		// A copy that cannot be removed is no reason not to write; doctor
		// reports it.
		res.Removed, _ = p.removeStale(o)
	}
	pending := p.Pending()
	if len(pending) == 0 {
		return res, nil
	}
	for _, c := range pending {
		if err := c.unchangedOnDisk(); err != nil {
			return res, err
		}
	}
	for _, c := range pending {
		if err := c.writable(); err != nil {
			return res, err
		}
	}
	backup, err := writeBackup(o, pending)
	if err != nil {
		return res, fmt.Errorf("backing up before writing (nothing was written): %w", err)
	}
	res.Backup = backup
	for _, c := range pending {
		err := error(nil)
		if beforeWrite != nil {
			err = beforeWrite(c)
		}
		if err == nil {
			err = c.write()
		}
		if err != nil {
			return undo(res, c, err)
		}
		res.Written = append(res.Written, c)
	}
	return res, nil
}

// undo rolls back after the write of failed went wrong with err.
func undo(res *Result, failed *Change, err error) (*Result, error) {
	n := len(res.Written)
	left, rbErr := rollback(res.Written)
	if rbErr != nil {
		return res, fmt.Errorf("writing %s: %w; rolling back failed too: %v (the backup is in %s)", failed.Path, err, rbErr, res.Backup)
	}
	if len(left) > 0 {
		return res, fmt.Errorf("writing %s: %w; %d file(s) put back, but %s changed since keydoctor wrote it and was left as it is (its content before this run is in %s)",
			failed.Path, err, n-len(left), joinPaths(left), res.Backup)
	}
	// Every file is as it was: the backup would record a run that changed
	// nothing.
	os.RemoveAll(res.Backup)
	atomicfile.SyncDir(filepath.Dir(res.Backup))
	out := &Result{Removed: res.Removed}
	var re *RefusedError
	if !errors.As(err, &re) && errors.Is(err, fs.ErrPermission) {
		re = Refuse(failed.Path, "make its directory writable, or leave this tool out with --tools", "cannot be written: %v", unwrapPath(err))
	}
	if re != nil {
		if n > 0 {
			re.Reason += fmt.Sprintf("; the %d file(s) already written were put back", n)
		}
		return out, re
	}
	return out, fmt.Errorf("writing %s: %w; the %d file(s) already written were put back", failed.Path, err, n)
}

func joinPaths(cs []*Change) string {
	var b bytes.Buffer
	for i, c := range cs {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(c.Path)
	}
	return b.String()
}

// unchangedOnDisk refuses a file that someone changed since it was read.
func (c *Change) unchangedOnDisk() error {
	return sameOnDisk(c.target, c.Path, c.Existed, c.Old, "run again to plan against the new content",
		"changed since keydoctor read it; nothing was written")
}

// sameOnDisk refuses when target does not hold want (or, when !exists,
// when it is there).
func sameOnDisk(target, path string, exists bool, want []byte, hint, reason string) error {
	data, err := safefile.ReadFile(target)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		if !exists {
			return nil
		}
	case err != nil:
		return Refuse(path, "", "cannot read it again before writing: %v", unwrapPath(err))
	case exists && bytes.Equal(data, want):
		return nil
	}
	return Refuse(path, hint, "%s", reason)
}

// writable refuses a change whose directory (or, for a new directory, the
// nearest one that exists) this process may not write into: renaming the
// new content into place needs it.
func (c *Change) writable() error {
	dir := filepath.Dir(c.target)
	for {
		fi, err := os.Stat(dir)
		if err == nil && fi.IsDir() {
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return nil
		}
		dir = parent
	}
	if attr := lockedAttr(dir); attr != "" {
		return Refuse(c.Path, fmt.Sprintf("clear the attribute (as root: chattr -%s %s), or leave this tool out with --tools", attr[:1], dir),
			"cannot be written: its directory %s is %s (chattr +%s)", dir, attr, attr[:1])
	}
	if err := dirWritable(dir); err != nil {
		return Refuse(c.Path, fmt.Sprintf("make %s writable (chmod u+w), or leave this tool out with --tools", dir),
			"cannot be written: its directory %s is not writable (%v)", dir, err)
	}
	return nil
}

// write replaces the target atomically, refusing at the last moment when
// the file no longer holds what was planned against. A directory it must
// create is 0700: tool directories hold keys (auth.json, providers.json)
// or will.
func (c *Change) write() error {
	if c.Remove {
		if err := c.unchangedOnDisk(); err != nil {
			return err
		}
		if err := os.Remove(c.target); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
		return atomicfile.SyncDir(filepath.Dir(c.target))
	}
	if !c.Existed {
		if err := os.MkdirAll(filepath.Dir(c.target), 0o700); err != nil {
			return err
		}
	}
	return atomicfile.Write(c.target, c.New, atomicfile.Options{Mode: c.Mode, Private: c.Secret && !c.aclAsBacked, ACL: c.acl, UID: c.uid, GID: c.gid, Check: c.unchangedOnDisk})
}

// rollback puts written files back, last first. A file that no longer
// holds what this run wrote was changed by someone else since: it is left
// as it is and returned.
func rollback(written []*Change) (left []*Change, err error) {
	var errs []error
	for i := len(written) - 1; i >= 0; i-- {
		c := written[i]
		// What this run left there: the new content, or no file at all.
		check := func() error {
			return sameOnDisk(c.target, c.Path, !c.Remove, c.New, "", "changed since keydoctor wrote it")
		}
		if err := check(); err != nil {
			left = append(left, c)
			continue
		}
		var err error
		switch {
		case c.Existed:
			err = atomicfile.Write(c.target, c.Old, atomicfile.Options{Mode: c.OldMode, ACL: c.oldACL, UID: c.uid, GID: c.gid, Check: check})
		case !c.Remove:
			if err = os.Remove(c.target); errors.Is(err, fs.ErrNotExist) {
				err = nil
			}
		}
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", c.Path, err))
		}
	}
	return left, errors.Join(errs...)
}
