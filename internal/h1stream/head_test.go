package h1stream

import (
	"bufio"
	"errors"
	"io"
	"strings"
	"testing"
)

// fakeKey stands for a key a gateway echoes back: it must appear in no
// error.
const fakeKey = "sk-test-FAKE0123456789abcdef"

// parse reads one response from raw: head, framing and the whole body.
func parse(raw, method string, bufSize int) (*head, framing, string, error) {
	br := bufio.NewReaderSize(strings.NewReader(raw), bufSize)
	h, err := readHead(br)
	if err != nil {
		return nil, framing{}, "", err
	}
	f, err := h.framing(method)
	if err != nil {
		return h, f, "", err
	}
	var r io.Reader
	switch {
	case f.none:
		r = eofReader{}
	case f.chunked:
		r = &chunkedReader{br: br}
	case f.length >= 0:
		r = &lengthReader{br: br, n: f.length}
	default:
		r = br
	}
	b, err := io.ReadAll(r)
	return h, f, string(b), err
}

func TestReadResponse(t *testing.T) {
	long := strings.Repeat("a", MaxLineBytes)
	many := strings.Repeat("X-Pad: "+strings.Repeat("p", 1000)+"\r\n", 70)
	cases := []struct {
		name, raw, method string
		status            int
		body              string
		chunked, keep     bool
		length            int64
		err               error // nil: parses
		errText           string
	}{
		{name: "chunked stream", raw: "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n7\r\ndata: 1\r\n8;ext=v\r\n\n\ndata: \r\n3\r\n2\n\n\r\n0\r\nX-Trailer: t\r\n\r\n",
			status: 200, body: "data: 1\n\ndata: 2\n\n", chunked: true, keep: true, length: -1},
		{name: "content-length", raw: "HTTP/1.1 404 Not Found\r\nContent-Length: 5\r\n\r\nnopeEXTRA", status: 404, body: "nopeE", keep: true, length: 5},
		{name: "until close", raw: "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n\r\ndata: x\n\n", status: 200, body: "data: x\n\n", length: -1},
		{name: "bare LF and no reason", raw: "HTTP/1.1 200\nContent-Length: 2\n\nok", status: 200, body: "ok", keep: true, length: 2},
		{name: "1xx skipped", raw: "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 103 Early Hints\r\nLink: </a>\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n", status: 200, keep: true},
		{name: "204 has no body", raw: "HTTP/1.1 204 No Content\r\nContent-Length: 9\r\n\r\n", status: 204, keep: true},
		{name: "HEAD has no body", raw: "HTTP/1.1 200 OK\r\nContent-Length: 9\r\n\r\n", method: "HEAD", status: 200, keep: true},
		{name: "connection close", raw: "HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 1\r\n\r\nx", status: 200, body: "x", length: 1},
		{name: "HTTP/1.0 keep-alive", raw: "HTTP/1.0 200 OK\r\nConnection: keep-alive\r\nContent-Length: 1\r\n\r\nx", status: 200, body: "x", keep: true, length: 1},
		{name: "HTTP/1.0 closes", raw: "HTTP/1.0 200 OK\r\nContent-Length: 1\r\n\r\nx", status: 200, body: "x", length: 1},
		{name: "same content-length twice", raw: "HTTP/1.1 200 OK\r\nContent-Length: 1\r\nContent-Length: 1\r\n\r\nx", status: 200, body: "x", keep: true, length: 1},
		{name: "line longer than the buffer", raw: "HTTP/1.1 200 OK\r\nX-Long: " + long[:3000] + "\r\nContent-Length: 0\r\n\r\n", status: 200, keep: true},

		{name: "not HTTP", raw: "SSH-2.0-OpenSSH_9.6\r\n\r\n", err: errStatusLine},
		{name: "HTTP/2 status line", raw: "HTTP/2 200\r\n\r\n", err: errStatusLine},
		{name: "short code", raw: "HTTP/1.1 20 OK\r\n\r\n", err: errStatusLine},
		{name: "letters in code", raw: "HTTP/1.1 2x0 OK\r\n\r\n", err: errStatusLine},
		{name: "control char in reason", raw: "HTTP/1.1 200 O\x01K\r\n\r\n", err: errStatusLine},
		{name: "header without colon", raw: "HTTP/1.1 200 OK\r\nAuthorization Bearer " + fakeKey + "\r\n\r\n", err: errHeaderLine},
		{name: "space before colon", raw: "HTTP/1.1 200 OK\r\nX-Key : " + fakeKey + "\r\n\r\n", err: errHeaderLine},
		{name: "control char in value", raw: "HTTP/1.1 200 OK\r\nX-Key: " + fakeKey + "\x00\r\n\r\n", err: errHeaderLine},
		{name: "folded line", raw: "HTTP/1.1 200 OK\r\nX-A: a\r\n " + fakeKey + "\r\n\r\n", err: errFolded},
		{name: "line too long", raw: "HTTP/1.1 200 OK\r\nX-Key: " + fakeKey + long + "\r\n\r\n", err: ErrLineTooLong},
		{name: "head too large", raw: "HTTP/1.1 200 OK\r\n" + many + "\r\n", err: ErrHeadTooLarge},
		{name: "head cut off", raw: "HTTP/1.1 200 OK\r\nContent-Le", err: io.EOF},
		{name: "bad content-length", raw: "HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n", err: errContentLength},
		{name: "plus content-length", raw: "HTTP/1.1 200 OK\r\nContent-Length: +1\r\n\r\nx", err: errContentLength},
		{name: "two content-lengths", raw: "HTTP/1.1 200 OK\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nxx", err: errContentLength},
		{name: "gzip transfer coding", raw: "HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip, chunked\r\n\r\n", err: errTransferCode},
		{name: "short body", raw: "HTTP/1.1 200 OK\r\nContent-Length: 9\r\n\r\nabc", err: io.ErrUnexpectedEOF},
		{name: "chunk size not hex", raw: "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", err: errChunked},
		{name: "chunk size too large", raw: "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nffffffffffffffff\r\n", err: errChunked},
		{name: "chunk without CRLF", raw: "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n1\r\nxy\r\n0\r\n\r\n", err: errChunked},
		{name: "chunks cut off", raw: "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nab", err: io.ErrUnexpectedEOF},
		{name: "no last chunk", raw: "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n1\r\nx\r\n", err: io.ErrUnexpectedEOF},
		{name: "chunk size line too long", raw: "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n1;" + long + "\r\n", err: ErrLineTooLong},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			for _, size := range []int{16, 4096} { // lines across the buffer's end, and within it
				h, f, body, err := parse(tc.raw, tc.method, size)
				if tc.err != nil {
					if !errors.Is(err, tc.err) {
						t.Fatalf("buffer %d: error %v, want %v", size, err, tc.err)
					}
					if strings.Contains(err.Error(), fakeKey) || strings.Contains(err.Error(), "sk-test") {
						t.Fatalf("the error shows what the gateway sent: %v", err)
					}
					continue
				}
				if err != nil {
					t.Fatalf("buffer %d: %v", size, err)
				}
				if h.status != tc.status || body != tc.body || f.chunked != tc.chunked || f.keepAlive != tc.keep || (!f.none && f.length != tc.length) {
					t.Fatalf("buffer %d: status %d body %q chunked %v keep-alive %v length %d", size, h.status, body, f.chunked, f.keepAlive, f.length)
				}
			}
		})
	}
}

func TestHeaderValues(t *testing.T) {
	h, _, _, err := parse("HTTP/1.1 429 Too Many Requests\r\nretry-after:  7 \r\nX-Ratelimit-Remaining-Requests:\t0\r\nSet-Cookie: a\r\nSet-Cookie: b\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", "POST", 4096)
	if err != nil {
		t.Fatal(err)
	}
	if h.reason != "Too Many Requests" || h.header.Get("Retry-After") != "7" || h.header.Get("X-Ratelimit-Remaining-Requests") != "0" ||
		len(h.header["Set-Cookie"]) != 2 || h.header.Get("Transfer-Encoding") != "" {
		t.Fatalf("head %+v", h)
	}
}

// A burst of chunks already buffered comes back in one Read, the rest
// of a chunk begun included; a chunk not yet begun is not waited for.
func TestChunkedReadGathers(t *testing.T) {
	pr, pw := io.Pipe()
	br := bufio.NewReaderSize(pr, 4096)
	cr := &chunkedReader{br: br}
	go func() {
		pw.Write([]byte("3\r\nab\n\r\n3\r\ncd\n\r\n5\r\nef"))
		pw.Write([]byte("gh\n\r\n"))
		pw.Write([]byte("3\r\nij\n\r\n0\r\n\r\n"))
		pw.Close()
	}()
	buf := make([]byte, 64)
	n, err := cr.Read(buf)
	if err != nil || string(buf[:n]) != "ab\ncd\nefgh\n" {
		t.Fatalf("first read %q, %v", buf[:n], err)
	}
	rest, err := io.ReadAll(cr)
	if err != nil || string(rest) != "ij\n" {
		t.Fatalf("rest %q, %v", rest, err)
	}
}
