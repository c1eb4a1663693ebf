package h1stream

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"net/http"
	"net/textproto"
	"strconv"
	"strings"

	"golang.org/x/net/http/httpguts"
)

// The gateway is untrusted: a head is read within these bounds, and a
// longer one is refused before it is buffered whole.
const (
	// MaxHeadBytes caps one response head: status line and headers.
	MaxHeadBytes = 64 << 10
	// MaxLineBytes caps one line of a head, and of a chunk's size line.
	MaxLineBytes = 8 << 10
)

// Errors name what was wrong, never the bytes: a gateway may echo the
// request, key included, into what it sends back. "malformed HTTP" is
// the phrase net/http's errors share, so that callers classify both
// clients' errors alike.
var (
	ErrHeadTooLarge  = fmt.Errorf("h1stream: server response headers exceeded %d bytes; aborted", MaxHeadBytes)
	ErrLineTooLong   = fmt.Errorf("h1stream: a line of the response is longer than %d bytes", MaxLineBytes)
	errStatusLine    = errors.New("h1stream: malformed HTTP status line")
	errHeaderLine    = errors.New("h1stream: malformed HTTP response header (a line that is not NAME: value, or a control character in it)")
	errFolded        = errors.New("h1stream: malformed HTTP response header (obsolete line folding)")
	errContentLength = errors.New("h1stream: malformed HTTP response: invalid Content-Length")
	errTransferCode  = errors.New("h1stream: malformed HTTP response: unsupported Transfer-Encoding")
	errChunked       = errors.New("h1stream: malformed chunked encoding")
)

// head is a parsed status line and header block.
type head struct {
	proto        string
	major, minor int
	status       int
	reason       string
	header       http.Header
}

// readLine reads one line within MaxLineBytes and what is left of the
// head's budget, without its CRLF (or bare LF). The slice is the
// reader's: valid until its next read.
func readLine(br *bufio.Reader, budget *int) ([]byte, error) {
	var long []byte // only for a line longer than the reader's buffer
	for {
		frag, err := br.ReadSlice('\n')
		size := len(long) + len(frag)
		if size > MaxLineBytes {
			return nil, ErrLineTooLong
		}
		if size > *budget {
			return nil, ErrHeadTooLarge
		}
		if err == nil {
			line := frag
			if long != nil {
				line = append(long, frag...)
			}
			*budget -= size
			line = line[:len(line)-1]
			if n := len(line); n > 0 && line[n-1] == '\r' {
				line = line[:n-1]
			}
			return line, nil
		}
		if err != bufio.ErrBufferFull {
			return nil, err
		}
		long = append(long, frag...)
	}
}

// readHead reads a response head: the final one, 1xx heads (100
// Continue, 103 Early Hints) skipped, each within its own budget.
func readHead(br *bufio.Reader) (*head, error) {
	for {
		h, err := readOneHead(br)
		if err != nil {
			return nil, err
		}
		if h.status >= 200 || h.status == http.StatusSwitchingProtocols {
			return h, nil
		}
	}
}

func readOneHead(br *bufio.Reader) (*head, error) {
	budget := MaxHeadBytes
	line, err := readLine(br, &budget)
	if err != nil {
		return nil, err
	}
	h := &head{}
	if err := h.parseStatus(line); err != nil {
		return nil, err
	}
	h.header = make(http.Header, 16)
	for {
		line, err := readLine(br, &budget)
		if err != nil {
			return nil, err
		}
		if len(line) == 0 {
			return h, nil
		}
		if line[0] == ' ' || line[0] == '\t' {
			return nil, errFolded
		}
		colon := bytes.IndexByte(line, ':')
		if colon <= 0 {
			return nil, errHeaderLine
		}
		name := string(line[:colon])
		value := strings.Trim(string(line[colon+1:]), " \t")
		if !httpguts.ValidHeaderFieldName(name) || !httpguts.ValidHeaderFieldValue(value) {
			return nil, errHeaderLine
		}
		key := textproto.CanonicalMIMEHeaderKey(name)
		h.header[key] = append(h.header[key], value)
	}
}

// parseStatus parses "HTTP/1.1 200 OK" (the reason may be empty or
// absent).
func (h *head) parseStatus(line []byte) error {
	s := string(line)
	proto, rest, ok := strings.Cut(s, " ")
	if !ok || len(proto) != len("HTTP/1.1") || !strings.HasPrefix(proto, "HTTP/1.") || proto[7] < '0' || proto[7] > '9' {
		return errStatusLine
	}
	code, reason, _ := strings.Cut(rest, " ")
	if len(code) != 3 {
		return errStatusLine
	}
	n, err := strconv.Atoi(code)
	if err != nil || n < 100 {
		return errStatusLine
	}
	if !httpguts.ValidHeaderFieldValue(reason) {
		return errStatusLine
	}
	h.proto, h.major, h.minor, h.status, h.reason = proto, 1, int(proto[7]-'0'), n, reason
	return nil
}

// framing is how the body after a head ends (RFC 9112 section 6.3).
type framing struct {
	none    bool  // no body at all (HEAD, 1xx, 204, 304)
	chunked bool  // chunked transfer coding
	length  int64 // Content-Length, or -1: until the server closes
	// keepAlive: the connection may carry another request once the body
	// is read to its end.
	keepAlive bool
}

func (h *head) framing(method string) (framing, error) {
	f := framing{length: -1, keepAlive: h.keepAlive()}
	if method == http.MethodHead || h.status < 200 || h.status == http.StatusNoContent || h.status == http.StatusNotModified {
		f.none, f.length = true, 0
		return f, nil
	}
	if te, ok := h.header["Transfer-Encoding"]; ok {
		// net/http's rule: chunked alone, anything else refused.
		if len(te) != 1 || !strings.EqualFold(te[0], "chunked") {
			return f, errTransferCode
		}
		f.chunked = true
		delete(h.header, "Transfer-Encoding")
		delete(h.header, "Content-Length")
		return f, nil
	}
	if cl, ok := h.header["Content-Length"]; ok {
		for _, v := range cl[1:] {
			if v != cl[0] {
				return f, errContentLength
			}
		}
		n, err := strconv.ParseInt(cl[0], 10, 64)
		if err != nil || n < 0 || cl[0][0] == '+' {
			return f, errContentLength
		}
		f.length = n
		return f, nil
	}
	f.keepAlive = false // the body ends when the connection does
	return f, nil
}

// keepAlive: HTTP/1.1 unless "Connection: close"; HTTP/1.0 only with
// "Connection: keep-alive".
func (h *head) keepAlive() bool {
	v := h.header["Connection"]
	if h.minor == 0 {
		return httpguts.HeaderValuesContainsToken(v, "keep-alive")
	}
	return !httpguts.HeaderValuesContainsToken(v, "close")
}
