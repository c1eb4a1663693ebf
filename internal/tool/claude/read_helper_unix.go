//go:build !windows

package claude

import (
	"context"
	"os/exec"
)

// shellCommand is line run as Node's {shell: true} runs it: /bin/sh -c.
func shellCommand(ctx context.Context, line string) *exec.Cmd {
	return exec.CommandContext(ctx, "/bin/sh", "-c", line)
}
