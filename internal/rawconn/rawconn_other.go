//go:build !linux

// Package rawconn gives a TCP connection reads and writes that spare
// an idle Go process a sysmon wake-up per syscall (see rawconn_linux.go).
package rawconn

import "net"

// Wrap is the connection as it is: the raw reads and writes that spare
// Linux its sysmon wake-ups are Linux-only.
func Wrap(c net.Conn) net.Conn { return c }
