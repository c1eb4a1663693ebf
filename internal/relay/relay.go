// Package relay is the recording relay behind `keydoctor trace` and
// `keydoctor verify`: it forwards every request to the gateway unchanged,
// streams every answer back unchanged and flushed event by event, and
// records per request what the tool asked for and what it got. It never
// records a body or a key.
package relay

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"mime"
	"net"
	"net/http"
	"net/http/httptrace"
	"net/http/httputil"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/human"
	"github.com/keydoctor/keydoctor/internal/rawconn"
	"github.com/keydoctor/keydoctor/internal/redact"
)

// maxRequestBody bounds the request body the relay holds to read the model
// from. Tools send their whole conversation each turn; 64 MiB is far above
// any context window.
const maxRequestBody = 64 << 20

// Options configure a Relay.
type Options struct {
	// Upstream is the gateway root the relay's root stands for: a request
	// for /v1/messages goes to Upstream + /v1/messages.
	Upstream *url.URL
	// Expect lists the models requests may ask for and answers may name
	// (main and background model); empty disables the mismatch flag.
	Expect []string
	// Transport reaches the upstream; nil: StreamTransport over
	// DefaultTransport, which never compresses or decompresses on its
	// own, so bodies pass as they are.
	Transport http.RoundTripper
	// HeaderTimeout bounds the wait for the upstream's response headers;
	// 0 means 10 minutes (long thinking before the first byte is normal).
	HeaderTimeout time.Duration
	// Observer reads each answer as it passes; nil: WireObserver.
	Observer Observer
	// OnRecord receives each finished request, from the request's
	// goroutine (concurrently).
	OnRecord func(Record)
	// Now is the clock; nil: time.Now.
	Now func() time.Time
}

// Relay is an http.Handler that forwards to the upstream and records.
type Relay struct {
	o     Options
	proxy *httputil.ReverseProxy
}

type exchangeKey struct{}

// exchange is the state of one request, shared between the handler and the
// proxy's hooks through the request context.
type exchange struct {
	start    time.Time
	since    func() time.Duration
	status   int
	sse      bool
	err      error
	body     *tappedBody
	observed chan Observation // nil when no observer runs
	proto    gateway.Protocol
	stream   bool
	observer Observer
	secrets  []string // the request's credentials, masked in whatever the record shows
	// arrived is when the request's last bytes reached the machine,
	// from start (at most 0: it waited for the handler); forwarded when
	// its last byte was written to the gateway (0: not yet), set from the
	// transport's goroutine. Between the two the relay held it.
	arrived   time.Duration
	forwarded atomic.Int64
}

// New builds a relay.
func New(o Options) *Relay {
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Observer == nil {
		o.Observer = WireObserver
	}
	if o.HeaderTimeout == 0 {
		o.HeaderTimeout = 10 * time.Minute
	}
	if o.Transport == nil {
		o.Transport = StreamTransport(DefaultTransport(o.HeaderTimeout))
	}
	rl := &Relay{o: o}
	rl.proxy = &httputil.ReverseProxy{
		// Rewrite (not Director): no X-Forwarded-* headers are added, so
		// the gateway sees the tool's request as the tool sent it.
		Rewrite: func(pr *httputil.ProxyRequest) {
			pr.SetURL(o.Upstream)
		},
		Transport:      o.Transport,
		FlushInterval:  -1, // flush after every write: SSE events pass one by one
		BufferPool:     copyBuffers{},
		ModifyResponse: rl.tapResponse,
		ErrorHandler:   rl.upstreamFailed,
		// A cut stream is in the request's record; the proxy's own log
		// line would only garble the terminal.
		ErrorLog: log.New(io.Discard, "", 0),
	}
	return rl
}

// maxIdle is how many upstream connections the relay keeps open between
// requests: as many as the streams a benchmark runs through it at once.
// With fewer (net/http's default is 2 per host), every stream beyond
// them redials, and the dial lands in that request's TTFT (13–16 ms at
// 256 streams with 128 kept).
const maxIdle = 1024

// DefaultTransport is the relay's transport toward the gateway: no proxy
// (the caller passes one that honours the user's proxy settings), no
// compression of its own, connections kept for concurrent streams.
func DefaultTransport(headerTimeout time.Duration) *http.Transport {
	dialer := &net.Dialer{Timeout: 10 * time.Second, KeepAlive: 30 * time.Second}
	return &http.Transport{
		DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
			c, err := dialer.DialContext(ctx, network, addr)
			if err != nil {
				return nil, err
			}
			return rawconn.Wrap(c), nil // every event is a read: spare each one a sysmon wake-up
		},
		ForceAttemptHTTP2:     true,
		DisableCompression:    true,
		MaxIdleConns:          maxIdle,
		MaxIdleConnsPerHost:   maxIdle,
		IdleConnTimeout:       90 * time.Second,
		TLSHandshakeTimeout:   10 * time.Second,
		ResponseHeaderTimeout: headerTimeout,
	}
}

func (rl *Relay) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	start := rl.o.Now()
	ex := &exchange{start: start, since: func() time.Duration { return rl.o.Now().Sub(start) }, observer: rl.o.Observer}
	auth, keys := authOf(r.Header)
	ex.secrets = append(append([]string(nil), keys...), queryKeys(r.URL)...)
	rec := Record{
		Time:   start,
		Client: r.UserAgent(),
		Method: r.Method,
		Path:   requestURI(r.URL),
		Auth:   auth,
	}
	if len(keys) > 0 {
		rec.KeySum, rec.KeyMasked = KeySum(keys[0]), redact.Shown(keys[0])
	}

	if r.Body != nil && r.Body != http.NoBody {
		b, err := io.ReadAll(io.LimitReader(r.Body, maxRequestBody+1))
		r.Body.Close()
		if err != nil || len(b) > maxRequestBody {
			msg := "reading the request body failed"
			if err == nil {
				msg = "the request body exceeds 64 MiB"
			}
			http.Error(w, "keydoctor trace: "+msg, http.StatusBadRequest)
			rec.Status, rec.Failed, rec.Error = http.StatusBadRequest, true, msg
			redact.Scrub(&rec, ex.secrets...)
			rl.emit(rec)
			return
		}
		var req struct {
			Model  string `json:"model"`
			Stream bool   `json:"stream"`
		}
		_ = json.Unmarshal(b, &req) // not JSON: nothing to read, still forwarded
		rec.Model, rec.Stream = req.Model, req.Stream
		r.Body = io.NopCloser(bytes.NewReader(b))
		r.ContentLength = int64(len(b))
	}
	// Its last bytes came in the newest read: the head's, or the body's
	// just read whole. The kernel's stamp where there is one, so that the
	// wait for the handler counts. Only the age is taken from the real
	// clock: held_ms is a difference on the relay's own (Options.Now).
	ex.arrived = ex.since() - time.Since(rawconn.RequestArrival(r))
	ex.proto = ProtocolOf(r.URL.Path)
	if ex.proto == gateway.Gemini { // the model and streaming are in the path
		rec.Model = GeminiModel(r.URL.Path)
		rec.Stream = strings.HasSuffix(r.URL.Path, gateway.GeminiStream)
	}
	ex.stream = rec.Stream

	// The reverse proxy panics with http.ErrAbortHandler when a stream is
	// cut midway; the request is still recorded.
	defer func() {
		p := recover()
		if ex.body != nil {
			ex.body.finish(io.ErrUnexpectedEOF) // no-op after a clean end
		}
		if p == http.ErrAbortHandler && ex.err == nil {
			ex.err = errors.New("the stream was cut before it ended")
		}
		rl.emit(ex.record(rec, rl.o.Expect))
		if p != nil {
			panic(p)
		}
	}()
	ctx := context.WithValue(r.Context(), exchangeKey{}, ex)
	ctx = httptrace.WithClientTrace(ctx, &httptrace.ClientTrace{WroteRequest: func(i httptrace.WroteRequestInfo) {
		if i.Err == nil {
			ex.forwarded.Store(int64(max(ex.since(), 1)))
		}
	}})
	rl.proxy.ServeHTTP(w, r.WithContext(ctx))
}

// record completes rec with what the exchange saw; it waits for the
// observer, which ends once the body is closed.
func (ex *exchange) record(rec Record, expect []string) Record {
	rec.Status = ex.status
	if ex.sse {
		rec.Stream = true
	}
	var first, end time.Duration
	if ex.body != nil {
		first, end = ex.body.times()
	} else {
		end = ex.since()
	}
	rec.E2Ems = human.Millis(end)
	if f := time.Duration(ex.forwarded.Load()); f > 0 {
		rec.HeldMS = human.Millis(f - ex.arrived)
	}
	if ex.observed != nil {
		ob := <-ex.observed
		rec.ServedModel, rec.OutputTokens = ob.Model, ob.OutputTokens
		rec.TTFTms, rec.FirstTextMS = human.Millis(ob.FirstDelta), human.Millis(ob.FirstText)
		if ob.Failed {
			rec.Failed, rec.Error = true, "the answer carries an error"
		}
	} else if ex.status > 0 && ex.status < 400 && ex.proto == "" {
		rec.TTFTms = human.Millis(first) // not a model call: the first byte is all there is
	}
	if ex.err != nil {
		rec.Failed, rec.Error = true, ex.err.Error()
	}
	// A HEAD is a tool checking that the base URL answers at all (some
	// send HEAD / first); a 404 there is not a failed request.
	if ex.status >= 400 && rec.Method != http.MethodHead {
		rec.Failed = true
		if rec.Error == "" {
			rec.Error = http.StatusText(ex.status)
		}
	}
	rec.Mismatch = Mismatch(expect, rec.Model, rec.ServedModel)
	// Whatever the client or gateway put there, a credential is not shown.
	redact.Scrub(&rec, ex.secrets...)
	return rec
}

func (rl *Relay) emit(rec Record) {
	if rl.o.OnRecord != nil {
		rl.o.OnRecord(rec)
	}
}

// tapResponse wraps the upstream body so the observer reads a copy of what
// the client is sent, and starts the observer.
func (rl *Relay) tapResponse(res *http.Response) error {
	ex, _ := res.Request.Context().Value(exchangeKey{}).(*exchange)
	if ex == nil {
		return nil
	}
	ex.status = res.StatusCode
	if res.StatusCode == http.StatusSwitchingProtocols {
		// A WebSocket (a Responses client may try one): the proxy needs the
		// raw connection, and frames are not SSE; only the request is
		// recorded.
		return nil
	}
	mt, _, _ := mime.ParseMediaType(res.Header.Get("Content-Type"))
	ex.sse = mt == "text/event-stream"
	t := newTap()
	ex.body = &tappedBody{rc: res.Body, tap: t, since: ex.since}
	res.Body = ex.body
	decoded, ok := decodedTap(t, res.Header.Get("Content-Encoding"))
	if !ok || ex.proto == "" || res.StatusCode >= 400 {
		go io.Copy(io.Discard, t) // nothing to measure; keep the tap drained
		return nil
	}
	ex.observed = make(chan Observation, 1)
	if _, wire := ex.observer.(wireObserver); wire && ex.sse && decoded == Tap(t) {
		ex.body.feed, ex.body.observed = newWireFeed(ex.proto), ex.observed
		return nil
	}
	go func() {
		ob := ex.observer.Observe(ex.proto, ex.sse, decoded)
		io.Copy(io.Discard, t)
		ex.observed <- ob
	}()
	return nil
}

// upstreamFailed answers 502 when the gateway cannot be reached, saying so
// in the body the tool will show.
func (rl *Relay) upstreamFailed(w http.ResponseWriter, r *http.Request, err error) {
	ex, _ := r.Context().Value(exchangeKey{}).(*exchange)
	if errors.Is(err, context.Canceled) && r.Context().Err() != nil {
		if ex != nil {
			ex.err, ex.status = errors.New("the client went away"), 499
		}
		return
	}
	if ex != nil {
		ex.err, ex.status = errors.New(rootCause(err)), http.StatusBadGateway
	}
	host := rl.o.Upstream.Host
	http.Error(w, fmt.Sprintf("keydoctor trace: cannot reach the gateway %s: %s", host, strings.TrimSpace(rootCause(err))), http.StatusBadGateway)
}

// rootCause strips the URL net/http puts in front of a transport error
// (it may carry a query string).
func rootCause(err error) string {
	var ue *url.Error
	if errors.As(err, &ue) {
		return ue.Err.Error()
	}
	return err.Error()
}

// copyBuffers recycles the 32 KiB buffers the reverse proxy copies bodies
// through; without a pool each request allocates and clears its own.
type copyBuffers struct{}

var copyBufferPool = sync.Pool{New: func() any { b := make([]byte, 32<<10); return &b }}

func (copyBuffers) Get() []byte  { return *(copyBufferPool.Get().(*[]byte)) }
func (copyBuffers) Put(b []byte) { copyBufferPool.Put(&b) }
