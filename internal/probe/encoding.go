package probe

import (
	"compress/gzip"
	"io"
	"net/http"
	"strings"
)

// decoded is the body as the server meant it: a gzip body (the client
// asks for gzip, as Node clients do) is decompressed as it arrives, so a
// stream stays a stream. Any other encoding is left as it came; the
// classifier names it (encoding-unasked).
func decoded(body io.Reader, h http.Header) io.Reader {
	switch contentEncoding(h) {
	case "gzip", "x-gzip":
		return &lazyGzip{src: body}
	}
	return body
}

func contentEncoding(h http.Header) string {
	return strings.ToLower(strings.TrimSpace(h.Get("Content-Encoding")))
}

// undecoded is the Content-Encoding the probe did not decode, or "".
func undecoded(h http.Header) string {
	switch e := contentEncoding(h); e {
	case "", "identity", "gzip", "x-gzip":
		return ""
	default:
		return e
	}
}

// lazyGzip opens the gzip stream on the first read, so that reading its
// header waits under the same deadlines as reading the body.
type lazyGzip struct {
	src io.Reader
	zr  *gzip.Reader
	err error
}

func (l *lazyGzip) Read(p []byte) (int, error) {
	if l.zr == nil && l.err == nil {
		l.zr, l.err = gzip.NewReader(l.src)
		if l.err == io.EOF {
			l.err = io.EOF // an empty body: nothing to decode
		}
	}
	if l.err != nil {
		return 0, l.err
	}
	return l.zr.Read(p)
}
