package h1stream

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/http/httptrace"
	"sync"
	"syscall"
	"time"
	"unsafe"

	"golang.org/x/sys/unix"
)

// LoopSupported: the event loop is built on epoll.
const LoopSupported = true

// Loop sends HTTP/1.1 requests over plain http:// and reads every answer
// on one goroutine that waits for all their sockets in one epoll, where
// Transport's callers each wait for theirs. Why: a benchmark's hundreds
// of streams each get an event every few milliseconds, and a goroutine
// per stream costs per event a read that finds nothing, a park and a
// wake (docs/engineering-notes.md, issue 31). Here an event is one read,
// and the answers that became readable together are read in one turn:
// 15% less CPU for bench at 256 streams, half the reads.
//
// A caller's goroutine dials (through Dial, so that its trace and errors
// are net/http's), writes the request (at once, as Transport's callers
// do: the loop would get to it only after every other caller ready ran)
// and waits. The loop reads the head and hands it to the caller's Sink,
// which either takes the body as it arrives, on the loop's goroutine, or
// leaves it to be read as Transport's: any answer but the stream the
// sink wants.
//
// The loop takes what its epoll has ready by raw syscall and, when it
// has nothing, parks in Go's poller on the epoll itself (an epoll fd is
// readable while it has events): busy, a turn is one syscall for every
// socket that became readable; idle, it holds no P.
type Loop struct {
	// Dial opens a connection (required); the loop takes over its socket.
	Dial func(ctx context.Context, network, addr string) (net.Conn, error)
	// ResponseHeaderTimeout bounds the wait for the response head once
	// the request is written; 0 means the context's deadline alone.
	ResponseHeaderTimeout time.Duration
	// MaxIdlePerHost is how many idle connections a host keeps (at least 1).
	MaxIdlePerHost int

	idle     idleSet[*loopConn]
	mu       sync.Mutex  // the fields below
	queue    []*exchange // submitted, not yet taken by the loop
	cancels  []*exchange
	running  bool // the loop's goroutine runs
	sleeping bool // it waits in epoll: a submission writes wakeFD
	wakeFD   int
}

// loopConn is a connection the loop owns: its socket's fd.
type loopConn struct {
	fd           int
	key          string
	laddr, raddr net.Addr
	used         bool // carried a request before
}

// RoundTrip sends req and reads its answer's head. When sink takes the
// body, it returns after the body ended, with a response whose Body is
// empty; otherwise the response's Body is to be read and closed. On a
// reused connection that turns out closed before anything was written,
// the request is sent once more on a new one (as Transport does).
func (l *Loop) RoundTrip(req *http.Request, sink Sink) (*http.Response, error) {
	body, err := prepare(req)
	if err != nil {
		return nil, err
	}
	ctx := req.Context()
	trace := httptrace.ContextClientTrace(ctx)
	wbuf := appendRequest(nil, req, body)
	for {
		c, err := l.getConn(ctx, req, trace)
		if err != nil {
			return nil, err
		}
		resp, err := l.exchange(ctx, c, wbuf, req, trace, sink)
		if err == nil {
			return resp, nil
		}
		if again, err := resend(ctx, err, c.used); !again {
			return nil, err
		}
	}
}

// exchange writes the request on c and waits for the loop to end it.
func (l *Loop) exchange(ctx context.Context, c *loopConn, wbuf []byte, req *http.Request, trace *httptrace.ClientTrace, sink Sink) (*http.Response, error) {
	x := &exchange{ctx: ctx, req: req, trace: trace, sink: sink, c: c, wbuf: wbuf, done: make(chan struct{})}
	x.emit = x.body
	if _, err := x.writeSome(); err != nil {
		syscall.Close(c.fd)
		return nil, err
	}
	l.submit(x)
	stop := context.AfterFunc(ctx, func() { l.cancel(x) })
	<-x.done
	stop()
	return x.resp, x.err
}

// getConn takes an idle connection still open, or dials one and takes
// its socket over.
func (l *Loop) getConn(ctx context.Context, req *http.Request, trace *httptrace.ClientTrace) (*loopConn, error) {
	key := hostPort(req)
	if trace != nil && trace.GetConn != nil {
		trace.GetConn(key)
	}
	for {
		c := l.takeIdle(key)
		if c == nil {
			break
		}
		if aliveFD(uintptr(c.fd)) {
			if trace != nil && trace.GotConn != nil {
				trace.GotConn(httptrace.GotConnInfo{Reused: true, WasIdle: true})
			}
			return c, nil
		}
		syscall.Close(c.fd)
	}
	nc, err := l.Dial(ctx, "tcp", key)
	if err != nil {
		return nil, err
	}
	if trace != nil && trace.GotConn != nil {
		trace.GotConn(httptrace.GotConnInfo{Conn: nc})
	}
	return takeOver(nc, key)
}

// takeOver moves a dialled connection's socket from Go's poller to the
// loop: a duplicate of its fd (same socket, non-blocking, options kept),
// and the net.Conn closed.
func takeOver(nc net.Conn, key string) (*loopConn, error) {
	defer nc.Close()
	sc, ok := nc.(syscall.Conn)
	if !ok {
		return nil, errors.New("h1stream: the dialled connection has no socket")
	}
	rc, err := sc.SyscallConn()
	if err != nil {
		return nil, err
	}
	fd, derr := -1, error(nil)
	if err := rc.Control(func(s uintptr) { fd, derr = unix.FcntlInt(s, unix.F_DUPFD_CLOEXEC, 0) }); err != nil {
		return nil, err
	}
	if derr != nil {
		return nil, derr
	}
	return &loopConn{fd: fd, key: key, laddr: nc.LocalAddr(), raddr: nc.RemoteAddr()}, nil
}

func (l *Loop) takeIdle(key string) *loopConn {
	c, _ := l.idle.take(key)
	return c
}

func (l *Loop) putIdle(c *loopConn) {
	c.used = true
	if !l.idle.put(c.key, c, l.MaxIdlePerHost) {
		syscall.Close(c.fd)
	}
}

// CloseIdleConnections closes the connections no request uses.
func (l *Loop) CloseIdleConnections() {
	for _, c := range l.idle.drain() {
		syscall.Close(c.fd)
	}
}

// submit hands x to the loop, starting it when it is not running.
func (l *Loop) submit(x *exchange) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.queue = append(l.queue, x)
	if !l.running {
		l.running = true
		go l.run()
		return
	}
	l.wakeLocked()
}

// cancel ends x as its context says; nothing when x already ended (the
// loop runs as long as any exchange does).
func (l *Loop) cancel(x *exchange) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if !l.running {
		return
	}
	l.cancels = append(l.cancels, x)
	l.wakeLocked()
}

// wakeLocked wakes a loop waiting in epoll. Under l.mu: the loop closes
// its eventfd under it too, so the write never reaches a closed fd (or
// another file that took its number).
func (l *Loop) wakeLocked() {
	if !l.sleeping || l.wakeFD < 0 {
		return
	}
	l.sleeping = false
	one := [8]byte{1}
	syscall.RawSyscall(syscall.SYS_WRITE, uintptr(l.wakeFD), uintptr(unsafe.Pointer(&one[0])), 8)
}
