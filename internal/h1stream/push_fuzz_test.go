package h1stream

import (
	"errors"
	"io"
	"net/http"
	"testing"
)

// pushParse reads raw as the event loop does: in pieces of the sizes
// cuts gives (cycled), the head by parsePushedHead with 1xx heads
// skipped, the body by its framing.
func pushParse(raw []byte, method string, cuts []byte) (*head, string, error) {
	var acc, body []byte
	var h *head
	var f framing
	var ch chunkedPush
	left := int64(0)
	scanned := 0
	piece := func(i int) int {
		if len(cuts) == 0 {
			return len(raw)
		}
		return int(cuts[i%len(cuts)]%32) + 1
	}
	out := func(p []byte) bool { body = append(body, p...); return true }
	for i := 0; len(raw) > 0; i++ {
		n := min(piece(i), len(raw))
		p := raw[:n]
		raw = raw[n:]
		if h == nil {
			acc = append(acc, p...)
			for h == nil {
				hd, used, ok, err := parsePushedHead(acc, scanned)
				if err != nil {
					return nil, "", err
				}
				if !ok {
					scanned = len(acc)
					break
				}
				acc, scanned = acc[used:], 0
				if !hd.final() {
					continue
				}
				if f, err = hd.framing(method); err != nil {
					return hd, "", err
				}
				h, left = hd, f.length
			}
			if h == nil {
				continue
			}
			if f.none || f.length == 0 {
				return h, "", nil
			}
			p, acc = acc, nil
		}
		switch {
		case f.chunked:
			done, _, err := ch.feed(p, out)
			if err != nil {
				return h, string(body), err
			}
			if done {
				return h, string(body), nil
			}
		case f.length > 0:
			m := min(int64(len(p)), left)
			out(p[:m])
			if left -= m; left == 0 {
				return h, string(body), nil
			}
		default:
			out(p)
		}
	}
	switch {
	case h == nil:
		return nil, "", headCutOff(acc)
	case f.chunked:
		return h, string(body), ch.end()
	case f.length > 0:
		return h, string(body), io.ErrUnexpectedEOF
	}
	return h, string(body), nil
}

// FuzzPushResponse: the event loop's push parser reads any bytes, cut
// anywhere, as Transport's reader does: the same status, the same body,
// and an error where it errs (the same one but for a head's cut-off end,
// which both report as the end of the stream).
func FuzzPushResponse(f *testing.F) {
	for _, s := range []string{
		"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n7\r\ndata: 1\r\n2;x=y\r\n\n\n0\r\nT: 1\r\n\r\n",
		"HTTP/1.1 200 OK\r\nContent-Length: 3\r\n\r\nabc",
		"HTTP/1.0 200 OK\r\n\r\ndata: x\n\n",
		"HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 204 No Content\r\n\r\n",
		"HTTP/1.1 103 Early Hints\nLink: </a>\n\nHTTP/1.1 200 OK\nTransfer-Encoding: chunked\n\n1\nx\n0\n\n",
		"HTTP/1.1 429 Too Many Requests\r\nRetry-After: 1\r\nContent-Length: 2\r\nContent-Length: 2\r\n\r\n{}",
		"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nab",
		"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
	} {
		f.Add([]byte(s), []byte{1})
		f.Add([]byte(s), []byte{7, 3, 30})
	}
	f.Fuzz(func(t *testing.T, raw, cuts []byte) {
		h1, _, body1, err1 := parse(string(raw), http.MethodPost, 64)
		h2, body2, err2 := pushParse(raw, http.MethodPost, cuts)
		if (err1 == nil) != (err2 == nil) {
			t.Fatalf("reader: %v, push: %v", err1, err2)
		}
		if err1 != nil {
			if !errors.Is(err2, err1) && !(errors.Is(err1, io.EOF) && errors.Is(err2, io.ErrUnexpectedEOF)) &&
				!(errors.Is(err1, io.ErrUnexpectedEOF) && errors.Is(err2, io.EOF)) {
				t.Fatalf("reader: %v, push: %v", err1, err2)
			}
			return
		}
		if h1.status != h2.status || body1 != body2 {
			t.Fatalf("reader %d %q, push %d %q", h1.status, body1, h2.status, body2)
		}
	})
}
