package h1stream

import (
	"bufio"
	"context"
	"io"
	"net"
	"net/http"
	"runtime"
	"testing"
	"time"

	"github.com/keydoctor/keydoctor/internal/rawconn"
	"github.com/keydoctor/keydoctor/internal/testutil"
)

// TestArrivalIsTheKernels: a body's Arrival is when its bytes reached the
// machine, not when the client got round to reading them. The server
// writes a chunk between two clock readings; the client reads it only
// after a gap, and the stamp still falls between the two.
func TestArrivalIsTheKernels(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	type span struct{ before, after time.Time }
	wrote, next := make(chan span), make(chan bool)
	go func() {
		c, err := ln.Accept()
		if err != nil {
			return
		}
		defer c.Close()
		br := bufio.NewReader(c)
		req, err := http.ReadRequest(br)
		if err != nil {
			t.Error(err)
			return
		}
		io.Copy(io.Discard, req.Body)
		io.WriteString(c, "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n")
		for <-next {
			before := time.Now()
			io.WriteString(c, "9\r\ndata: 1\n\n\r\n")
			wrote <- span{before, time.Now()}
		}
		io.WriteString(c, "0\r\n\r\n")
	}()
	tr := &Transport{Dial: func(ctx context.Context, network, addr string) (net.Conn, error) {
		c, err := (&net.Dialer{}).DialContext(ctx, network, addr)
		if err != nil {
			return nil, err
		}
		return rawconn.Wrap(c), nil // as probe dials: the stamps are rawconn's
	}}
	resp, err := post(context.Background(), t, tr, "http://"+ln.Addr().String(), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body := resp.Body.(interface{ Arrival() time.Time })
	buf := make([]byte, 64)
	chunk := func() (span, time.Time, time.Time) {
		t.Helper()
		next <- true
		w := <-wrote
		time.Sleep(3 * time.Millisecond) // a busy client: it reads late
		if n, err := resp.Body.Read(buf); err != nil || string(buf[:n]) != "data: 1\n\n" {
			t.Fatalf("read %q, %v", buf[:n], err)
		}
		return w, time.Now(), body.Arrival()
	}
	if runtime.GOOS != "linux" {
		if _, _, got := chunk(); !got.IsZero() {
			t.Fatalf("Arrival %v where the kernel does not stamp", got)
		}
		next <- false
		return
	}
	// The first chunks may come unstamped (testutil.UntilKernelStamps).
	testutil.UntilKernelStamps(t, func() bool {
		_, _, got := chunk()
		return !got.IsZero()
	})
	for i := range 2 {
		w, read, got := chunk()
		// The wall clock on both sides: a microsecond's slack for the
		// kernel's and Go's readings of it.
		if got.Before(w.before.Add(-time.Microsecond)) || got.After(w.after.Add(time.Microsecond)) || !read.After(got.Add(3*time.Millisecond)) {
			t.Fatalf("chunk %d: written %s..%s, read %s, Arrival %s", i,
				w.before.Format(stampLayout), w.after.Format(stampLayout), read.Format(stampLayout), got.Format(stampLayout))
		}
	}
	next <- false
	if rest, err := io.ReadAll(resp.Body); err != nil || len(rest) != 0 {
		t.Fatalf("after the chunks: %q %v", rest, err)
	}
}

const stampLayout = "15:04:05.000000"
