package probe

import (
	"bufio"
	"context"
	"net"
	"net/http"
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/internal/gateway"
)

// rawServer answers every request on loopback with the bytes of answer.
func rawServer(t *testing.T, answer string) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.Close() })
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			go func() {
				defer c.Close()
				if _, err := http.ReadRequest(bufio.NewReader(c)); err == nil {
					c.Write([]byte(answer))
				}
			}()
		}
	}()
	return "http://" + l.Addr().String()
}

// A gateway whose answer has a header with a control character did
// answer: the message says its header is malformed, not that it closed
// the connection, and shows no raw control byte.
func TestMalformedResponseHeader(t *testing.T) {
	for name, answer := range map[string]string{
		"control byte in a value": "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nX-Evil: a\x1b]52;c;aGk=\x07b\r\nContent-Length: 2\r\n\r\n{}",
		"control byte in a name":  "HTTP/1.1 200 OK\r\nX-E\x01vil: a\r\nContent-Length: 2\r\n\r\n{}",
		"no colon":                "HTTP/1.1 200 OK\r\nnot a header\r\nContent-Length: 2\r\n\r\n{}",
	} {
		t.Run(name, func(t *testing.T) {
			root := rawServer(t, answer)
			c := newTestClient(t, Options{})
			res := c.Do(context.Background(), Request{Protocol: gateway.Chat, Root: root, Key: testKey, Model: "m"})
			if res.Err == nil {
				t.Fatalf("no error: %+v", res)
			}
			msg := res.Err.Error()
			if !strings.Contains(msg, "malformed") || strings.Contains(msg, "closed the connection") {
				t.Errorf("err = %q (%s)", msg, res.Code)
			}
			if strings.ContainsAny(msg, "\x1b\x07\x01") {
				t.Errorf("raw control bytes in %q", msg)
			}
		})
	}
}
