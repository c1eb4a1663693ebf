// Package h1stream is a small HTTP/1.1 client for streamed answers over
// plain http:// (a gateway on loopback or the LAN, the trace relay, the
// mock). Why not net/http's Transport: it runs a read loop and a write
// loop goroutine per connection besides the caller's, about 16 KB of
// stacks per stream, a third of a stream's memory at 1,000 streams, and
// every event crosses from its read loop to the caller. Here the
// caller's goroutine writes the request and reads the answer itself:
// one goroutine per stream, no hand-off per event.
//
// Loop (Linux) goes further for a benchmark's streams: one goroutine
// reads them all, parsing by push (push.go), and hands any other answer
// back to be read as Transport's.
//
// It does HTTP/1.1 only, without TLS and without proxies: callers route
// https:// and proxied requests to net/http (probe does), so that HTTP/2
// gateways are measured as users reach them.
package h1stream

import (
	"bufio"
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptrace"
	"time"

	"golang.org/x/net/http/httpguts"

	"github.com/keydoctor/keydoctor/internal/rawconn"
)

// Transport is an http.RoundTripper for http:// URLs. A request runs on
// the caller's goroutine; its response body is read there too, and
// closing it at its end puts the connection back for the next request.
type Transport struct {
	// Dial opens a connection (required): probe's dialer, which wraps it
	// for raw reads.
	Dial func(ctx context.Context, network, addr string) (net.Conn, error)
	// ResponseHeaderTimeout bounds the wait for the response head once
	// the request is written; 0 means the context's deadline alone.
	ResponseHeaderTimeout time.Duration
	// MaxIdlePerHost is how many idle connections a host keeps (at least 1).
	MaxIdlePerHost int
	// ReadBufferSize sizes each connection's read buffer (default 1 KiB:
	// the stream's own reader sits above it). A head line longer than it
	// is still read, up to MaxLineBytes.
	ReadBufferSize int

	idle idleSet[*conn]
}

// conn is one connection and its buffers.
type conn struct {
	nc   net.Conn
	br   *bufio.Reader
	wbuf []byte
	key  string
	used bool // carried a request before
}

// timeoutError is net/http's kind of error for the header timeout: a
// net.Error that says Timeout, with the phrase callers classify by.
type timeoutError struct{}

func (timeoutError) Error() string   { return "h1stream: timeout awaiting response headers" }
func (timeoutError) Timeout() bool   { return true }
func (timeoutError) Temporary() bool { return true }

var (
	errScheme     = errors.New("h1stream: only http:// URLs")
	errBodyClosed = errors.New("http: read on closed response body")
	// aLongTimeAgo is the deadline that stops a blocked read or write.
	aLongTimeAgo = time.Unix(1, 0)
)

// Carries says whether req is one this transport sends as net/http
// would: http://, no protocol upgrade (a WebSocket needs the raw
// connection, which it does not hand over) and no TE: trailers (it reads
// trailers only to drop them). Callers send the rest through net/http;
// proxies are theirs to check.
func Carries(req *http.Request) bool {
	return req.URL.Scheme == "http" && req.URL.Host != "" &&
		!httpguts.HeaderValuesContainsToken(req.Header["Connection"], "upgrade") &&
		!httpguts.HeaderValuesContainsToken(req.Header["Te"], "trailers")
}

// RoundTrip sends req and reads the response head. On a reused
// connection that turns out closed before anything was written, the
// request is sent once more on a new one (as net/http does).
func (t *Transport) RoundTrip(req *http.Request) (*http.Response, error) {
	body, err := prepare(req)
	if err != nil {
		return nil, err
	}
	ctx := req.Context()
	trace := httptrace.ContextClientTrace(ctx)
	for {
		c, err := t.getConn(ctx, req, trace)
		if err != nil {
			return nil, err
		}
		resp, err := t.exchange(ctx, c, req, body, trace)
		if err == nil {
			return resp, nil
		}
		if again, err := resend(ctx, err, c.used); !again {
			return nil, err
		}
	}
}

// prepare checks a request as both transports send it (http://, valid
// method and headers) and reads its body whole.
func prepare(req *http.Request) ([]byte, error) {
	if req.URL.Scheme != "http" || req.URL.Host == "" {
		closeBody(req)
		return nil, errScheme
	}
	if err := writeRequestCheck(req); err != nil {
		closeBody(req)
		return nil, err
	}
	return readBody(req)
}

// resend says whether a request that failed with err goes once more on
// a new connection: when its reused one turned out stale before any byte
// left (the server never saw it). Otherwise it returns the error to
// report.
func resend(ctx context.Context, err error, reused bool) (bool, error) {
	var nw nothingWritten
	if !errors.As(err, &nw) {
		return false, err
	}
	if reused && ctx.Err() == nil {
		return true, nil
	}
	return false, nw.err
}

// nothingWritten wraps a write that failed before any byte left.
type nothingWritten struct{ err error }

func (e nothingWritten) Error() string { return e.err.Error() }
func (e nothingWritten) Unwrap() error { return e.err }

// exchange writes the request on c and reads the response head.
func (t *Transport) exchange(ctx context.Context, c *conn, req *http.Request, body []byte, trace *httptrace.ClientTrace) (*http.Response, error) {
	stop := context.AfterFunc(ctx, func() { c.nc.SetDeadline(aLongTimeAgo) })
	fail := func(err error) (*http.Response, error) {
		stop()
		c.nc.Close()
		if ctx.Err() != nil {
			err = ctx.Err()
		}
		return nil, err
	}
	c.wbuf = appendRequest(c.wbuf[:0], req, body)
	n, err := c.nc.Write(c.wbuf)
	if trace != nil && trace.WroteHeaders != nil && n > 0 {
		trace.WroteHeaders()
	}
	if trace != nil && trace.WroteRequest != nil {
		trace.WroteRequest(httptrace.WroteRequestInfo{Err: err})
	}
	if cap(c.wbuf) > 8<<10 {
		c.wbuf = nil // a large body's buffer is not kept with the connection
	}
	if err != nil {
		if n == 0 {
			err = nothingWritten{err}
		}
		return fail(err)
	}
	if t.ResponseHeaderTimeout > 0 {
		c.nc.SetReadDeadline(time.Now().Add(t.ResponseHeaderTimeout))
	}
	if _, err := c.br.Peek(1); err != nil {
		if isTimeout(err) && ctx.Err() == nil && t.ResponseHeaderTimeout > 0 {
			err = timeoutError{}
		}
		return fail(err)
	}
	if trace != nil && trace.GotFirstResponseByte != nil {
		trace.GotFirstResponseByte()
	}
	h, err := readHead(c.br)
	if err != nil {
		if isTimeout(err) && ctx.Err() == nil && t.ResponseHeaderTimeout > 0 {
			err = timeoutError{}
		}
		return fail(err)
	}
	f, err := h.framing(req.Method)
	if err != nil {
		return fail(err)
	}
	if t.ResponseHeaderTimeout > 0 {
		c.nc.SetReadDeadline(time.Time{})
		if ctx.Err() != nil { // it fired between: keep its deadline
			c.nc.SetDeadline(aLongTimeAgo)
		}
	}
	b := &bodyReader{pool: t, c: c, ctx: ctx, stop: stop, keepAlive: f.keepAlive && !closes(req)}
	resp := newResponse(h, f, req, !b.keepAlive)
	b.frame(f)
	resp.Body = b
	return resp, nil
}

// newResponse is the response a head describes, without its body.
func newResponse(h *head, f framing, req *http.Request, close bool) *http.Response {
	resp := &http.Response{
		Status: h.status3() + " " + h.reason, StatusCode: h.status,
		Proto: h.proto, ProtoMajor: h.major, ProtoMinor: h.minor,
		Header: h.header, ContentLength: f.length, Close: close,
		Request: req,
	}
	if f.chunked && !f.none {
		resp.TransferEncoding, resp.ContentLength = []string{"chunked"}, -1
	}
	return resp
}

// frame sets the reader that ends the body where its framing says.
func (b *bodyReader) frame(f framing) {
	switch {
	case f.none || f.length == 0:
		b.r, b.eof = eofReader{}, true // at its end already: reusable unread
	case f.chunked:
		b.r = &chunkedReader{br: b.c.br}
	case f.length >= 0:
		b.r = &lengthReader{br: b.c.br, n: f.length}
	default:
		b.r = b.c.br // until the server closes
	}
}

func (h *head) status3() string {
	return string([]byte{byte('0' + h.status/100), byte('0' + h.status/10%10), byte('0' + h.status%10)})
}

type eofReader struct{}

func (eofReader) Read([]byte) (int, error) { return 0, io.EOF }

// bodyReader is a response body: read on the caller's goroutine; at its
// end, closing it puts the connection back in the pool.
type bodyReader struct {
	pool      idlePool // takes the connection back once the body was read whole
	c         *conn
	ctx       context.Context
	stop      func() bool
	r         io.Reader
	keepAlive bool
	eof       bool
	closed    bool
	// arrival0 is when the bytes the event loop had read before it handed
	// the body over (the head's) reached the machine: the arrival until
	// the connection's own reads have one.
	arrival0 time.Time
}

func (b *bodyReader) Read(p []byte) (int, error) {
	if b.closed {
		return 0, errBodyClosed
	}
	if b.eof {
		return 0, io.EOF
	}
	n, err := b.r.Read(p)
	switch {
	case err == io.EOF:
		b.eof = true
	case err != nil && b.ctx.Err() != nil:
		err = b.ctx.Err()
	}
	return n, err
}

// Arrival is when the newest bytes read from the connection reached this
// machine, by the kernel's clock (wall time): for a connection the Dial
// wrapped with rawconn (probe's), on Linux; zero otherwise. Bytes a read
// returns arrived then or earlier.
func (b *bodyReader) Arrival() time.Time {
	if t := rawconn.Arrival(b.c.nc); !t.IsZero() {
		return t
	}
	return b.arrival0
}

// Close releases the connection: back to the pool when the body was read
// to its end and the server keeps it open, closed otherwise (a body left
// half read would be the next response's head).
func (b *bodyReader) Close() error {
	if b.closed {
		return nil
	}
	b.closed = true
	stopped := b.stop() // false: the context ended, its deadline is set
	if b.eof && b.keepAlive && stopped && b.c.br.Buffered() == 0 {
		b.pool.putIdle(b.c)
		return nil
	}
	return b.c.nc.Close()
}

// idlePool takes a connection back for the next request: Transport's
// pool, or the event loop's for an answer it handed over.
type idlePool interface{ putIdle(*conn) }

// closes: the request asks the server to close after it.
func closes(req *http.Request) bool {
	return req.Close || httpguts.HeaderValuesContainsToken(req.Header["Connection"], "close")
}

func isTimeout(err error) bool {
	var ne net.Error
	return errors.As(err, &ne) && ne.Timeout()
}

func closeBody(req *http.Request) {
	if req.Body != nil {
		req.Body.Close()
	}
}

// readBody reads the request body whole: requests to a gateway are small
// JSON documents, written with the head in one write. It stays for a
// resend on a new connection.
func readBody(req *http.Request) ([]byte, error) {
	if req.Body == nil || req.Body == http.NoBody {
		return nil, nil
	}
	defer req.Body.Close()
	if req.ContentLength < 0 {
		return nil, errors.New("h1stream: a request body of unknown length")
	}
	b := make([]byte, req.ContentLength)
	if _, err := io.ReadFull(req.Body, b); err != nil {
		return nil, err
	}
	return b, nil
}
