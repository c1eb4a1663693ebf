package h1stream

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"net/http"
	"time"
)

// The event loop (loop_linux.go) is handed bytes as they arrive instead
// of reading them when it likes, so it parses by push: the head once it
// is whole (by the same parser as Transport), and a chunked body one
// piece at a time by chunkedPush, which keeps chunkedReader's rules and
// errors (fuzz_test.go holds the two to the same answers).

// Sink receives an answer the loop reads. Its methods run on the loop's
// goroutine and must not block.
type Sink interface {
	// Head is the response head, arrival the kernel's receive time of
	// its bytes (zero when unknown). True: the sink takes the body, by
	// Body and End, and RoundTrip returns once it ended. False: RoundTrip
	// returns the response to be read as Transport's.
	Head(resp *http.Response, arrival time.Time) bool
	// Body is the next piece of the body, decoded from its framing;
	// arrival is when its newest bytes reached the machine. False: the
	// sink wants no more (a line too long); the connection is closed
	// and End follows.
	Body(p []byte, arrival time.Time) bool
	// End is how the body ended: nil when it was whole.
	End(err error)
}

// parsePushedHead parses the one head at the start of b, as readOneHead
// does: the head and how many bytes of b it took, or ok false while b
// may still grow into a whole head. The caller skips 1xx heads, as
// readHead does, by parsing again after them: a head is parsed once,
// when its end is in b, so a gateway that trickles bytes costs no more.
// from is how much of b an earlier call saw: only what follows it (and
// the three bytes before) is searched for the head's end.
func parsePushedHead(b []byte, from int) (h *head, used int, ok bool, err error) {
	if len(b) <= MaxHeadBytes && !hasHeadEnd(b[max(from-3, 0):]) {
		return nil, 0, false, nil
	}
	r := bytes.NewReader(b)
	br := bufio.NewReaderSize(r, 1024)
	if h, err = readOneHead(br); err != nil {
		return nil, 0, false, err
	}
	return h, len(b) - r.Len() - br.Buffered(), true, nil
}

// headCutOff is the error of a connection that ended within a head: the
// one readHead gives on the same bytes (a malformed status line is that,
// not a cut-off).
func headCutOff(acc []byte) error {
	if len(acc) == 0 {
		return io.EOF
	}
	if _, err := readHead(bufio.NewReaderSize(bytes.NewReader(acc), 1024)); err != nil {
		return err
	}
	return io.EOF
}

// final: the head ends the heads of a response (readHead's rule).
func (h *head) final() bool { return h.status >= 200 || h.status == 101 }

// hasHeadEnd: b holds a blank line (CRLF CRLF, or bare LFs), the end of
// a head.
func hasHeadEnd(b []byte) bool {
	for i := bytes.IndexByte(b, '\n'); i >= 0; {
		rest := b[i+1:]
		if len(rest) > 0 && rest[0] == '\n' || len(rest) > 1 && rest[0] == '\r' && rest[1] == '\n' {
			return true
		}
		j := bytes.IndexByte(rest, '\n')
		if j < 0 {
			return false
		}
		i += 1 + j
	}
	return false
}

// chunkedPush decodes a chunked body handed to it in pieces.
type chunkedPush struct {
	state    pushState
	n        int64  // data bytes left in the current chunk
	line     []byte // a size or trailer line begun in an earlier piece
	trailers int    // what is left of the trailers' budget
	cr       bool   // the CR after a chunk's data came; its LF is owed
}

type pushState uint8

const (
	pushSize     pushState = iota // a chunk's size line
	pushData                      // its data
	pushDataEnd                   // the CRLF after the data
	pushTrailers                  // trailer lines after the last chunk
	pushDone
)

// errSinkFull: the sink wanted no more of the body.
var errSinkFull = errors.New("h1stream: the sink took no more")

// feed decodes p: data goes to out as it is found (a slice of p; false
// from out stops it with errSinkFull). done says the body ended; rest is
// what p held after it (the next response's bytes, or a server's stray
// ones).
func (c *chunkedPush) feed(p []byte, out func([]byte) bool) (done bool, rest []byte, err error) {
	for len(p) > 0 {
		switch c.state {
		case pushSize, pushTrailers:
			line, after, whole, err := c.takeLine(p)
			if err != nil {
				return false, nil, err
			}
			p = after
			if !whole {
				continue
			}
			if c.state == pushTrailers {
				if len(line) == 0 {
					c.state = pushDone
					return true, p, nil
				}
				continue
			}
			if i := bytes.IndexByte(line, ';'); i >= 0 {
				line = line[:i]
			}
			size, ok := parseHex(bytes.TrimRight(line, " \t"))
			if !ok {
				return false, nil, errChunked
			}
			if size == 0 {
				c.state, c.trailers = pushTrailers, MaxHeadBytes
				continue
			}
			c.state, c.n = pushData, size
		case pushData:
			m := min(int64(len(p)), c.n)
			if !out(p[:m]) {
				return false, nil, errSinkFull
			}
			p, c.n = p[m:], c.n-m
			if c.n == 0 {
				c.state = pushDataEnd
			}
		case pushDataEnd:
			if !c.cr {
				if p[0] != '\r' {
					return false, nil, errChunked
				}
				c.cr, p = true, p[1:]
				continue
			}
			if p[0] != '\n' {
				return false, nil, errChunked
			}
			c.cr, c.state, p = false, pushSize, p[1:]
		case pushDone:
			return true, p, nil
		}
	}
	if c.state == pushDone {
		return true, nil, nil
	}
	return false, nil, nil
}

// takeLine takes one line from p, joined to what an earlier piece began:
// whole false when p ended first. The line is without its LF and CR.
// Size lines are held to MaxLineBytes, trailers also to their budget, as
// readLine holds them.
func (c *chunkedPush) takeLine(p []byte) (line, rest []byte, whole bool, err error) {
	i := bytes.IndexByte(p, '\n')
	frag := p
	if i >= 0 {
		frag = p[:i+1]
	}
	size := len(c.line) + len(frag)
	if size > MaxLineBytes {
		return nil, nil, false, ErrLineTooLong
	}
	if c.state == pushTrailers && size > c.trailers {
		return nil, nil, false, ErrHeadTooLarge
	}
	if i < 0 {
		c.line = append(c.line, frag...)
		return nil, nil, false, nil
	}
	line = frag
	if len(c.line) > 0 {
		line = append(c.line, frag...)
		c.line = c.line[:0]
	}
	if c.state == pushTrailers {
		c.trailers -= size
	}
	line = line[:len(line)-1]
	if n := len(line); n > 0 && line[n-1] == '\r' {
		line = line[:n-1]
	}
	return line, p[i+1:], true, nil
}

// end is the error of a body that stopped at this point (EOF): none
// once it is whole.
func (c *chunkedPush) end() error {
	if c.state == pushDone {
		return nil
	}
	return io.ErrUnexpectedEOF
}
