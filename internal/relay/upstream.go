package relay

import (
	"net/http"

	"github.com/keydoctor/keydoctor/internal/h1stream"
)

// StreamTransport is the relay's default way to the gateway. A plain
// http:// request that no proxy takes (a gateway on loopback or the LAN,
// the mock) goes through h1stream, which writes the request and reads
// the answer on the forwarding goroutine itself. net/http's Transport
// adds a read loop and a write loop goroutine per connection and hands
// the request and the response head across them: at 256 streams those
// hand-offs were a sixth of the relay's CPU, and the relay shares the
// client's and the gateway's cores. std takes the rest: https:// (and
// HTTP/2) as the tool would reach it, protocol upgrades (a WebSocket
// needs the raw connection) and requests that accept trailers, which
// h1stream drops. Where h1stream is not supported, std takes everything.
func StreamTransport(std *http.Transport) http.RoundTripper {
	if !h1stream.Supported {
		return std
	}
	return &streamTransport{std: std, h1: &h1stream.Transport{
		Dial:                  std.DialContext,
		ResponseHeaderTimeout: std.ResponseHeaderTimeout,
		MaxIdlePerHost:        std.MaxIdleConnsPerHost,
	}}
}

type streamTransport struct {
	std *http.Transport
	h1  *h1stream.Transport
}

func (t *streamTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	if t.plain(r) {
		return t.h1.RoundTrip(r)
	}
	return t.std.RoundTrip(r)
}

// plain: what h1stream carries unchanged.
func (t *streamTransport) plain(r *http.Request) bool {
	if !h1stream.Carries(r) || t.std.DialContext == nil {
		return false
	}
	if t.std.Proxy != nil {
		if p, err := t.std.Proxy(r); err != nil || p != nil {
			return false
		}
	}
	return true
}

func (t *streamTransport) CloseIdleConnections() {
	t.std.CloseIdleConnections()
	t.h1.CloseIdleConnections()
}
