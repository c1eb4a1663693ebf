package trace

import (
	"bytes"
	"encoding/json"
	"io"
	"sync"

	"github.com/keydoctor/keydoctor/internal/human"
	"github.com/keydoctor/keydoctor/internal/relay"
)

// sink prints and logs records as they come, and keeps them for the
// summary. The relay hands each record over at its request's end, on the
// goroutine that then reads the connection's next request: add only
// queues it, and one goroutine of the sink's renders, masks and writes
// it. At 256 streams ending in one instant, 256 lines written in turn
// under one lock held back every connection's next request by up to
// 256 renderings (~10 µs each). The writer renders the records queued
// together into one write to the terminal and one to the log, not a
// write call per line (a terminal's writes are the dearest).
type sink struct {
	out         io.Writer
	logw        io.Writer // nil: no log
	width       int
	onlyFlagged bool // --quiet: print only failed and MISMATCH requests

	lines, logged bytes.Buffer  // the batch being written (the writer's)
	log           *json.Encoder // encodes into logged

	mu      sync.Mutex
	recs    []relay.Record
	pending []relay.Record // queued, not yet written
	closed  bool
	wake    chan struct{} // a record was queued, or the sink closed
	done    chan struct{} // the writer wrote the last record
}

// newSink starts the sink's writer. out and logw (nil: no log) are
// written by it alone until close returns.
func newSink(out, logw io.Writer, width int, onlyFlagged bool) *sink {
	s := &sink{out: out, logw: logw, width: width, onlyFlagged: onlyFlagged, wake: make(chan struct{}, 1), done: make(chan struct{})}
	s.log = json.NewEncoder(&s.logged)
	go s.write()
	return s
}

// add queues r; after close it is dropped (the session has ended).
func (s *sink) add(r relay.Record) {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return
	}
	s.recs = append(s.recs, r)
	s.pending = append(s.pending, r)
	s.mu.Unlock()
	select {
	case s.wake <- struct{}{}:
	default: // the writer is already due to look
	}
}

// write writes queued records in their order until the sink closes and
// its queue is empty.
func (s *sink) write() {
	defer close(s.done)
	var batch []relay.Record
	for {
		<-s.wake
		s.mu.Lock()
		batch, s.pending = s.pending, batch[:0]
		closed := s.closed
		s.mu.Unlock()
		s.print(batch...)
		clear(batch) // the records' strings are the summary's, not the queue's
		if closed {
			return
		}
	}
}

// print writes the records' lines in one write and their log entries in
// another.
func (s *sink) print(recs ...relay.Record) {
	s.lines.Reset()
	s.logged.Reset()
	for _, r := range recs {
		if !s.onlyFlagged || r.Failed || r.Mismatch {
			s.lines.WriteString(human.Wrap(relay.Line(r), s.width, relay.LineIndent))
			s.lines.WriteByte('\n')
		}
		if s.logw != nil {
			_ = s.log.Encode(r)
		}
	}
	if s.lines.Len() > 0 {
		_, _ = s.out.Write(s.lines.Bytes())
	}
	if s.logged.Len() > 0 {
		_, _ = s.logw.Write(s.logged.Bytes()) // a full disk must not stop the relay
	}
}

// close writes what is queued, then returns every record.
func (s *sink) close() []relay.Record {
	s.mu.Lock()
	if !s.closed {
		s.closed = true
		select {
		case s.wake <- struct{}{}:
		default:
		}
	}
	s.mu.Unlock()
	<-s.done
	return s.recs
}
