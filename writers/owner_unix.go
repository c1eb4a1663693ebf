//go:build unix

package writers

import (
	"io/fs"
	"syscall"
)

// fileOwner is the file's uid and gid, so a replacement keeps them.
func fileOwner(fi fs.FileInfo) (uid, gid int) {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		return int(st.Uid), int(st.Gid)
	}
	return -1, -1
}
