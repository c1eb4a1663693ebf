//go:build windows

package probe

import (
	"errors"
	"syscall"

	"golang.org/x/sys/windows"
)

// Winsock answers with its own numbers, which syscall's ECONNREFUSED and
// friends (invented on Windows) do not match.
func refused(err error) bool {
	return errors.Is(err, windows.WSAECONNREFUSED) || errors.Is(err, syscall.ECONNREFUSED)
}

func unreachable(err error) bool {
	return errors.Is(err, windows.WSAENETUNREACH) || errors.Is(err, windows.WSAEHOSTUNREACH) ||
		errors.Is(err, syscall.ENETUNREACH) || errors.Is(err, syscall.EHOSTUNREACH)
}
