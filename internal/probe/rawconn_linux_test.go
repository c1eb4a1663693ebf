package probe

import (
	"errors"
	"io"
	"net"
	"os"
	"testing"
	"time"
)

// TestRawReadConn: the raw-read connection reads what was sent, waits for
// data through the poller, reports EOF, deadlines as timeouts and reads
// after Close as net.ErrClosed, as net.Conn does.
func TestRawReadConn(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	accepted := make(chan net.Conn, 1)
	go func() {
		c, _ := ln.Accept()
		accepted <- c
	}()
	dialed, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	c := FastConn(dialed)
	if _, ok := c.(*rawReadConn); !ok {
		t.Fatalf("FastConn gave %T", c)
	}
	srv := <-accepted
	defer srv.Close()

	// A read with nothing there yet waits in the poller (EAGAIN path).
	got := make(chan string, 1)
	go func() {
		buf := make([]byte, 64)
		n, err := c.Read(buf)
		if err != nil {
			got <- "error: " + err.Error()
			return
		}
		got <- string(buf[:n])
	}()
	if _, err := srv.Write([]byte("data: hello\n\n")); err != nil {
		t.Fatal(err)
	}
	if s := <-got; s != "data: hello\n\n" {
		t.Fatalf("read %q", s)
	}

	// A deadline in the past is a timeout, as net.Conn's.
	c.SetReadDeadline(time.Now().Add(-time.Second))
	_, err = c.Read(make([]byte, 8))
	var ne net.Error
	if !errors.As(err, &ne) || !ne.Timeout() || !errors.Is(err, os.ErrDeadlineExceeded) {
		t.Fatalf("past deadline: %v", err)
	}
	c.SetReadDeadline(time.Time{})

	// The peer closing is io.EOF, after what it sent.
	srv.Write([]byte("bye"))
	srv.Close()
	b, err := io.ReadAll(c)
	if err != nil || string(b) != "bye" {
		t.Fatalf("ReadAll = %q, %v", b, err)
	}

	// Reading a closed connection is net.ErrClosed inside a *net.OpError.
	c.Close()
	_, err = c.Read(make([]byte, 8))
	var oe *net.OpError
	if !errors.Is(err, net.ErrClosed) || !errors.As(err, &oe) || oe.Op != "read" {
		t.Fatalf("after Close: %v", err)
	}
}
