//go:build unix

package atomicfile

import (
	"errors"

	"golang.org/x/sys/unix"
)

// alive reports whether a process with this pid exists (a process of
// another user answers EPERM: it exists).
func alive(pid int) bool {
	return !errors.Is(unix.Kill(pid, 0), unix.ESRCH)
}
