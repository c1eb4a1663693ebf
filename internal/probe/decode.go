package probe

import (
	"io"
	"strings"
	"time"

	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/tidwall/gjson"
)

// Decoder reads one protocol's event stream incrementally. Feed it lines
// (FeedLine) or a reader (ReadFrom, which a relay feeds as bytes pass); it stamps each content delta with the clock and calls
// OnDelta as the delta arrives. Stream returns what it saw.
//
// A Decoder is not safe for concurrent use; one per stream.
type Decoder struct {
	proto gateway.Protocol
	// Clock stamps deltas: time since the request started. ReadFrom
	// uses it; FeedLine takes the time from its caller.
	Clock func() time.Duration
	// OnDelta, when set, is called for each content delta as it arrives.
	OnDelta func(Delta)

	parser   Parser
	chunk    chatChunk // reused by every chat event
	noScan   bool      // tests: every chat chunk through gjson, the scanner's reference
	s        Stream
	text     strings.Builder
	usage    Usage
	hasUsage bool
}

// NewDecoder returns a decoder for proto whose clock counts from start.
func NewDecoder(proto gateway.Protocol, start time.Time) *Decoder {
	return &Decoder{proto: proto, Clock: func() time.Duration { return time.Since(start) }}
}

// FeedLine consumes one line (without its ending) that arrived at at.
func (d *Decoder) FeedLine(line []byte, at time.Duration) {
	if ev, ok := d.parser.Feed(line); ok {
		d.Event(ev, at)
	}
}

// ReadFrom reads the whole stream from r. Each line is stamped with the
// time of the read that delivered its last byte (its arrival), not the
// time it is parsed, so that decoding earlier events of the same read does
// not count against TTFT. It returns the read error that ended the stream
// (nil at EOF).
func (d *Decoder) ReadFrom(r io.Reader) (int64, error) {
	sr := &stampReader{r: r, clock: d.Clock}
	return d.readLines(NewLineReader(sr, maxLine), sr)
}

// readLines feeds every line of lr to the decoder, each stamped with the
// arrival sr noted for the read that delivered it.
func (d *Decoder) readLines(lr *LineReader, sr *stampReader) (int64, error) {
	defer func() { d.s.Bytes += lr.Bytes() }()
	for {
		line, err := lr.Next()
		if err != nil {
			if err == io.EOF {
				err = nil
			}
			return lr.Bytes(), err
		}
		d.FeedLine(line, sr.last)
	}
}

// stampReader notes when its last read returned data: when the read
// returned, or, when arrival says, when the kernel received the bytes.
type stampReader struct {
	r     io.Reader
	clock func() time.Duration
	last  time.Duration
	// arrival, when set, is the kernel's receive time (wall clock) of the
	// newest bytes below r (h1stream over rawconn, Linux); zero when it
	// has none.
	arrival func() time.Time
}

func (s *stampReader) Read(p []byte) (int, error) {
	n, err := s.r.Read(p)
	if n > 0 {
		at := s.clock()
		if s.arrival != nil {
			at = arrivedAt(at, time.Now(), s.arrival())
		}
		s.last = max(s.last, at) // a later read's bytes did not arrive earlier
	}
	return n, err
}

// arrivedAt is now (time since the start) less how long before wall the
// kernel stamped bytes at t. Only that age is taken from the wall clock,
// so a clock step between the two readings can skew one stamp by its
// size; an age that is negative or older than the start is not used,
// nor a zero t (no stamp).
func arrivedAt(now time.Duration, wall, t time.Time) time.Duration {
	if t.IsZero() {
		return now
	}
	if age := wall.Sub(t); age > 0 && age < now {
		return now - age
	}
	return now
}

// arrivalOf is a response body's arrival clock, when its transport keeps
// one.
func arrivalOf(body io.Reader) func() time.Time {
	if a, ok := body.(interface{ Arrival() time.Time }); ok {
		return a.Arrival
	}
	return nil
}

// Event consumes one dispatched event.
func (d *Decoder) Event(ev Event, at time.Duration) {
	d.s.Events++
	data := ev.Data
	if d.proto != gateway.Chat && len(ev.Type) > 0 && string(ev.Type) == "error" && !gjson.ValidBytes(data) {
		d.setError(catalog.GatewayError{Message: clip(string(data), 200)})
		return
	}
	switch d.proto {
	case gateway.Messages:
		d.messages(data, at)
	case gateway.Responses:
		d.responses(data, at)
	case gateway.Gemini:
		d.gemini(data, at)
	default:
		d.chat(data, at)
	}
}

func (d *Decoder) delta(text string, at time.Duration, reasoning bool) {
	if text == "" {
		return
	}
	dl := Delta{At: at, Text: text, Reasoning: reasoning}
	d.s.Deltas = append(d.s.Deltas, dl)
	if !reasoning {
		d.text.WriteString(text)
	}
	if d.OnDelta != nil {
		d.OnDelta(dl)
	}
}

func (d *Decoder) model(m string) {
	if d.s.Model == "" {
		d.s.Model = m
	}
}

// errorIn reads an error object in any of the shapes gateways send.
func (d *Decoder) errorIn(data []byte) bool {
	e := gjson.GetBytes(data, "error")
	if !e.Exists() || e.Type == gjson.Null {
		return false
	}
	d.setError(catalog.ErrorObject(e))
	return true
}

// setError records an error event (the first one wins).
func (d *Decoder) setError(e catalog.GatewayError) {
	if d.s.ErrorEvent == "" {
		d.s.Error, d.s.ErrorEvent = e, e.Text()
	}
}

// Stream ends the stream (flushing an event left without its blank line)
// and returns what the decoder saw. Usage is the server's when it gave
// one, else the content deltas counted.
func (d *Decoder) Stream() *Stream {
	if ev, ok := d.parser.Flush(); ok {
		d.Event(ev, d.Clock())
	}
	s := d.s
	s.NonSSE = d.parser.NonSSE()
	u := d.usage
	if d.hasUsage {
		u.FromServer = true
	} else {
		u.OutputTokens = len(s.Deltas)
	}
	s.Usage = &u
	return &s
}

// Text is the answer's text so far (reasoning excluded).
func (d *Decoder) Text() string { return d.text.String() }

func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	// Cut on a rune boundary.
	for n > 0 && n < len(s) && s[n]&0xC0 == 0x80 {
		n--
	}
	return s[:n] + "…"
}
