package relay

import (
	"errors"
	"io"
	"sync"
	"time"
)

// maxPending bounds how far an observer may lag behind the stream. Past it
// the observer gives up (its figures go missing) rather than slow the client.
const maxPending = 8 << 20

var errObserverLagged = errors.New("relay: observer fell too far behind the stream")

// Tap is a copy of one response body as it passed through the relay, read
// by an Observer in its own goroutine. The relay never waits for the
// reader: bytes are queued with their arrival time, so figures an observer
// derives from Arrived are the times the client saw, however late the
// observer reads them.
type Tap interface {
	io.Reader
	// Arrived is when the bytes last returned by Read reached the relay,
	// measured from the start of the request.
	Arrived() time.Duration
}

type chunk struct {
	b  []byte
	at time.Duration
}

// tap is an unbounded-in-count, bounded-in-bytes queue of chunks.
type tap struct {
	mu      sync.Mutex
	ready   *sync.Cond
	queue   []chunk
	pending int
	closed  bool
	err     error
	cur     chunk
}

func newTap() *tap {
	t := &tap{}
	t.ready = sync.NewCond(&t.mu)
	return t
}

// push queues a copy of b; it never blocks on the reader.
func (t *tap) push(b []byte, at time.Duration) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.closed {
		return
	}
	if t.pending+len(b) > maxPending {
		t.closed, t.err, t.queue = true, errObserverLagged, nil
		t.ready.Broadcast()
		return
	}
	t.queue = append(t.queue, chunk{append([]byte(nil), b...), at})
	t.pending += len(b)
	t.ready.Broadcast()
}

// close ends the stream; err nil means a clean end (io.EOF to the reader).
func (t *tap) close(err error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if !t.closed {
		t.closed, t.err = true, err
	}
	t.ready.Broadcast()
}

func (t *tap) Read(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	for len(t.cur.b) == 0 {
		if len(t.queue) > 0 {
			t.cur = t.queue[0]
			t.queue[0] = chunk{}
			t.queue = t.queue[1:]
			t.pending -= len(t.cur.b)
			continue
		}
		if t.closed {
			if t.err != nil {
				return 0, t.err
			}
			return 0, io.EOF
		}
		t.ready.Wait()
	}
	n := copy(p, t.cur.b)
	t.cur.b = t.cur.b[n:]
	return n, nil
}

func (t *tap) Arrived() time.Duration {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.cur.at
}

// tappedBody wraps the upstream response body: what the reverse proxy reads
// (and writes on to the client) is queued on the tap as it is read.
type tappedBody struct {
	rc    io.ReadCloser
	tap   *tap
	since func() time.Duration
	once  sync.Once
	first time.Duration // first body byte
	end   time.Duration // last byte or close
	mu    sync.Mutex

	// feed, when set, decodes the stream instead of the tap's reader:
	// each chunk is kept in pending and decoded at the next Read, which
	// the proxy makes once it has written and flushed the chunk on.
	feed      *wireFeed
	feedMu    sync.Mutex
	pending   []byte
	pendingAt time.Duration
	observed  chan<- Observation // gets feed's observation at the end
}

func (b *tappedBody) Read(p []byte) (int, error) {
	if b.feed != nil {
		b.decodePending()
	}
	n, err := b.rc.Read(p)
	if n > 0 {
		at := b.since()
		b.mu.Lock()
		if b.first == 0 {
			b.first = at
		}
		b.end = at
		b.mu.Unlock()
		if b.feed != nil {
			b.feedMu.Lock()
			b.pending, b.pendingAt = append(b.pending, p[:n]...), at
			b.feedMu.Unlock()
		} else {
			b.tap.push(p[:n], at)
		}
	}
	if err != nil {
		b.finish(err)
	}
	return n, err
}

func (b *tappedBody) Close() error {
	err := b.rc.Close()
	b.finish(io.ErrUnexpectedEOF) // no-op after a clean EOF
	return err
}

func (b *tappedBody) finish(err error) {
	b.once.Do(func() {
		b.mu.Lock()
		if b.end == 0 {
			b.end = b.since()
		}
		b.mu.Unlock()
		if err == io.EOF {
			err = nil
		}
		if b.feed != nil {
			b.decodePending()
			b.observed <- b.feed.end()
			return
		}
		b.tap.close(err)
	})
}

// decodePending feeds the chunk last read to the decoder.
func (b *tappedBody) decodePending() {
	b.feedMu.Lock()
	defer b.feedMu.Unlock()
	if len(b.pending) > 0 {
		b.feed.write(b.pending, b.pendingAt)
		b.pending = b.pending[:0]
	}
}

func (b *tappedBody) times() (first, end time.Duration) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.first, b.end
}
