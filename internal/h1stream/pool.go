package h1stream

import (
	"bufio"
	"context"
	"net"
	"net/http"
	"net/http/httptrace"
	"sync"
	"time"
)

// getConn takes the host's most recently used idle connection that is
// still open, or dials a new one. The check that an idle one is open
// stands in for net/http's read loop, which notices a server's close
// while the connection waits: here nothing reads an idle connection.
func (t *Transport) getConn(ctx context.Context, req *http.Request, trace *httptrace.ClientTrace) (*conn, error) {
	key := hostPort(req)
	if trace != nil && trace.GetConn != nil {
		trace.GetConn(key)
	}
	for {
		c := t.takeIdle(key)
		if c == nil {
			break
		}
		if alive(c.nc) {
			if trace != nil && trace.GotConn != nil {
				trace.GotConn(httptrace.GotConnInfo{Conn: c.nc, Reused: true, WasIdle: true})
			}
			return c, nil
		}
		c.nc.Close() // the server closed it meanwhile: dial anew
	}
	// The dial sees the context's trace itself (DNS, connect).
	nc, err := t.Dial(ctx, "tcp", key)
	if err != nil {
		return nil, err
	}
	if trace != nil && trace.GotConn != nil {
		trace.GotConn(httptrace.GotConnInfo{Conn: nc})
	}
	size := t.ReadBufferSize
	if size <= 0 {
		size = 1 << 10
	}
	return &conn{nc: nc, br: bufio.NewReaderSize(nc, size), key: key}, nil
}

func (t *Transport) takeIdle(key string) *conn {
	c, _ := t.idle.take(key)
	return c
}

func (t *Transport) putIdle(c *conn) {
	c.used = true
	c.nc.SetDeadline(time.Time{})
	if !t.idle.put(c.key, c, t.MaxIdlePerHost) {
		c.nc.Close()
	}
}

// CloseIdleConnections closes the connections no request uses.
func (t *Transport) CloseIdleConnections() {
	for _, c := range t.idle.drain() {
		c.nc.Close()
	}
}

// idleSet is each host's idle connections, the most recently used last:
// Transport's and the event loop's pools. The zero value is empty.
type idleSet[C any] struct {
	mu sync.Mutex
	m  map[string][]C
}

// take removes and returns the host's most recently used connection.
func (s *idleSet[C]) take(key string) (C, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var zero C
	list := s.m[key]
	if len(list) == 0 {
		return zero, false
	}
	c := list[len(list)-1]
	list[len(list)-1] = zero
	s.m[key] = list[:len(list)-1]
	return c, true
}

// put keeps c for the host unless it keeps limit (at least 1) already:
// false, and the caller closes c.
func (s *idleSet[C]) put(key string, c C, limit int) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.m == nil {
		s.m = make(map[string][]C)
	}
	list := s.m[key]
	if len(list) >= max(limit, 1) {
		return false
	}
	s.m[key] = append(list, c)
	return true
}

// drain empties the set and returns what it held.
func (s *idleSet[C]) drain() []C {
	s.mu.Lock()
	defer s.mu.Unlock()
	var all []C
	for _, list := range s.m {
		all = append(all, list...)
	}
	s.m = nil
	return all
}

// hostPort is the address to dial: the URL's host, port 80 by default.
func hostPort(req *http.Request) string {
	host := req.URL.Host
	if req.URL.Port() == "" {
		return net.JoinHostPort(req.URL.Hostname(), "80")
	}
	return host
}
