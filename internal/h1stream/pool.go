package h1stream

import (
	"bufio"
	"context"
	"net"
	"net/http"
	"net/http/httptrace"
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
	t.mu.Lock()
	defer t.mu.Unlock()
	list := t.idle[key]
	if len(list) == 0 {
		return nil
	}
	c := list[len(list)-1]
	list[len(list)-1] = nil
	t.idle[key] = list[:len(list)-1]
	return c
}

func (t *Transport) putIdle(c *conn) {
	c.used = true
	c.nc.SetDeadline(time.Time{})
	t.mu.Lock()
	if t.idle == nil {
		t.idle = make(map[string][]*conn)
	}
	if list := t.idle[c.key]; len(list) < max(t.MaxIdlePerHost, 1) {
		t.idle[c.key] = append(list, c)
		c = nil
	}
	t.mu.Unlock()
	if c != nil {
		c.nc.Close()
	}
}

// CloseIdleConnections closes the connections no request uses.
func (t *Transport) CloseIdleConnections() {
	t.mu.Lock()
	idle := t.idle
	t.idle = nil
	t.mu.Unlock()
	for _, list := range idle {
		for _, c := range list {
			c.nc.Close()
		}
	}
}

// hostPort is the address to dial: the URL's host, port 80 by default.
func hostPort(req *http.Request) string {
	host := req.URL.Host
	if req.URL.Port() == "" {
		return net.JoinHostPort(req.URL.Hostname(), "80")
	}
	return host
}
