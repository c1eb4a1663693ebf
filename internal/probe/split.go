package probe

import "bytes"

// LineSplitter is LineReader for bytes pushed as they pass instead of
// pulled from a reader: a relay decodes each chunk on the goroutine that
// forwards it, after forwarding it, rather than waking a reader goroutine
// per event. Lines end in LF, CRLF or CR, as for LineReader, a CRLF split
// across two chunks included.
type LineSplitter struct {
	partial []byte // a line begun in an earlier chunk
	skipLF  bool   // the last chunk ended in CR: a leading LF ends nothing
	limit   int
	Err     error // ErrLineTooLong once a line exceeded the limit; nothing more is split
}

// NewLineSplitter splits lines of at most limit bytes (<= 0: 1 MiB).
func NewLineSplitter(limit int) *LineSplitter {
	if limit <= 0 {
		limit = maxLine
	}
	return &LineSplitter{limit: limit}
}

// Write calls line for every line b completes. The line aliases b or the
// splitter's buffer: valid during the call.
func (s *LineSplitter) Write(b []byte, line func([]byte)) {
	for len(b) > 0 && s.Err == nil {
		if s.skipLF {
			s.skipLF = false
			if b[0] == '\n' {
				b = b[1:]
				continue
			}
		}
		i := bytes.IndexAny(b, "\r\n")
		if i < 0 {
			s.partial = append(s.partial, b...)
			if len(s.partial) > s.limit {
				s.Err, s.partial = ErrLineTooLong, nil
			}
			return
		}
		l := b[:i]
		if len(s.partial) > 0 {
			s.partial = append(s.partial, l...)
			l = s.partial
		}
		s.skipLF = b[i] == '\r'
		b = b[i+1:]
		if len(l) > s.limit {
			s.Err, s.partial = ErrLineTooLong, nil
			return
		}
		line(l)
		s.partial = s.partial[:0]
	}
}

// Flush hands over a last line the stream ended without ending.
func (s *LineSplitter) Flush(line func([]byte)) {
	if len(s.partial) > 0 && s.Err == nil {
		line(s.partial)
	}
	s.partial = s.partial[:0]
}
