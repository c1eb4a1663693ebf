package rawconn

import (
	"errors"
	"io"
	"net"
	"os"
	"testing"
	"time"

	"github.com/keydoctor/keydoctor/internal/testutil"
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

// TestArrival: a connection's Arrival is when the bytes reached the
// machine, not when they were read. The peer writes between two clock
// readings; the read comes after a gap, and the stamp still falls
// between the two. A connection that is not ours has none.
func TestArrival(t *testing.T) {
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
	if !Arrival(dialed).IsZero() {
		t.Fatal("a plain net.Conn has an Arrival")
	}
	c := Wrap(dialed)
	defer c.Close()
	srv := <-accepted
	defer srv.Close()
	if !Arrival(c).IsZero() {
		t.Fatal("an Arrival before any read")
	}
	buf := make([]byte, 64)
	write := func() (before, after time.Time) {
		before = time.Now()
		if _, err := srv.Write([]byte("data: 1\n\n")); err != nil {
			t.Fatal(err)
		}
		return before, time.Now()
	}
	// The first writes may come unstamped (testutil.UntilKernelStamps).
	testutil.UntilKernelStamps(t, func() bool {
		write()
		if _, err := c.Read(buf); err != nil {
			t.Fatal(err)
		}
		return !Arrival(c).IsZero()
	})
	for i := range 2 {
		before, after := write()
		time.Sleep(3 * time.Millisecond) // a busy reader: it reads late
		if _, err := c.Read(buf); err != nil {
			t.Fatal(err)
		}
		read, got := time.Now(), Arrival(c)
		// The wall clock on both sides: a microsecond's slack for the
		// kernel's and Go's readings of it.
		if got.Before(before.Add(-time.Microsecond)) || got.After(after.Add(time.Microsecond)) || !read.After(got.Add(3*time.Millisecond)) {
			const layout = "15:04:05.000000"
			t.Fatalf("write %d: %s..%s, read %s, Arrival %s", i, before.Format(layout), after.Format(layout), read.Format(layout), got.Format(layout))
		}
	}
}
