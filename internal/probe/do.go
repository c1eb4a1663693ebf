package probe

import (
	"bufio"
	"bytes"
	"context"
	"crypto/tls"
	"errors"
	"io"
	"net/http"
	"net/http/httptrace"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/h1stream"
	"github.com/keydoctor/keydoctor/internal/redact"
)

// Do sends one request and reads its answer: the whole JSON body, or the
// event stream through the protocol's decoder. It never returns nil; a
// failure is in Result.Code and Result.Err.
func (c *Client) Do(ctx context.Context, req Request) *Result {
	return c.DoStream(ctx, req, nil)
}

// DoStream is Do with a callback for each content delta as it arrives.
func (c *Client) DoStream(ctx context.Context, req Request, onDelta func(Delta)) *Result {
	res := &Result{Method: http.MethodPost, URL: req.Target()}
	res.ReqHeader = shownHeader(req, c.opts.UserAgent)
	return c.send(ctx, req, res, req.Body(), onDelta)
}

// send runs one HTTP exchange; body nil means GET.
func (c *Client) send(ctx context.Context, req Request, res *Result, body []byte, onDelta func(Delta)) *Result {
	ctx, cancel := context.WithTimeout(ctx, c.opts.Timeout)
	defer cancel()
	tr := &tracer{}
	res.Timings.Start = time.Now()
	tr.start = res.Timings.Start
	ctx = httptrace.WithClientTrace(ctx, tr.trace())

	var rd io.Reader
	if body != nil {
		rd = bytes.NewReader(body)
	}
	hreq, err := http.NewRequestWithContext(ctx, res.Method, res.URL, rd)
	if err != nil {
		res.Code, res.Err = catalog.URLInvalid, errors.New("the request URL does not parse")
		return res
	}
	hreq.Header = req.headers(req.Key, c.opts.UserAgent)
	if body == nil {
		hreq.Header.Del("Content-Type")
		hreq.Header.Set("Accept", "application/json")
	}
	if res.Proxy = c.ProxyFor(hreq.URL); res.Proxy != "" {
		res.ProxyVar = ProxyVar(c.opts.Getenv, hreq.URL)
	}

	var push *pushStream
	var resp *http.Response
	if c.loop != nil && req.Stream && body != nil && onDelta == nil && c.opts.StreamIdle == 0 && h1stream.Carries(hreq) && res.Proxy == "" {
		// The event loop, for streams: a callback or an idle timer would
		// run on its goroutine, so those keep their own.
		push = newPushStream(req, res.Timings.Start, tr, c.opts.EvidenceBytes)
		resp, err = c.loop.RoundTrip(hreq, push)
		if err != nil { // as http.Client wraps a transport's error
			err = &url.Error{Op: "Post", URL: res.URL, Err: err}
		}
	} else {
		resp, err = c.HTTP.Do(hreq)
	}
	tr.copyTo(&res.Timings)
	if err != nil {
		classifyTransport(res, err, tr, ctx)
		res.Timings.End = time.Since(res.Timings.Start)
		return res
	}
	defer resp.Body.Close()
	res.StatusCode = resp.StatusCode
	res.Header = resp.Header
	res.ContentType = resp.Header.Get("Content-Type")
	if push != nil && push.took {
		res.Timings.FirstByte = push.firstByte
		c.endStream(ctx, req, res, push.dec, push.ev.buf, push.err)
		res.Timings.End = time.Since(res.Timings.Start)
		return res
	}

	var rd2 io.Reader = resp.Body
	var idle *idleReader
	if c.opts.StreamIdle > 0 {
		idle = newIdleReader(resp.Body, c.opts.StreamIdle, cancel)
		defer idle.stop()
		rd2 = idle
	}
	rd2 = decoded(rd2, resp.Header)
	ok := resp.StatusCode >= 200 && resp.StatusCode < 300
	if ok && req.Stream && body != nil && undecoded(resp.Header) == "" {
		// The peek buffer is also the first read of the stream and then
		// the line reader's: 4 KiB takes a buffered burst in one read, so
		// its deltas share one arrival stamp (with 512 bytes a burst was
		// split in two reads, and a busy machine could stretch it past
		// MaxBurstSpan). One buffer, not two, for a thousand streams;
		// and the stamp is taken as the bytes leave the socket, below it.
		ev := &evidenceWriter{max: c.opts.EvidenceBytes}
		start := res.Timings.Start
		sr := &stampReader{r: io.TeeReader(rd2, ev), clock: func() time.Duration { return time.Since(start) },
			arrival: arrivalOf(resp.Body)}
		if sr.arrival != nil {
			// The head's arrival by the kernel, not when the transport
			// got round to reading it; after the request was written, and
			// no delta before it.
			wall := time.Now()
			fb := max(arrivedAt(wall.Sub(start), wall, sr.arrival()), res.Timings.WroteRequest)
			res.Timings.FirstByte = min(res.Timings.FirstByte, fb)
			sr.last = res.Timings.FirstByte
		}
		br := bufio.NewReaderSize(sr, 4096)
		if head, _ := br.Peek(5); looksLikeStream(res.ContentType, head) {
			c.readStream(ctx, req, res, &LineReader{r: br, limit: maxLine}, sr, ev, onDelta)
		} else {
			c.readBody(ctx, req, res, br, true)
		}
	} else {
		c.readBody(ctx, req, res, rd2, body != nil)
	}
	if idle != nil && idle.fired() && res.Code != "" {
		// The idle timer canceled the request: the body stalled.
		events := 0
		if res.Stream != nil {
			events = res.Stream.Events
		}
		res.Code = catalog.TimeoutStream
		res.Err = errorf("the answer sent nothing for %s after %d events", c.opts.StreamIdle, events)
	}
	res.Timings.End = time.Since(res.Timings.Start)
	return res
}

// looksLikeStream: an event-stream content type, or a body that starts
// like one (relays drop or rewrite the header); JSON and HTML are read
// whole and classified.
func looksLikeStream(contentType string, head []byte) bool {
	if strings.HasPrefix(strings.ToLower(contentType), "text/event-stream") {
		return true
	}
	for _, p := range []string{"data:", "event", "id:", ":"} {
		if bytes.HasPrefix(head, []byte(p)) {
			return true
		}
	}
	return false
}

// readBody reads a whole (capped) body and classifies it.
func (c *Client) readBody(ctx context.Context, req Request, res *Result, body io.Reader, post bool) {
	b, err := io.ReadAll(io.LimitReader(body, c.opts.MaxBody+1))
	if res.BodyCap = c.opts.MaxBody; int64(len(b)) > c.opts.MaxBody {
		b, res.Truncated = b[:c.opts.MaxBody], true
	}
	res.keepBody(b, req.Key)
	if err != nil {
		classifyBodyError(res, err, ctx)
		return
	}
	if !post {
		classifyStatus(res, req)
		return
	}
	classifyAnswer(res, req)
}

// readStream decodes an event stream as it arrives.
func (c *Client) readStream(ctx context.Context, req Request, res *Result, lr *LineReader, sr *stampReader, ev *evidenceWriter, onDelta func(Delta)) {
	dec := NewDecoder(req.Protocol, res.Timings.Start)
	dec.OnDelta = onDelta
	_, err := dec.readLines(lr, sr)
	c.endStream(ctx, req, res, dec, ev.buf, err)
}

// endStream is a stream's result from its decoder, its first bytes and
// the error that ended it (nil at its end).
func (c *Client) endStream(ctx context.Context, req Request, res *Result, dec *Decoder, evidence []byte, err error) {
	s := dec.Stream()
	res.Stream = s
	res.keepBody(evidence, req.Key)
	res.Text = dec.Text()
	res.Model = s.Model
	if s.Usage != nil {
		res.Usage = *s.Usage
	}
	if n := len(s.Deltas); n > 0 {
		res.Timings.FirstDelta = s.FirstToken()
		res.Timings.FirstText = s.FirstText()
		res.Timings.LastDelta = s.Deltas[n-1].At
	}
	if err != nil {
		classifyBodyError(res, err, ctx)
		return
	}
	classifyStream(res, req)
}

// evidenceWriter keeps the first bytes of a stream.
type evidenceWriter struct {
	buf []byte
	max int
}

func (w *evidenceWriter) Write(p []byte) (int, error) {
	if room := w.max - len(w.buf); room > 0 {
		if w.buf == nil && len(p) < w.max {
			// Its final size at once: a stream fills it within a few
			// events, and appends from a chunk's size would leave three
			// smaller copies behind per stream.
			w.buf = make([]byte, 0, w.max)
		}
		if len(p) < room {
			room = len(p)
		}
		w.buf = append(w.buf, p[:room]...)
	}
	return len(p), nil
}

// tracer records httptrace phases. Dial callbacks may run on other
// goroutines (happy eyeballs), hence the lock.
type tracer struct {
	mu                           sync.Mutex
	start                        time.Time
	dnsStart, connStart, tlsStrt time.Duration
	t                            Timings
	gotConn, tlsStarted, tlsDone bool
	tlsErr                       error
}

func (tr *tracer) since() time.Duration { return time.Since(tr.start) }

func (tr *tracer) trace() *httptrace.ClientTrace {
	lock := func(f func()) { tr.mu.Lock(); f(); tr.mu.Unlock() }
	return &httptrace.ClientTrace{
		DNSStart: func(httptrace.DNSStartInfo) { lock(func() { tr.dnsStart = tr.since() }) },
		DNSDone:  func(httptrace.DNSDoneInfo) { lock(func() { tr.t.DNS = tr.since() - tr.dnsStart }) },
		ConnectStart: func(string, string) {
			lock(func() {
				if tr.connStart == 0 {
					tr.connStart = tr.since()
				}
			})
		},
		ConnectDone: func(_, _ string, err error) {
			lock(func() {
				if err == nil {
					tr.t.Connect = tr.since() - tr.connStart
				}
			})
		},
		TLSHandshakeStart: func() { lock(func() { tr.tlsStrt, tr.tlsStarted = tr.since(), true }) },
		TLSHandshakeDone: func(_ tls.ConnectionState, err error) {
			lock(func() {
				tr.t.TLS, tr.tlsDone, tr.tlsErr = tr.since()-tr.tlsStrt, true, err
			})
		},
		GotConn: func(i httptrace.GotConnInfo) {
			lock(func() { tr.gotConn, tr.t.ConnReused = true, i.Reused })
		},
		WroteRequest:         func(httptrace.WroteRequestInfo) { lock(func() { tr.t.WroteRequest = tr.since() }) },
		GotFirstResponseByte: func() { lock(func() { tr.t.FirstByte = tr.since() }) },
	}
}

func (tr *tracer) copyTo(t *Timings) {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	start := t.Start
	*t = tr.t
	t.Start = start
}

func (tr *tracer) state() (gotConn, tlsStarted, tlsDone bool) {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	return tr.gotConn, tr.tlsStarted, tr.tlsDone
}

// keepBody is the answer's body as a result keeps it: with the key the
// request carried masked, in case the gateway echoes it.
func (res *Result) keepBody(b []byte, key string) {
	res.Body = []byte(redact.Redact(string(b), key))
}
