package relay

import (
	"context"
	"io"
	"log"
	"net"
	"net/http"
	"sync"
	"time"

	"github.com/keydoctor/keydoctor/internal/rawconn"
)

// Server is a relay listening on loopback.
type Server struct {
	// Root is the relay's root URL (http://127.0.0.1:PORT): give it to a
	// tool in place of the gateway root.
	Root string
	srv  *http.Server
	ln   net.Listener
	done chan struct{}
	once sync.Once
}

// Start listens on addr (e.g. 127.0.0.1:8787, or 127.0.0.1:0 for any free
// port) and serves the relay until ctx ends or Close is called.
func Start(ctx context.Context, addr string, o Options) (*Server, error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, err
	}
	s := &Server{
		Root: "http://" + ln.Addr().String(),
		srv: &http.Server{
			Handler:           New(o),
			ReadHeaderTimeout: 30 * time.Second,
			// net/http's own complaints (TLS probes, bad requests) are not
			// records; the terminal stays for the requests themselves.
			ErrorLog: log.New(io.Discard, "", 0),
			// Each request's connection, whose kernel stamps tell when the
			// request arrived (Record.HeldMS).
			ConnContext: rawconn.ConnContext,
		},
		ln:   ln,
		done: make(chan struct{}),
	}
	go func() {
		defer close(s.done)
		_ = s.srv.Serve(rawconn.Listener{Listener: ln}) // returns when closed; nothing to report then
	}()
	go func() {
		select {
		case <-ctx.Done():
			s.Close()
		case <-s.done:
		}
	}()
	return s, nil
}

// Close stops the relay: requests in flight get a few seconds to finish
// (their records are still delivered), then connections are cut.
func (s *Server) Close() error {
	var err error
	s.once.Do(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
		defer cancel()
		if err = s.srv.Shutdown(ctx); err != nil {
			err = s.srv.Close()
		}
		<-s.done
	})
	return err
}
