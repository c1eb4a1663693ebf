package h1stream

import (
	"bufio"
	"bytes"
	"io"
)

// chunkedReader reads a chunked body as net/http's does: one Read goes
// on to the next chunk while its size line is already buffered, so a
// burst of events that came in one segment reaches the caller in one
// read (one arrival stamp); it waits for the rest of a chunk it began
// (a server writes a chunk whole), never for a chunk not yet begun.
type chunkedReader struct {
	br       *bufio.Reader
	n        int64 // bytes left in the current chunk
	checkEnd bool  // the CRLF after a chunk's data is owed
	err      error
}

func (c *chunkedReader) Read(p []byte) (int, error) {
	n := 0
	for c.err == nil {
		if c.checkEnd {
			if n > 0 && c.br.Buffered() < 2 {
				break
			}
			c.endChunk()
			continue
		}
		if c.n == 0 {
			if n > 0 && !c.sizeLineBuffered() {
				break
			}
			c.beginChunk()
			continue
		}
		if len(p) == 0 {
			break
		}
		rbuf := p
		if int64(len(rbuf)) > c.n {
			rbuf = rbuf[:c.n]
		}
		m, err := c.br.Read(rbuf)
		n, p, c.n = n+m, p[m:], c.n-int64(m)
		switch {
		case err == io.EOF:
			c.err = io.ErrUnexpectedEOF
		case err != nil:
			c.err = err
		case c.n == 0:
			c.checkEnd = true
		}
	}
	return n, c.err
}

func (c *chunkedReader) sizeLineBuffered() bool {
	b, _ := c.br.Peek(c.br.Buffered())
	return bytes.IndexByte(b, '\n') >= 0
}

func (c *chunkedReader) endChunk() {
	c.checkEnd = false
	b, err := c.br.Peek(2)
	if err != nil {
		c.err = eofIsUnexpected(err)
		return
	}
	if b[0] != '\r' || b[1] != '\n' {
		c.err = errChunked
		return
	}
	c.br.Discard(2)
}

// beginChunk reads a size line ("1a;ext=v"); size 0 is the last chunk,
// whose trailers are read (and dropped) so that the connection is left
// at the next response.
func (c *chunkedReader) beginChunk() {
	budget := MaxLineBytes
	line, err := readLine(c.br, &budget)
	if err != nil {
		c.err = eofIsUnexpected(err)
		return
	}
	if i := bytes.IndexByte(line, ';'); i >= 0 {
		line = line[:i]
	}
	line = bytes.TrimRight(line, " \t")
	size, ok := parseHex(line)
	if !ok {
		c.err = errChunked
		return
	}
	if c.n = size; size > 0 {
		return
	}
	trailers := MaxHeadBytes
	for {
		line, err := readLine(c.br, &trailers)
		if err != nil {
			c.err = eofIsUnexpected(err)
			return
		}
		if len(line) == 0 {
			c.err = io.EOF
			return
		}
	}
}

// parseHex parses a chunk size: 1 to 15 hex digits (under 2^60 bytes).
func parseHex(b []byte) (int64, bool) {
	if len(b) == 0 || len(b) > 15 {
		return 0, false
	}
	var n int64
	for _, c := range b {
		switch {
		case '0' <= c && c <= '9':
			c -= '0'
		case 'a' <= c && c <= 'f':
			c -= 'a' - 10
		case 'A' <= c && c <= 'F':
			c -= 'A' - 10
		default:
			return 0, false
		}
		n = n<<4 | int64(c)
	}
	return n, true
}

func eofIsUnexpected(err error) error {
	if err == io.EOF {
		return io.ErrUnexpectedEOF
	}
	return err
}

// lengthReader reads a body of Content-Length bytes.
type lengthReader struct {
	br *bufio.Reader
	n  int64
}

func (l *lengthReader) Read(p []byte) (int, error) {
	if l.n <= 0 {
		return 0, io.EOF
	}
	if int64(len(p)) > l.n {
		p = p[:l.n]
	}
	n, err := l.br.Read(p)
	l.n -= int64(n)
	switch {
	case err == io.EOF && l.n > 0:
		err = io.ErrUnexpectedEOF
	case err == nil && l.n == 0:
		err = io.EOF
	}
	return n, err
}
