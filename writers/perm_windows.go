//go:build windows

package writers

import (
	"io/fs"

	"github.com/keydoctor/keydoctor/internal/winacl"
)

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

// aclReaders are the broad groups (Everyone, Users, …) the file's DACL
// lets read it: what the mode bits tell elsewhere. A DACL that cannot be
// read tightens nothing (doctor says it could not read it).
func aclReaders(path string) []string {
	d, err := winacl.Read(path)
	if err != nil {
		return nil
	}
	return d.Readers()
}

// makeWritable is the command that clears the read-only attribute.
func makeWritable(path string) string { return "attrib -r " + path }
