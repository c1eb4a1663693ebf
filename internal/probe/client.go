package probe

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"os"
	"time"

	"github.com/keydoctor/keydoctor/internal/h1stream"
	"github.com/keydoctor/keydoctor/internal/rawconn"
	"golang.org/x/net/http/httpproxy"
)

// Options configure a Client. Zero values mean the defaults below.
type Options struct {
	// Getenv supplies the proxy variables (HTTP_PROXY, HTTPS_PROXY,
	// NO_PROXY and their lower-case forms); nil means no proxy. Pass
	// env.Env.Getenv: nothing here reads the process environment.
	Getenv func(string) string
	// DialTimeout bounds the TCP connect (default 10s).
	DialTimeout time.Duration
	// TLSHandshakeTimeout bounds the TLS handshake (default 10s).
	TLSHandshakeTimeout time.Duration
	// ResponseHeaderTimeout bounds the wait for response headers once the
	// request is written: the model's time to first byte (default 60s).
	ResponseHeaderTimeout time.Duration
	// Timeout is the whole-request deadline, body included (default 120s).
	Timeout time.Duration
	// StreamIdle aborts a stream that sends nothing for this long
	// (timeout-stream); 0 leaves only the whole-request deadline.
	StreamIdle time.Duration
	// CAFile is an extra PEM bundle trusted besides the system roots.
	CAFile string
	// MaxConnsPerHost sizes the connection pool (default 8); bench sets it
	// to its concurrency.
	MaxConnsPerHost int
	// MaxBody caps how much of a non-streaming body is read (default 1 MiB).
	MaxBody int64
	// EvidenceBytes is how many leading body bytes Result.Body keeps for a
	// stream (default 2048; negative keeps none).
	EvidenceBytes int
	// UserAgent is sent with every request (default "keydoctor").
	UserAgent string
	// StreamClient sends plain http:// requests that no proxy takes
	// through h1stream, on the caller's goroutine: one goroutine per
	// stream instead of net/http's three (bench). https:// and proxied
	// requests still go through net/http, HTTP/2 included. Connections
	// are not capped there: MaxConnsPerHost only sizes the idle pool.
	StreamClient bool
	// EventLoop sends those of StreamClient's requests that are streamed
	// POSTs through h1stream.Loop (Linux): one goroutine reads every
	// stream, an event costing one read instead of a goroutine's wake
	// (bench's client). Streams with a callback or an idle timer, and the
	// answers that are not event streams, are read as StreamClient's.
	EventLoop bool
}

func (o *Options) defaults() {
	set := func(d *time.Duration, v time.Duration) {
		if *d == 0 {
			*d = v
		}
	}
	set(&o.DialTimeout, 10*time.Second)
	set(&o.TLSHandshakeTimeout, 10*time.Second)
	set(&o.ResponseHeaderTimeout, 60*time.Second)
	set(&o.Timeout, 120*time.Second)
	if o.MaxConnsPerHost <= 0 {
		o.MaxConnsPerHost = 8
	}
	if o.MaxBody <= 0 {
		o.MaxBody = 1 << 20
	}
	if o.EvidenceBytes == 0 {
		o.EvidenceBytes = 2048
	}
	if o.UserAgent == "" {
		o.UserAgent = "keydoctor"
	}
}

// Client is keydoctor's one HTTP client toward gateways.
type Client struct {
	HTTP *http.Client
	opts Options
	loop *h1stream.Loop // EventLoop's, where it runs
	// proxy resolves the proxy for a URL from the injected environment.
	proxy func(*url.URL) (*url.URL, error)
}

// NewClient builds the client: its own transport, phase timeouts, no
// redirect followed (a 3xx is reported, never followed: a gateway that
// redirects POSTs is misconfigured and tools fail on it).
func NewClient(o Options) (*Client, error) {
	o.defaults()
	c := &Client{opts: o, proxy: ProxyFunc(o.Getenv)}
	tlsConf := &tls.Config{MinVersion: tls.VersionTLS12}
	if o.CAFile != "" {
		pem, err := os.ReadFile(o.CAFile)
		if err != nil {
			return nil, fmt.Errorf("reading the CA file: %w", err)
		}
		pool, err := x509.SystemCertPool()
		if err != nil || pool == nil {
			pool = x509.NewCertPool()
		}
		if !pool.AppendCertsFromPEM(pem) {
			return nil, fmt.Errorf("the CA file %s holds no PEM certificate", o.CAFile)
		}
		tlsConf.RootCAs = pool
	}
	dialer := &net.Dialer{Timeout: o.DialTimeout, KeepAlive: 30 * time.Second}
	dial := func(ctx context.Context, network, addr string) (net.Conn, error) {
		conn, err := dialer.DialContext(ctx, network, addr)
		if err != nil {
			return nil, err
		}
		return rawconn.Wrap(conn), nil
	}
	tr := &http.Transport{
		Proxy:                 func(r *http.Request) (*url.URL, error) { return c.proxy(r.URL) },
		DialContext:           dial,
		TLSClientConfig:       tlsConf,
		TLSHandshakeTimeout:   o.TLSHandshakeTimeout,
		ResponseHeaderTimeout: o.ResponseHeaderTimeout,
		MaxConnsPerHost:       o.MaxConnsPerHost,
		MaxIdleConnsPerHost:   o.MaxConnsPerHost,
		MaxIdleConns:          o.MaxConnsPerHost * 4,
		IdleConnTimeout:       90 * time.Second,
		ForceAttemptHTTP2:     true,
		// Ask for identity: a streamed body must reach us as it is sent.
		DisableCompression: true,
		// A request is a few hundred bytes of headers and a small JSON
		// body, written once: 2 KiB instead of the default 4 KiB per
		// connection is 2 MB less at 1,000 streams; a larger body is
		// written through in pieces.
		WriteBufferSize: 2 << 10,
		// The transport's read buffer sits under the stream's own 4 KiB
		// one (do.go): a chunked body's Read gathers every chunk already
		// in the socket, refilling this buffer as often as it takes, so
		// a buffered burst still reaches the stream in one read with one
		// arrival stamp; response headers longer than it are read in
		// pieces. 1 KiB instead of 4 KiB is 3 MB less at 1,000 streams.
		ReadBufferSize: 1 << 10,
	}
	var rt http.RoundTripper = tr
	if o.StreamClient && h1stream.Supported {
		rt = &splitTransport{std: tr, proxy: c.proxy, h1: &h1stream.Transport{
			Dial: dial, ResponseHeaderTimeout: o.ResponseHeaderTimeout, MaxIdlePerHost: o.MaxConnsPerHost,
		}}
	}
	if o.StreamClient && o.EventLoop && h1stream.Supported && h1stream.LoopSupported {
		c.loop = &h1stream.Loop{Dial: dial, ResponseHeaderTimeout: o.ResponseHeaderTimeout, MaxIdlePerHost: o.MaxConnsPerHost}
	}
	c.HTTP = &http.Client{
		Transport: rt,
		CheckRedirect: func(*http.Request, []*http.Request) error {
			return http.ErrUseLastResponse
		},
		// No Client.Timeout: Do sets a context deadline so that a timeout
		// can be told apart by phase (headers or stream).
	}
	return c, nil
}

// splitTransport sends what h1stream can carry (http://, no proxy)
// through it and the rest through net/http.
type splitTransport struct {
	std   *http.Transport
	h1    *h1stream.Transport
	proxy func(*url.URL) (*url.URL, error)
}

func (s *splitTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	if h1stream.Carries(r) {
		if p, err := s.proxy(r.URL); err == nil && p == nil {
			return s.h1.RoundTrip(r)
		}
	}
	return s.std.RoundTrip(r)
}

func (s *splitTransport) CloseIdleConnections() {
	s.std.CloseIdleConnections()
	s.h1.CloseIdleConnections()
}

// Options returns the options the client was built with, defaults filled.
func (c *Client) Options() Options { return c.opts }

// Close releases idle connections.
func (c *Client) Close() {
	c.HTTP.CloseIdleConnections()
	if c.loop != nil {
		c.loop.CloseIdleConnections()
	}
}

// ProxyFunc is http.ProxyFromEnvironment with the variables taken from
// getenv instead of the process: same rules (loopback is never proxied,
// NO_PROXY honoured, REQUEST_METHOD guards HTTP_PROXY under CGI).
func ProxyFunc(getenv func(string) string) func(*url.URL) (*url.URL, error) {
	if getenv == nil {
		return func(*url.URL) (*url.URL, error) { return nil, nil }
	}
	firstSet := func(names ...string) string {
		for _, n := range names {
			if v := getenv(n); v != "" {
				return v
			}
		}
		return ""
	}
	cfg := &httpproxy.Config{
		HTTPProxy:  firstSet("HTTP_PROXY", "http_proxy"),
		HTTPSProxy: firstSet("HTTPS_PROXY", "https_proxy"),
		NoProxy:    firstSet("NO_PROXY", "no_proxy"),
		CGI:        getenv("REQUEST_METHOD") != "",
	}
	return cfg.ProxyFunc()
}

// ProxyVar is the variable ProxyFunc takes u's proxy from (HTTPS_PROXY or
// https_proxy for https, HTTP_PROXY or http_proxy for http), whether or
// not NO_PROXY exempts u: pair it with ProxyFor.
func ProxyVar(getenv func(string) string, u *url.URL) string {
	names := []string{"HTTP_PROXY", "http_proxy"}
	if u.Scheme == "https" {
		names = []string{"HTTPS_PROXY", "https_proxy"}
	}
	for _, n := range names {
		if getenv != nil && getenv(n) != "" {
			return n
		}
	}
	return ""
}

// ProxyFor names the proxy a request to u would go through ("" for none),
// credentials removed.
func (c *Client) ProxyFor(u *url.URL) string {
	p, err := c.proxy(u)
	if err != nil || p == nil {
		return ""
	}
	p2 := *p
	p2.User = nil
	return p2.String()
}
