package h1stream

import (
	"io"
	"net"
	"os"
	"syscall"
	"time"
	"unsafe"

	"golang.org/x/sys/unix"
)

// stampConn reads a TCP connection through recvmsg with SO_TIMESTAMPNS
// on, and keeps the kernel's receive time of the newest bytes it read.
// A benchmark's TTFT and TPOT are then when the bytes reached this
// machine, not when a busy client's goroutine got a core to read them:
// at 256 streams on two cores that wake-up is most of a client's error.
type stampConn struct {
	nc   net.Conn
	rc   syscall.RawConn
	last time.Time // the kernel's stamp (wall clock) of the last read
	oob  [64]byte  // one SCM_TIMESTAMPNS message with room to spare
}

// stamped returns what a connection's buffer reads from: nc itself when
// the kernel will not stamp it.
func stamped(nc net.Conn) (io.Reader, *stampConn) {
	sc, ok := nc.(syscall.Conn)
	if !ok {
		return nc, nil
	}
	rc, err := sc.SyscallConn()
	if err != nil {
		return nc, nil
	}
	var serr error
	if err := rc.Control(func(fd uintptr) {
		serr = unix.SetsockoptInt(int(fd), unix.SOL_SOCKET, unix.SO_TIMESTAMPNS, 1)
	}); err != nil || serr != nil {
		return nc, nil
	}
	s := &stampConn{nc: nc, rc: rc}
	return s, s
}

func (s *stampConn) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	var (
		n, oobn int
		errno   syscall.Errno
	)
	err := s.rc.Read(func(fd uintptr) bool {
		for {
			n, oobn, errno = recvmsg(fd, p, s.oob[:])
			if errno != syscall.EINTR {
				return errno != syscall.EAGAIN
			}
		}
	})
	if err != nil { // a deadline or a closed connection, as net.Conn says them
		if oe, ok := err.(*net.OpError); ok {
			oe.Op = "read"
		}
		return 0, err
	}
	if errno != 0 {
		return 0, &net.OpError{Op: "read", Net: "tcp", Source: s.nc.LocalAddr(), Addr: s.nc.RemoteAddr(), Err: os.NewSyscallError("read", errno)}
	}
	if n == 0 {
		return 0, io.EOF
	}
	if t, ok := parseStamp(s.oob[:oobn]); ok {
		s.last = t
	}
	return n, nil
}

// recvmsg is one non-blocking recvmsg(2) into p with room oob for its
// control messages. A raw syscall, as the socket never blocks.
func recvmsg(fd uintptr, p, oob []byte) (n, oobn int, errno syscall.Errno) {
	iov := unix.Iovec{Base: &p[0]}
	iov.SetLen(len(p))
	msg := unix.Msghdr{Iov: &iov, Control: &oob[0]}
	msg.SetIovlen(1)
	msg.SetControllen(len(oob))
	r, _, e := syscall.RawSyscall(unix.SYS_RECVMSG, fd, uintptr(unsafe.Pointer(&msg)), 0)
	if e != 0 {
		return 0, 0, e
	}
	return int(r), int(msg.Controllen), 0
}

// parseStamp finds the SCM_TIMESTAMPNS message among oob's.
func parseStamp(oob []byte) (time.Time, bool) {
	for len(oob) > 0 {
		h, data, rest, err := unix.ParseOneSocketControlMessage(oob)
		if err != nil {
			return time.Time{}, false
		}
		if h.Level == unix.SOL_SOCKET && h.Type == unix.SCM_TIMESTAMPNS && len(data) >= int(unsafe.Sizeof(unix.Timespec{})) {
			var ts unix.Timespec // copied: data need not be aligned for it
			copy(unsafe.Slice((*byte)(unsafe.Pointer(&ts)), unsafe.Sizeof(ts)), data)
			return time.Unix(int64(ts.Sec), int64(ts.Nsec)), true
		}
		oob = rest
	}
	return time.Time{}, false
}
