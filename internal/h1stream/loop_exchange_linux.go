package h1stream

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"net"
	"net/http"
	"net/http/httptrace"
	"os"
	"syscall"
	"time"
	"unsafe"

	"github.com/keydoctor/keydoctor/internal/rawconn"
)

// exchange is one request on the loop, from its write to its body's end.
type exchange struct {
	ctx   context.Context
	req   *http.Request
	trace *httptrace.ClientTrace
	sink  Sink
	c     *loopConn
	wbuf  []byte
	wrote int
	// registered: the socket is in the loop's epoll.
	registered bool

	phase    phase
	headline time.Time // the response head is due by then (zero: no bound)
	acc      []byte    // head bytes so far
	gotFirst bool      // the first byte of the answer came
	scanned  int       // how much of acc was searched for the head's end
	arrival  int64     // the kernel's stamp of the newest bytes (Unix ns)
	framing  framing
	chunks   chunkedPush
	left     int64 // what a Content-Length body still owes
	keep     bool  // the connection may carry the next request
	emit     func([]byte) bool

	resp *http.Response
	err  error
	done chan struct{}
}

type phase uint8

const (
	writing phase = iota
	awaitingHead
	pushing
	ended
)

// start takes x over from its caller, who wrote what it could of the
// request.
func (t *turn) start(x *exchange) {
	t.byFD[int32(x.c.fd)] = x
	if x.phase == writing {
		t.register(x, syscall.EPOLLOUT) // EPOLLOUT says when to go on
		return
	}
	t.awaitHead(x)
}

// write goes on writing the request; once all of it is written, the
// socket is waited on for the answer.
func (t *turn) write(x *exchange) {
	switch done, err := x.writeSome(); {
	case err != nil:
		t.fail(x, err)
	case done:
		t.awaitHead(x)
	}
}

// writeSome writes what it can of the rest of the request: done once
// all of it is written (the trace is told), false while the socket's
// buffer is full.
func (x *exchange) writeSome() (done bool, err error) {
	for x.wrote < len(x.wbuf) {
		p := x.wbuf[x.wrote:]
		n, _, e := syscall.RawSyscall(syscall.SYS_WRITE, uintptr(x.c.fd), uintptr(unsafe.Pointer(&p[0])), uintptr(len(p)))
		switch e {
		case 0:
			x.wrote += int(n)
			continue
		case syscall.EINTR:
			continue
		case syscall.EAGAIN:
			return false, nil
		}
		err := error(x.opError("write", e))
		if x.wrote == 0 {
			err = nothingWritten{err}
		}
		return false, err
	}
	if tr := x.trace; tr != nil {
		if tr.WroteHeaders != nil {
			tr.WroteHeaders()
		}
		if tr.WroteRequest != nil {
			tr.WroteRequest(httptrace.WroteRequestInfo{})
		}
	}
	x.phase = awaitingHead
	return true, nil
}

// awaitHead waits on the socket for the answer, within the head timeout.
func (t *turn) awaitHead(x *exchange) {
	if !t.register(x, syscall.EPOLLIN) {
		return
	}
	if d := t.l.ResponseHeaderTimeout; d > 0 {
		x.headline = time.Now().Add(d)
		t.heads = append(t.heads, x)
		if t.due.IsZero() || x.headline.Before(t.due) {
			t.due = x.headline
		}
	}
}

// register waits for events on x's socket; false when epoll refused
// (x has failed).
func (t *turn) register(x *exchange, events uint32) bool {
	op := syscall.EPOLL_CTL_MOD
	if !x.registered {
		op, x.registered = syscall.EPOLL_CTL_ADD, true
	}
	if err := syscall.EpollCtl(t.ep, op, x.c.fd, &syscall.EpollEvent{Events: events, Fd: int32(x.c.fd)}); err != nil {
		t.fail(x, os.NewSyscallError("epoll_ctl", err))
		return false
	}
	return true
}

// ready handles what epoll reported for x's socket: one write, or one
// read (level-triggered: bytes left are reported again).
func (t *turn) ready(x *exchange, events uint32) {
	if x.phase == writing {
		if events&(syscall.EPOLLOUT|syscall.EPOLLERR|syscall.EPOLLHUP) != 0 {
			t.write(x)
		}
		return
	}
	n, stamp, e := rawconn.RecvStamped(uintptr(x.c.fd), t.buf, &t.oob)
	switch {
	case e == syscall.EAGAIN || e == syscall.EINTR:
		return
	case e != 0:
		t.fail(x, x.opError("read", e))
		return
	case n == 0:
		t.eof(x)
		return
	}
	if stamp > x.arrival {
		x.arrival = stamp
	}
	p := t.buf[:n]
	if x.phase == awaitingHead {
		t.head(x, p)
		return
	}
	t.body(x, p)
}

// head gathers the head's bytes and, once it is whole, offers it to the
// sink.
func (t *turn) head(x *exchange, p []byte) {
	if !x.gotFirst && x.trace != nil && x.trace.GotFirstResponseByte != nil {
		x.trace.GotFirstResponseByte() // once, at the first byte: a 1xx head's, if one came
	}
	x.gotFirst = true
	x.acc = append(x.acc, p...)
	for {
		h, used, ok, err := parsePushedHead(x.acc, x.scanned)
		if err != nil {
			t.fail(x, err)
			return
		}
		if !ok {
			x.scanned = len(x.acc)
			return
		}
		x.acc, x.scanned = x.acc[used:], 0
		if !h.final() {
			continue // 100 Continue, 103 Early Hints: the final head follows
		}
		f, err := h.framing(x.req.Method)
		if err != nil {
			t.fail(x, err)
			return
		}
		x.framing, x.keep = f, f.keepAlive && !closes(x.req)
		x.resp = newResponse(h, f, x.req, !x.keep)
		if !x.sink.Head(x.resp, x.arrivalTime()) {
			t.handOver(x)
			return
		}
		x.phase, x.left = pushing, f.length
		rest := x.acc
		x.acc = nil
		if f.none || f.length == 0 {
			t.end(x, nil, len(rest) == 0)
			return
		}
		if len(rest) > 0 {
			t.body(x, rest)
		}
		return
	}
}

func (x *exchange) arrivalTime() time.Time {
	if x.arrival == 0 {
		return time.Time{}
	}
	return time.Unix(0, x.arrival)
}

// body pushes a piece of the body through its framing to the sink.
func (t *turn) body(x *exchange, p []byte) {
	switch f := x.framing; {
	case f.chunked:
		done, rest, err := x.chunks.feed(p, x.emit)
		switch {
		case err == errSinkFull:
			t.end(x, nil, false)
		case err != nil:
			t.end(x, err, false)
		case done:
			t.end(x, nil, len(rest) == 0)
		}
	case f.length > 0:
		m := min(int64(len(p)), x.left)
		if !x.emit(p[:m]) {
			t.end(x, nil, false)
		} else if x.left -= m; x.left == 0 {
			t.end(x, nil, int(m) == len(p))
		}
	default: // until the server closes
		if !x.emit(p) {
			t.end(x, nil, false)
		}
	}
}

// body hands one piece of the body to the sink (bound once as x.emit).
func (x *exchange) body(p []byte) bool {
	return len(p) == 0 || x.sink.Body(p, x.arrivalTime())
}

// eof: the server closed the connection.
func (t *turn) eof(x *exchange) {
	if x.phase != pushing {
		t.fail(x, headCutOff(x.acc)) // as Transport: no answer, or half a head
		return
	}
	switch f := x.framing; {
	case f.chunked:
		t.end(x, x.chunks.end(), false)
	case f.length > 0:
		t.end(x, io.ErrUnexpectedEOF, false)
	default:
		t.end(x, nil, false)
	}
}

// end ends a pushed body: the sink is told how, and the connection goes
// back to the pool when it is whole, wanted again and nothing follows.
func (t *turn) end(x *exchange, err error, clean bool) {
	if err != nil && x.ctx.Err() != nil {
		err = x.ctx.Err()
	}
	x.sink.End(err)
	x.resp.Body = http.NoBody
	t.release(x)
	if err == nil && clean && x.keep {
		t.l.putIdle(x.c)
	} else {
		syscall.Close(x.c.fd)
	}
	x.phase, t.ended = ended, true
	close(x.done)
}

// fail ends x with err: before its head was taken (RoundTrip's error),
// or while its body was pushed (the sink's End).
func (t *turn) fail(x *exchange, err error) {
	if x.phase == pushing {
		t.end(x, err, false)
		return
	}
	if x.ctx.Err() != nil {
		err = x.ctx.Err()
	}
	t.release(x)
	syscall.Close(x.c.fd)
	x.resp, x.err, x.phase, t.ended = nil, err, ended, true
	close(x.done)
}

// release takes x's socket out of the loop.
func (t *turn) release(x *exchange) {
	delete(t.byFD, int32(x.c.fd))
	if x.registered {
		syscall.EpollCtl(t.ep, syscall.EPOLL_CTL_DEL, x.c.fd, nil)
		x.registered = false
	}
}

// handOver gives the connection back to Go's poller for the caller to
// read the body as Transport's: the answers the sink does not push
// (errors, JSON, encoded streams) are read whole or seldom.
func (t *turn) handOver(x *exchange) {
	t.release(x)
	f := os.NewFile(uintptr(x.c.fd), "")
	nc, err := net.FileConn(f) // its own duplicate of the fd
	f.Close()
	if err != nil {
		x.resp, x.err, x.phase, t.ended = nil, err, ended, true
		close(x.done)
		return
	}
	nc = rawconn.Wrap(nc)
	pre := bytes.NewReader(x.acc) // the body's first bytes, read with the head
	c := &conn{nc: nc, br: bufio.NewReaderSize(io.MultiReader(pre, nc), 1024), key: x.c.key}
	stop := context.AfterFunc(x.ctx, func() { nc.SetDeadline(aLongTimeAgo) })
	b := &bodyReader{pool: loopReturn{t.l, pre}, c: c, ctx: x.ctx, stop: stop, keepAlive: x.keep, arrival0: x.arrivalTime()}
	b.frame(x.framing)
	x.resp.Body = b
	x.acc, x.phase, t.ended = nil, ended, true
	close(x.done)
}

// loopReturn takes a handed-over connection back into the loop's pool
// once its body was read whole, as Transport's pool would: an error
// answer or a JSON body does not cost the next request a dial.
type loopReturn struct {
	l   *Loop
	pre *bytes.Reader
}

func (r loopReturn) putIdle(c *conn) {
	if r.pre.Len() > 0 { // bytes past the body, read with the head: no next answer starts clean
		c.nc.Close()
		return
	}
	if lc, err := takeOver(c.nc, c.key); err == nil {
		r.l.putIdle(lc)
	}
}

// opError shapes a syscall's failure as net.Conn's would be.
func (x *exchange) opError(op string, e syscall.Errno) *net.OpError {
	return &net.OpError{Op: op, Net: "tcp", Source: x.c.laddr, Addr: x.c.raddr, Err: os.NewSyscallError(op, e)}
}
