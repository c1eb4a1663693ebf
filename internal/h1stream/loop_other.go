//go:build !linux

package h1stream

import (
	"context"
	"errors"
	"net"
	"net/http"
	"time"
)

// LoopSupported is false: the event loop is built on epoll. Callers use
// Transport here.
const LoopSupported = false

// Loop has no event loop here; see loop_linux.go.
type Loop struct {
	Dial                  func(ctx context.Context, network, addr string) (net.Conn, error)
	ResponseHeaderTimeout time.Duration
	MaxIdlePerHost        int
}

var errNoLoop = errors.New("h1stream: no event loop on this system")

// RoundTrip fails: callers check LoopSupported first.
func (l *Loop) RoundTrip(req *http.Request, _ Sink) (*http.Response, error) {
	closeBody(req)
	return nil, errNoLoop
}

// CloseIdleConnections has nothing to close.
func (l *Loop) CloseIdleConnections() {}
