// Package rawconn gives a TCP connection reads and writes that spare
// an idle Go process a sysmon wake-up per syscall: for streams, where
// every event is a read (and, in a relay or a gateway, a write).
package rawconn

import (
	"io"
	"net"
	"os"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
	"unsafe"

	"golang.org/x/sys/unix"
)

// rawConn reads its socket with a raw read(2) inside the runtime
// poller's RawConn.Read instead of net.Conn's syscall.Read. Why: a
// streaming client is idle between events, and Go's sysmon thread sleeps
// while every P is idle; the first syscall made through entersyscall then
// wakes it (a futex wake, a thread switch, and its 20 µs polls until the
// process is idle again). At one event every 10 ms that was a quarter of
// bench's CPU at concurrency 1 (perf: runtime.sysmon and
// entersyscallWakeSysmon). The socket is non-blocking, so the raw read
// never blocks the P; EAGAIN hands the wait to the poller as usual, and
// deadlines and Close work as for any net.Conn.
//
// Writes go the same way, for the same reason: a relay writes each event
// to its client as it reads it, and that write's syscall woke sysmon
// as the read's did.
//
// Reads are recvmsg(2) with SO_TIMESTAMPNS on, and the connection keeps
// the kernel's receive time of the newest bytes it read (Arrival): a
// benchmark's TTFT and TPOT, and the fake gateway's schedule, then count
// from when the bytes reached the machine, not from when a busy process's
// goroutine got a core to read them.
type rawConn struct {
	*net.TCPConn
	rc syscall.RawConn
	// The read in flight, for readFD (bound once: no closure per read).
	buf    []byte
	n      int
	errno  syscall.Errno
	readFn func(fd uintptr) bool
	stamps bool     // SO_TIMESTAMPNS is on: read with recvmsg
	oob    [64]byte // one SCM_TIMESTAMPNS message, with room to spare
	// last is the kernel's stamp of the newest bytes read (Unix ns, 0:
	// none yet); atomic: a server's background read may set it while a
	// handler reads it.
	last atomic.Int64
	// The write in flight, for writeFD; wmu keeps concurrent writers
	// (net.Conn allows them) off each other's fields until the fd's own
	// write lock orders them.
	wmu     sync.Mutex
	wbuf    []byte
	wn      int
	werrno  syscall.Errno
	writeFn func(fd uintptr) bool
}

// Wrap wraps a TCP connection; anything else is returned as it is.
func Wrap(c net.Conn) net.Conn {
	tc, ok := c.(*net.TCPConn)
	if !ok {
		return c
	}
	rc, err := tc.SyscallConn()
	if err != nil {
		return c
	}
	r := &rawConn{TCPConn: tc, rc: rc}
	r.readFn, r.writeFn = r.readFD, r.writeFD
	var serr error
	if err := rc.Control(func(fd uintptr) {
		serr = unix.SetsockoptInt(int(fd), unix.SOL_SOCKET, unix.SO_TIMESTAMPNS, 1)
	}); err == nil && serr == nil {
		r.stamps = true
	}
	return r
}

func (c *rawConn) readFD(fd uintptr) bool {
	for {
		n, e := c.read(fd)
		switch e {
		case syscall.EINTR:
			continue
		case syscall.EAGAIN:
			return false // wait for the poller, then read again
		}
		c.n, c.errno = n, e
		return true
	}
}

// read is one non-blocking read(2), or recvmsg(2) noting the kernel's
// stamp of the bytes. A raw syscall: the socket never blocks.
func (c *rawConn) read(fd uintptr) (int, syscall.Errno) {
	if !c.stamps {
		n, _, e := syscall.RawSyscall(syscall.SYS_READ, fd, uintptr(unsafe.Pointer(&c.buf[0])), uintptr(len(c.buf)))
		return int(n), e
	}
	n, t, e := RecvStamped(fd, c.buf, &c.oob)
	if t != 0 {
		c.last.Store(t)
	}
	return n, e
}

// RecvStamped is one recvmsg(2) on a non-blocking socket with
// SO_TIMESTAMPNS on, by raw syscall: the bytes read and the kernel's
// receive time of the newest of them (Unix ns; 0 when the kernel sent
// none). It is the one stamped read: rawConn's, and h1stream's event
// loop's, which owns its sockets' fds.
func RecvStamped(fd uintptr, p []byte, oob *[64]byte) (n int, stamp int64, errno syscall.Errno) {
	iov := unix.Iovec{Base: &p[0]}
	iov.SetLen(len(p))
	msg := unix.Msghdr{Iov: &iov, Control: &oob[0]}
	msg.SetIovlen(1)
	msg.SetControllen(len(oob))
	r, _, e := syscall.RawSyscall(unix.SYS_RECVMSG, fd, uintptr(unsafe.Pointer(&msg)), 0)
	if e == 0 && r > 0 {
		if t, ok := parseStamp(oob[:msg.Controllen]); ok {
			stamp = t
		}
	}
	return int(r), stamp, e
}

// parseStamp finds the SCM_TIMESTAMPNS message among oob's (Unix ns).
// The kernel sends none for bytes that came before stamping was on:
// Linux turns it on for the whole machine a moment after the first
// socket asks.
func parseStamp(oob []byte) (int64, bool) {
	for len(oob) > 0 {
		h, data, rest, err := unix.ParseOneSocketControlMessage(oob)
		if err != nil {
			return 0, false
		}
		if h.Level == unix.SOL_SOCKET && h.Type == unix.SCM_TIMESTAMPNS && len(data) >= int(unsafe.Sizeof(unix.Timespec{})) {
			var ts unix.Timespec // copied: data need not be aligned for it
			copy(unsafe.Slice((*byte)(unsafe.Pointer(&ts)), unsafe.Sizeof(ts)), data)
			return ts.Nano(), true
		}
		oob = rest
	}
	return 0, false
}

// Arrival is when the newest bytes read reached the machine, by the
// kernel's clock (wall time); zero before any stamped read.
func (c *rawConn) Arrival() time.Time {
	if ns := c.last.Load(); ns != 0 {
		return time.Unix(0, ns)
	}
	return time.Time{}
}

func (c *rawConn) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	c.buf, c.n, c.errno = p, 0, 0
	err := c.rc.Read(c.readFn)
	c.buf = nil
	switch {
	case err != nil: // deadline, or closed
		return 0, c.opError("read", err)
	case c.errno != 0:
		return 0, c.opError("read", os.NewSyscallError("read", c.errno))
	case c.n == 0:
		return 0, io.EOF
	}
	return c.n, nil
}

// writeFD writes what is left of wbuf: true when all of it is written or
// the write failed, false to wait for the poller (socket buffer full).
func (c *rawConn) writeFD(fd uintptr) bool {
	for len(c.wbuf) > 0 {
		n, _, e := syscall.RawSyscall(syscall.SYS_WRITE, fd, uintptr(unsafe.Pointer(&c.wbuf[0])), uintptr(len(c.wbuf)))
		switch e {
		case 0:
			c.wn += int(n)
			c.wbuf = c.wbuf[n:]
		case syscall.EINTR:
		case syscall.EAGAIN:
			return false
		default:
			c.werrno = e
			return true
		}
	}
	return true
}

// Write writes all of p or fails, as net.Conn.Write.
func (c *rawConn) Write(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	c.wmu.Lock()
	defer c.wmu.Unlock()
	c.wbuf, c.wn, c.werrno = p, 0, 0
	err := c.rc.Write(c.writeFn)
	n := c.wn
	c.wbuf = nil
	switch {
	case err != nil: // deadline, or closed
		return n, c.opError("write", err)
	case c.werrno != 0:
		return n, c.opError("write", os.NewSyscallError("write", c.werrno))
	}
	return n, nil
}

// opError shapes err as net.Conn's Read or Write would: *net.OpError
// around the cause.
func (c *rawConn) opError(op string, err error) error {
	if oe, ok := err.(*net.OpError); ok {
		err = oe.Err
	}
	return &net.OpError{Op: op, Net: "tcp", Source: c.LocalAddr(), Addr: c.RemoteAddr(), Err: err}
}
