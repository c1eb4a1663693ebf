//go:build unix

package procgroup

import (
	"os/exec"
	"syscall"
)

// own runs the tool in a process group of its own and ends the whole
// group when the turn is cancelled.
func own(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
}

func started(*exec.Cmd, bool) {}
