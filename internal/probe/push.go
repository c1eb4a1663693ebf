package probe

import (
	"bytes"
	"net/http"
	"strings"
	"time"

	"github.com/keydoctor/keydoctor/internal/h1stream"
)

// pushStream is readStream by push: the sink an event loop
// (h1stream.Loop) hands an event stream to as its bytes arrive, on the
// loop's goroutine. It takes only what readStream would read as a
// stream, from the head alone: a 2xx answer to a streamed POST, labelled
// text/event-stream, unencoded. Everything else (errors, JSON, gzip, a
// stream a relay relabelled) is left to send's reader path, unchanged.
type pushStream struct {
	req   Request
	start time.Time
	tr    *tracer

	took      bool
	firstByte time.Duration // the head's arrival, as send corrects it
	last      time.Duration // arrival of the newest bytes: the lines' stamp
	dec       *Decoder
	ev        evidenceWriter
	lines     lineSplitter
	err       error
	feedLine  func([]byte) // p.feed, bound once
}

var _ h1stream.Sink = (*pushStream)(nil)

func newPushStream(req Request, start time.Time, tr *tracer, evidence int) *pushStream {
	p := &pushStream{req: req, start: start, tr: tr, ev: evidenceWriter{max: evidence}}
	p.lines.limit = maxLine
	p.feedLine = p.feed
	return p
}

// Head takes the body when send would read it as a stream.
func (p *pushStream) Head(resp *http.Response, arrival time.Time) bool {
	ct := strings.ToLower(resp.Header.Get("Content-Type"))
	if resp.StatusCode < 200 || resp.StatusCode > 299 || !p.req.Stream || contentEncoding(resp.Header) != "" ||
		!strings.HasPrefix(ct, "text/event-stream") {
		return false
	}
	p.took = true
	// As send: the head's arrival by the kernel, after the request was
	// written, and no delta before it.
	p.tr.mu.Lock()
	wrote, first := p.tr.t.WroteRequest, p.tr.t.FirstByte
	p.tr.mu.Unlock()
	wall := time.Now()
	p.firstByte = min(first, max(arrivedAt(wall.Sub(p.start), wall, arrival), wrote))
	p.last = p.firstByte
	p.dec = NewDecoder(p.req.Protocol, p.start)
	return true
}

// Body decodes the lines the piece completes, stamped with its arrival;
// after a line too long it takes no more, as readStream stops reading.
func (p *pushStream) Body(b []byte, arrival time.Time) bool {
	wall := time.Now()
	p.last = max(p.last, arrivedAt(wall.Sub(p.start), wall, arrival))
	p.ev.Write(b)
	p.err = p.lines.feed(b, p.feedLine)
	return p.err == nil
}

func (p *pushStream) feed(line []byte) { p.dec.FeedLine(line, p.last) }

// End: a last line without its ending is a line, as LineReader returns
// it; an event it leaves pending is dispatched now, when the stream ended.
func (p *pushStream) End(err error) {
	if p.err == nil {
		p.err = err
	}
	if p.err == nil {
		p.err = p.lines.end(p.feedLine)
	}
	p.dec.s.Bytes += p.lines.n
	if ev, ok := p.dec.parser.Flush(); ok {
		p.dec.Event(ev, p.dec.Clock())
	}
}

// lineSplitter is LineReader by push: lines end in LF, CRLF or CR, a
// line longer than limit is an error, and n counts the bytes taken.
type lineSplitter struct {
	carry []byte // a line begun in an earlier piece
	limit int
	n     int64
}

// feed hands each line b completes to line; the line b ends in waits.
func (s *lineSplitter) feed(b []byte, line func([]byte)) error {
	for len(b) > 0 {
		i := bytes.IndexByte(b, '\n')
		if i < 0 {
			if len(s.carry)+len(b) > s.limit+1 { // +1: a CR whose LF is to come
				return ErrLineTooLong
			}
			s.carry = append(s.carry, b...)
			s.n += int64(len(b))
			return nil
		}
		l := b[:i]
		s.n += int64(i + 1)
		if len(s.carry) > 0 {
			l = append(s.carry, l...)
			s.carry = l[:0]
		}
		b = b[i+1:]
		if err := s.emit(l, line); err != nil {
			return err
		}
	}
	return nil
}

// end hands over a last line that had no ending.
func (s *lineSplitter) end(line func([]byte)) error {
	if len(s.carry) == 0 {
		return nil
	}
	l := s.carry
	s.carry = nil
	return s.emit(l, line)
}

func (s *lineSplitter) emit(l []byte, line func([]byte)) error {
	l = bytes.TrimSuffix(l, []byte{'\r'})
	if len(l) > s.limit {
		return ErrLineTooLong
	}
	for {
		i := bytes.IndexByte(l, '\r')
		if i < 0 {
			line(l)
			return nil
		}
		line(l[:i])
		l = l[i+1:]
	}
}
