package probe

import (
	"io"
	"net"
	"os"
	"syscall"
	"unsafe"
)

// rawReadConn reads its socket with a raw read(2) inside the runtime
// poller's RawConn.Read instead of net.Conn's syscall.Read. Why: a
// streaming client is idle between events, and Go's sysmon thread sleeps
// while every P is idle; the first syscall made through entersyscall then
// wakes it (a futex wake, a thread switch, and its 20 µs polls until the
// process is idle again). At one event every 10 ms that was a quarter of
// bench's CPU at concurrency 1 (perf: runtime.sysmon and
// entersyscallWakeSysmon). The socket is non-blocking, so the raw read
// never blocks the P; EAGAIN hands the wait to the poller as usual, and
// deadlines and Close work as for any net.Conn.
type rawReadConn struct {
	*net.TCPConn
	rc syscall.RawConn
	// The read in flight, for readFD (bound once: no closure per read).
	buf    []byte
	n      int
	errno  syscall.Errno
	readFn func(fd uintptr) bool
}

// FastConn wraps a TCP connection; anything else is returned as it is.
func FastConn(c net.Conn) net.Conn {
	tc, ok := c.(*net.TCPConn)
	if !ok {
		return c
	}
	rc, err := tc.SyscallConn()
	if err != nil {
		return c
	}
	r := &rawReadConn{TCPConn: tc, rc: rc}
	r.readFn = r.readFD
	return r
}

func (c *rawReadConn) readFD(fd uintptr) bool {
	for {
		n, _, e := syscall.RawSyscall(syscall.SYS_READ, fd, uintptr(unsafe.Pointer(&c.buf[0])), uintptr(len(c.buf)))
		switch e {
		case syscall.EINTR:
			continue
		case syscall.EAGAIN:
			return false // wait for the poller, then read again
		}
		c.n, c.errno = int(n), e
		return true
	}
}

func (c *rawReadConn) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	c.buf, c.n, c.errno = p, 0, 0
	err := c.rc.Read(c.readFn)
	c.buf = nil
	switch {
	case err != nil: // deadline, or closed
		return 0, c.opError(err)
	case c.errno != 0:
		return 0, c.opError(os.NewSyscallError("read", c.errno))
	case c.n == 0:
		return 0, io.EOF
	}
	return c.n, nil
}

// opError shapes err as net.Conn.Read would: *net.OpError around the cause.
func (c *rawReadConn) opError(err error) error {
	if oe, ok := err.(*net.OpError); ok {
		err = oe.Err
	}
	return &net.OpError{Op: "read", Net: "tcp", Source: c.LocalAddr(), Addr: c.RemoteAddr(), Err: err}
}
