package rawconn

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
	c := Wrap(dialed)
	if _, ok := c.(*rawConn); !ok {
		t.Fatalf("Wrap gave %T", c)
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

// TestRawConnWrite: the raw write writes everything, waits in the poller
// when the socket buffer is full (more than it holds, read slowly), and
// reports a deadline as a timeout and a write after Close as net.ErrClosed.
func TestRawConnWrite(t *testing.T) {
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
	c := Wrap(dialed)
	srv := <-accepted
	defer srv.Close()

	// 32 MiB: more than both socket buffers hold, so EAGAIN is met.
	big := make([]byte, 32<<20)
	for i := range big {
		big[i] = byte(i % 251)
	}
	read := make(chan []byte, 1)
	go func() {
		b, _ := io.ReadAll(io.LimitReader(srv, int64(len(big))))
		read <- b
	}()
	if n, err := c.Write(big); n != len(big) || err != nil {
		t.Fatalf("Write = %d, %v", n, err)
	}
	if b := <-read; string(b) != string(big) {
		t.Fatalf("read back %d bytes, not what was written", len(b))
	}

	// A deadline in the past is a timeout, as net.Conn's.
	c.SetWriteDeadline(time.Now().Add(-time.Second))
	_, err = c.Write([]byte("late"))
	var ne net.Error
	if !errors.As(err, &ne) || !ne.Timeout() {
		t.Fatalf("past deadline: %v", err)
	}
	c.SetWriteDeadline(time.Time{})

	c.Close()
	_, err = c.Write([]byte("closed"))
	var oe *net.OpError
	if !errors.Is(err, net.ErrClosed) || !errors.As(err, &oe) || oe.Op != "write" {
		t.Fatalf("after Close: %v", err)
	}
}

// TestListener: what the listener accepts is wrapped.
func TestListener(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	l := Listener{Listener: ln}
	defer l.Close()
	go func() {
		if c, err := net.Dial("tcp", ln.Addr().String()); err == nil {
			c.Close()
		}
	}()
	c, err := l.Accept()
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if _, ok := c.(*rawConn); !ok {
		t.Fatalf("Accept gave %T", c)
	}
}
