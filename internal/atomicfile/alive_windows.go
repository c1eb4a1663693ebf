//go:build windows

package atomicfile

import (
	"errors"

	"golang.org/x/sys/windows"
)

// alive reports whether a process with this pid still runs. A process
// that cannot be opened for another reason than its absence (another
// user's, access denied) counts as running.
func alive(pid int) bool {
	h, err := windows.OpenProcess(windows.PROCESS_QUERY_LIMITED_INFORMATION, false, uint32(pid))
	if errors.Is(err, windows.ERROR_INVALID_PARAMETER) {
		return false // no such process
	}
	if err != nil {
		return true
	}
	defer windows.CloseHandle(h)
	var code uint32
	if windows.GetExitCodeProcess(h, &code) != nil {
		return true
	}
	return code == stillActive // an exited process's handle may linger
}

// stillActive is GetExitCodeProcess's answer for a running process
// (STILL_ACTIVE, which x/sys/windows does not name).
const stillActive = 259
