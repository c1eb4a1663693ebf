//go:build windows

package writers

import "io/fs"

// filePerm: Windows has no mode bits. Go shows the read-only attribute as
// 0444 and its absence as 0666, which says nothing about other users
// (the ACL does), so a writable file counts as its owner's (0600): a plan
// neither "tightens" it nor reports a mode change on every run.
func filePerm(fi fs.FileInfo) fs.FileMode {
	if fi.Mode().Perm()&0o200 == 0 {
		return 0o400
	}
	return 0o600
}

// makeWritable is the command that clears the read-only attribute.
func makeWritable(path string) string { return "attrib -r " + path }
