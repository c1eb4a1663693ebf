//go:build windows

package atomicfile

import (
	"errors"
	"os"
	"time"

	"golang.org/x/sys/windows"
)

// busyFor bounds how long replace waits for another process to let go of
// the target (an editor saving it, an antivirus scan, the tool itself
// reading it): Windows refuses to replace a file opened without
// FILE_SHARE_DELETE, which is how most programs open files there.
var busyFor = 2 * time.Second

// replace renames from over to with MoveFileEx: MOVEFILE_WRITE_THROUGH
// returns only once the rename is on disk, which is what the directory
// fsync does elsewhere (a directory handle cannot be flushed on Windows).
// While the target is held open it retries with a growing pause, for
// busyFor at most, checking again each time: the holder may have changed
// the file meanwhile.
func replace(from, to string, check func() error) error {
	src, err := windows.UTF16PtrFromString(from)
	if err != nil {
		return err
	}
	dst, err := windows.UTF16PtrFromString(to)
	if err != nil {
		return err
	}
	pause := 5 * time.Millisecond
	deadline := time.Now().Add(busyFor)
	for {
		if check != nil {
			if err := check(); err != nil {
				return err
			}
		}
		err := windows.MoveFileEx(src, dst, windows.MOVEFILE_REPLACE_EXISTING|windows.MOVEFILE_WRITE_THROUGH)
		if err == nil {
			return nil
		}
		if !busy(err) || time.Now().Add(pause).After(deadline) {
			return &os.LinkError{Op: "rename", Old: from, New: to, Err: err}
		}
		hook("busy", to)
		time.Sleep(pause)
		pause = min(2*pause, 250*time.Millisecond)
	}
}

// busy: another process holds the file open in a way that forbids
// replacing it (ERROR_ACCESS_DENIED is what a pending delete or a handle
// without FILE_SHARE_DELETE gives on some file systems).
func busy(err error) bool {
	return errors.Is(err, windows.ERROR_SHARING_VIOLATION) ||
		errors.Is(err, windows.ERROR_ACCESS_DENIED) ||
		errors.Is(err, windows.ERROR_LOCK_VIOLATION)
}

// syncDir has nothing to do: Windows cannot flush a directory (opening one
// for FlushFileBuffers needs write access, and is refused even then); the
// write-through rename made the entry durable.
func syncDir(string) error { return nil }
