//go:build !unix && !windows

package writers

import "io/fs"

// fileOwner: ownership is not kept by uid/gid on this system.
func fileOwner(fs.FileInfo) (uid, gid int) { return -1, -1 }

// dirWritable cannot be asked beforehand here; a failed write is rolled
// back and reported instead.
func dirWritable(string) error { return nil }

// hardLinks: not told by this system's FileInfo.
func hardLinks(fs.FileInfo) int { return 1 }
