package writers

import (
	"os"
	"syscall"

	"golang.org/x/sys/unix"
)

// The inode flags of linux/fs.h that forbid replacing a file even to
// root (chattr +i, +a); x/sys/unix does not name them.
const (
	fsImmutableFL = 0x00000010
	fsAppendFL    = 0x00000020
)

// lockedAttr names the chattr attribute that forbids replacing or
// renaming over path ("immutable", "append-only"), or "" (none, or the
// filesystem has no such flags).
func lockedAttr(path string) string {
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return ""
	}
	defer f.Close()
	flags, err := unix.IoctlGetUint32(int(f.Fd()), unix.FS_IOC_GETFLAGS)
	switch {
	case err != nil:
		return ""
	case flags&fsImmutableFL != 0:
		return "immutable"
	case flags&fsAppendFL != 0:
		return "append-only"
	}
	return ""
}
