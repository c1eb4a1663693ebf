//go:build unix

// Package procgroup runs a tool's process in a group of its own, so that
// cancelling it ends what it started too.
package procgroup

import (
	"os/exec"
	"syscall"
)

// Own runs the tool in a process group of its own and ends the whole
// group when the turn is cancelled: an npm-installed CLI is often a node
// wrapper that starts the real binary (Kilo Code's bin/kilo starts
// bin/.kilo), and killing only the wrapper left that binary running,
// orphaned, for as long as it liked.
func Own(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
}
