//go:build !unix

package main

import (
	"os/exec"
	"testing"
)

// setCredential is never called here: testUsers is only the test's own
// user where there is no root.
func setCredential(*exec.Cmd, binUser) { panic("no other users on this system") }

// ownerOf: files have no uid/gid here.
func ownerOf(testing.TB, string) (uid, gid int) { return -1, -1 }
