//go:build unix

package writers

import (
	"io/fs"
	"syscall"

	"golang.org/x/sys/unix"
)

// fileOwner is the file's uid and gid, so a replacement keeps them.
func fileOwner(fi fs.FileInfo) (uid, gid int) {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		return int(st.Uid), int(st.Gid)
	}
	return -1, -1
}

// dirWritable asks the kernel whether this process may create and rename
// files in dir (a read-only directory or file system says no).
func dirWritable(dir string) error { return unix.Access(dir, unix.W_OK) }

// hardLinks is how many names the file has (1 when unknown).
func hardLinks(fi fs.FileInfo) int {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		return int(st.Nlink)
	}
	return 1
}
