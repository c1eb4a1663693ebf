//go:build !linux

package probe

import "net"

// FastConn is the connection as it is: the raw read that spares Linux
// its sysmon wake-ups is Linux-only.
func FastConn(c net.Conn) net.Conn { return c }
