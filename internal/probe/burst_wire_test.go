package probe

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/internal/gateway"
)

// TestBurstIsOneRead: a gateway's buffered burst, many HTTP chunks that
// reach the socket at once, is read by the stream in one read whose
// arrival stamps every delta of it, though it is three times the
// transport's 1 KiB read buffer (client.go): burst detection depends on it.
func TestBurstIsOneRead(t *testing.T) {
	for _, own := range []bool{false, true} {
		t.Run(clientName(own), func(t *testing.T) { burstIsOneRead(t, own) })
	}
}

func burstIsOneRead(t *testing.T, own bool) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	const events = 20
	var burst strings.Builder
	burst.WriteString("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n")
	for i := range events {
		ev := fmt.Sprintf("data: {\"choices\":[{\"delta\":{\"content\":\"t%02d %s\"},\"index\":0}]}\n\n", i, strings.Repeat("x", 100))
		fmt.Fprintf(&burst, "%x\r\n%s\r\n", len(ev), ev)
	}
	burst.WriteString("0\r\n\r\n")
	go func() {
		c, err := ln.Accept()
		if err != nil {
			return
		}
		defer c.Close()
		req, err := http.ReadRequest(bufio.NewReader(c))
		if err != nil {
			return
		}
		_, _ = io.Copy(io.Discard, req.Body)
		_, _ = io.WriteString(c, burst.String()) // one write: the whole answer reaches the socket at once
	}()
	c := newTestClient(t, Options{StreamClient: own})
	res := c.Do(context.Background(), Request{Protocol: gateway.Chat, Root: "http://" + ln.Addr().String(), Key: testKey, Model: "m", Stream: true})
	if res.Stream == nil || len(res.Stream.Deltas) != events {
		t.Fatalf("%s %v: stream %+v", res.Code, res.Err, res.Stream)
	}
	for i, d := range res.Stream.Deltas {
		if d.At != res.Stream.Deltas[0].At {
			t.Fatalf("delta %d stamped %v, the first %v: the burst was read in pieces", i, d.At, res.Stream.Deltas[0].At)
		}
	}
	if strings.Contains(string(res.Body), testKey) {
		t.Fatal("the key is in the evidence")
	}
}
