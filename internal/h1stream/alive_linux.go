package h1stream

import (
	"net"
	"syscall"
	"unsafe"
)

// Supported: the idle check below needs a peek that does not block.
const Supported = true

// alive peeks at an idle connection without blocking: open when there is
// nothing to read (EAGAIN); closed, or not fit for reuse, when the
// server sent an end of stream, an error or bytes nobody asked for. A
// raw syscall, as rawconn's reads, so an idle process's sysmon stays
// asleep.
func alive(nc net.Conn) bool {
	sc, ok := nc.(syscall.Conn)
	if !ok {
		return false
	}
	rc, err := sc.SyscallConn()
	if err != nil {
		return false
	}
	alive := false
	err = rc.Read(func(fd uintptr) bool {
		alive = aliveFD(fd)
		return true
	})
	return err == nil && alive
}

// aliveFD is alive's peek on the socket itself: the event loop's idle
// connections are fds, not net.Conns.
func aliveFD(fd uintptr) bool {
	var buf [1]byte
	_, _, errno := syscall.RawSyscall6(syscall.SYS_RECVFROM, fd, uintptr(unsafe.Pointer(&buf[0])), 1,
		syscall.MSG_PEEK|syscall.MSG_DONTWAIT, 0, 0)
	return errno == syscall.EAGAIN
}
