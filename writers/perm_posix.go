//go:build !windows

package writers

import "io/fs"

// filePerm is the mode to keep and to tighten.
func filePerm(fi fs.FileInfo) fs.FileMode { return fi.Mode().Perm() }

// aclReaders: file modes say who reads a file here (filePerm).
func aclReaders(string) []string { return nil }

// makeWritable is the command that makes a read-only file writable.
func makeWritable(path string) string { return "chmod u+w " + path }
