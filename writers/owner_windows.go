//go:build windows

package writers

import "io/fs"

// fileOwner: a replacement belongs to whoever writes it; Windows keeps
// access in the file's ACL, which a new file inherits from its directory.
func fileOwner(fs.FileInfo) (uid, gid int) { return -1, -1 }

// dirWritable cannot be asked beforehand here (the ACL decides); a failed
// write is rolled back and reported instead.
func dirWritable(string) error { return nil }

// hardLinks: Go's FileInfo does not tell them on Windows.
func hardLinks(fs.FileInfo) int { return 1 }
