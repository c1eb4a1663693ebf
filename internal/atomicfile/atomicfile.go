// Package atomicfile replaces files atomically, under temporary names a
// later run can recognise: a run killed between writing its temporary copy
// and renaming it leaves ".NAME.keydoctor-PID-RANDOM.tmp" next to the file
// (0600, possibly holding a key). The next run that holds the write lock
// removes those whose writer is gone (RemoveStale), and doctor reports any
// it sees (Leftovers).
package atomicfile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"

	"github.com/keydoctor/keydoctor/internal/winacl"
)

// Options of one write.
type Options struct {
	Mode fs.FileMode
	// Private: the file holds a key. On Windows, where Mode sets only the
	// read-only attribute, the new file gets an owner-only DACL when the
	// one it inherited from its directory lets broad groups read it
	// (winacl.Tighten); elsewhere Mode does it.
	Private bool
	// ACL, on Windows, is the DACL (SDDL, winacl.SDDL) the new file gets
	// instead of the one it inherits from its directory: the replaced
	// file's, kept as its mode is elsewhere, or a backup's put back.
	// Ignored elsewhere; empty: the inherited one.
	ACL string
	// UID and GID are the owner to keep (of the file being replaced); -1
	// leaves the new file as the process creates it. A process that may
	// not give a file away (not root) keeps what it can: an EPERM from
	// chown is not an error then.
	UID, GID int
	// Check runs after the new content is safely on disk and right before
	// the rename: it refuses when the target changed since it was planned.
	Check func() error
}

// Hook, when set, is called at each step of a write (tests use it to kill
// the process at chosen points). Nil in keydoctor itself.
var Hook func(point, path string)

func hook(point, path string) {
	if Hook != nil {
		Hook(point, path)
	}
}

// Write replaces path with data: a temporary file in the same directory,
// fsync, mode and owner, rename, fsync of the directory (on Windows, which
// cannot flush a directory, a write-through rename instead; see
// replace_windows.go).
func Write(path string, data []byte, o Options) (err error) {
	dir := filepath.Dir(path)
	tmp, err := os.CreateTemp(dir, tempPattern(filepath.Base(path)))
	if err != nil {
		return err
	}
	hook("created", path)
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if _, err = tmp.Write(data); err != nil {
		return err
	}
	hook("written", path)
	if err = tmp.Sync(); err != nil {
		return err
	}
	if err = tmp.Chmod(o.Mode); err != nil {
		return err
	}
	if err = chown(tmp, o.UID, o.GID); err != nil {
		return err
	}
	if err = tmp.Close(); err != nil {
		return err
	}
	if o.ACL != "" {
		if err = winacl.SetSDDL(tmp.Name(), o.ACL); err != nil {
			return err
		}
	}
	if o.Private {
		if _, err = winacl.Tighten(tmp.Name()); err != nil {
			return err
		}
	}
	hook("synced", path)
	if err = replace(tmp.Name(), path, o.Check); err != nil {
		return err
	}
	hook("renamed", path)
	return SyncDir(dir)
}

func chown(f *os.File, uid, gid int) error {
	if uid < 0 || (uid == os.Geteuid() && gid == os.Getegid()) {
		return nil
	}
	err := f.Chown(uid, gid)
	if err != nil && errors.Is(err, fs.ErrPermission) && os.Geteuid() != 0 {
		return nil
	}
	if err != nil {
		return fmt.Errorf("cannot keep the owner %d:%d: %w", uid, gid, err)
	}
	return nil
}

// SyncDir makes a rename or removal in dir durable.
func SyncDir(dir string) error { return syncDir(dir) }

// tempPattern is the os.CreateTemp pattern of a temporary copy of base:
// ".base.keydoctor-PID-*.tmp" (CreateTemp puts random digits for *).
func tempPattern(base string) string {
	return "." + base + marker + strconv.Itoa(os.Getpid()) + "-*.tmp"
}

const marker = ".keydoctor-"
