package h1stream

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"net/http"
	"testing"
)

// FuzzResponse: on any bytes a gateway may send, the head and body
// parser never panics, fails only with its own errors (which carry none
// of the bytes) or a cut-off stream, and, where net/http reads the same
// response too, agrees with it on the status and the body. Seeds: the
// table's shapes plus testdata/fuzz/FuzzResponse.
func FuzzResponse(f *testing.F) {
	for _, s := range []string{
		"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n7\r\ndata: 1\r\n2;x=y\r\n\n\n0\r\nT: 1\r\n\r\n",
		"HTTP/1.1 200 OK\r\nContent-Length: 3\r\n\r\nabc",
		"HTTP/1.0 200 OK\r\n\r\ndata: x\n\n",
		"HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 204 No Content\r\n\r\n",
		"HTTP/1.1 429 Too Many Requests\r\nRetry-After: 1\r\nContent-Length: 2\r\nContent-Length: 2\r\n\r\n{}",
	} {
		f.Add([]byte(s))
	}
	known := []error{ErrHeadTooLarge, ErrLineTooLong, errStatusLine, errHeaderLine, errFolded, errContentLength, errTransferCode, errChunked, io.EOF, io.ErrUnexpectedEOF}
	f.Fuzz(func(t *testing.T, raw []byte) {
		h, _, body, err := parse(string(raw), http.MethodPost, 64)
		if err != nil {
			for _, k := range known {
				if errors.Is(err, k) {
					return
				}
			}
			t.Fatalf("unexpected error %v", err)
		}
		resp, err := http.ReadResponse(bufio.NewReader(bytes.NewReader(raw)), &http.Request{Method: http.MethodPost})
		if err != nil || resp.StatusCode < 200 {
			return // net/http is stricter here, or hands 1xx heads to its caller
		}
		theirs, err := io.ReadAll(resp.Body)
		if err != nil {
			return
		}
		if resp.StatusCode != h.status || string(theirs) != body {
			t.Fatalf("net/http reads %d %q, h1stream %d %q", resp.StatusCode, theirs, h.status, body)
		}
	})
}
