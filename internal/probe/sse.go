package probe

import (
	"bufio"
	"bytes"
	"errors"
	"io"
)

// Why our own SSE parser: the maintained ones (tmaxmax/go-sse among them)
// read from an io.Reader and hand out events with string fields. A relay
// that tees a live stream (keydoctor trace) has bytes in hand, not a
// reader, and bench runs a thousand streams at once: this parser takes one
// line at a time, reuses its buffers and allocates nothing per event. It
// follows the WHATWG event-stream rules that matter for LLM gateways.

// Event is one dispatched server-sent event. Type and Data alias the
// parser's buffers: they are valid until the next call to Feed.
type Event struct {
	Type []byte // the event field; empty when the stream named none ("message")
	Data []byte // data lines joined with "\n"
}

// Parser turns lines of an event stream into events.
type Parser struct {
	typ, data []byte
	hasData   bool
	nonSSE    int
}

// Feed takes one line without its line ending and returns the event a
// blank line dispatches.
func (p *Parser) Feed(line []byte) (Event, bool) {
	if len(line) == 0 {
		if !p.hasData {
			p.typ = p.typ[:0]
			return Event{}, false
		}
		ev := Event{Type: p.typ, Data: p.data}
		p.hasData = false
		// The buffers are reused by the next event; callers were told.
		p.typ, p.data = p.typ[:0:cap(p.typ)], p.data[:0:cap(p.data)]
		return ev, true
	}
	if line[0] == ':' { // comment, e.g. ": OPENROUTER PROCESSING" keep-alives
		return Event{}, false
	}
	name, value := line, []byte(nil)
	if i := bytes.IndexByte(line, ':'); i >= 0 {
		name, value = line[:i], line[i+1:]
		if len(value) > 0 && value[0] == ' ' {
			value = value[1:]
		}
	}
	switch string(name) {
	case "data":
		if p.hasData {
			p.data = append(p.data, '\n')
		}
		p.data = append(p.data, value...)
		p.hasData = true
	case "event":
		p.typ = append(p.typ[:0], value...)
	case "id", "retry":
		// Reconnection fields: a probe never reconnects.
	default:
		p.nonSSE++
	}
	return Event{}, false
}

// Flush dispatches an event left pending when the stream ended without its
// final blank line. The spec discards it; we keep it because gateways that
// end "data: [DONE]" without a blank line are common and the fact that the
// terminator came matters more than the letter of the spec.
func (p *Parser) Flush() (Event, bool) { return p.Feed(nil) }

// NonSSE counts lines that were not event-stream fields.
func (p *Parser) NonSSE() int { return p.nonSSE }

// maxLine is the longest event-stream line a probe reads.
const maxLine = 1 << 20

// ErrLineTooLong stops a stream whose line exceeds the reader's limit.
var ErrLineTooLong = errors.New("stream line too long")

// LineReader splits a stream into lines ending in LF, CRLF or CR, reusing
// its buffer. Lines alias the buffer until the next call.
type LineReader struct {
	r     *bufio.Reader
	long  []byte
	limit int
	rest  []byte // lines left after splitting on a bare CR
	n     int64
}

// NewLineReader reads from r; a line longer than limit bytes is an error.
func NewLineReader(r io.Reader, limit int) *LineReader {
	if limit <= 0 {
		limit = 1 << 20
	}
	return &LineReader{r: bufio.NewReaderSize(r, 4096), limit: limit}
}

// Bytes is how many bytes were consumed.
func (l *LineReader) Bytes() int64 { return l.n }

// Next returns the next line without its ending, or io.EOF.
func (l *LineReader) Next() ([]byte, error) {
	if l.rest != nil {
		return l.splitCR(l.rest), nil
	}
	line, err := l.r.ReadSlice('\n')
	l.n += int64(len(line))
	if errors.Is(err, bufio.ErrBufferFull) {
		l.long = append(l.long[:0], line...)
		for errors.Is(err, bufio.ErrBufferFull) {
			if len(l.long) > l.limit {
				return nil, ErrLineTooLong
			}
			line, err = l.r.ReadSlice('\n')
			l.n += int64(len(line))
			l.long = append(l.long, line...)
		}
		line = l.long
	}
	if err != nil && (err != io.EOF || len(line) == 0) {
		return nil, err
	}
	line = bytes.TrimSuffix(line, []byte{'\n'})
	line = bytes.TrimSuffix(line, []byte{'\r'})
	if len(line) > l.limit {
		return nil, ErrLineTooLong
	}
	return l.splitCR(line), nil
}

// splitCR handles the rare bare-CR line ending.
func (l *LineReader) splitCR(line []byte) []byte {
	i := bytes.IndexByte(line, '\r')
	if i < 0 {
		l.rest = nil
		return line
	}
	l.rest = line[i+1:]
	return line[:i]
}
