//go:build unix

package main

import (
	"os"
	"os/exec"
	"syscall"
	"testing"
)

// setCredential runs cmd as u, with no supplementary groups.
func setCredential(cmd *exec.Cmd, u binUser) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: uint32(u.UID), Gid: uint32(u.GID), Groups: []uint32{}}}
}

// ownerOf is a file's uid and gid.
func ownerOf(t testing.TB, path string) (uid, gid int) {
	t.Helper()
	fi, err := os.Lstat(path)
	if err != nil {
		t.Fatal(err)
	}
	st := fi.Sys().(*syscall.Stat_t)
	return int(st.Uid), int(st.Gid)
}
