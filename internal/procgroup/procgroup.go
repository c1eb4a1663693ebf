// Package procgroup runs a tool's process in a group of its own, so that
// cancelling it ends what it started too: an npm-installed CLI is often a
// node wrapper that starts the real binary (bin/x starting bin/.x), a
// key helper runs in a shell, and killing only the
// wrapper or the shell left the program running, orphaned, for as long as
// it liked (on Windows holding the project directory open).
package procgroup

import "os/exec"

// Start starts cmd (made with exec.CommandContext) in a group of its own:
// a process group on Unix, a job object on Windows. When cmd's context is
// done, the whole group is ended. Wait for it with cmd.Wait.
func Start(cmd *exec.Cmd) error {
	own(cmd)
	err := cmd.Start()
	started(cmd, err == nil)
	return err
}

// Run is Start, then cmd.Wait.
func Run(cmd *exec.Cmd) error {
	if err := Start(cmd); err != nil {
		return err
	}
	return cmd.Wait()
}
