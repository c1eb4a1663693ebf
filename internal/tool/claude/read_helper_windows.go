//go:build windows

package claude

import (
	"context"
	"os/exec"
	"syscall"
)

// shellCommand is line run as Node's {shell: true} runs it on Windows:
// cmd.exe /d /s /c "line", the line verbatim (Go's own quoting of an
// argument is not cmd's, and would break a line holding quotes).
func shellCommand(ctx context.Context, line string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, "cmd.exe")
	cmd.SysProcAttr = &syscall.SysProcAttr{CmdLine: `cmd.exe /d /s /c "` + line + `"`}
	return cmd
}
