package mock

import (
	"bytes"
	"compress/gzip"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// overloadedEvent is Anthropic's documented mid-stream error
// (https://docs.anthropic.com/en/api/errors, "errors in streams").
const overloadedEvent = `{"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}}`

// serveShape answers the scenarios whose answer has a shape of its own
// before any turn runs; false lets the turn run.
func (c *call) serveShape() bool {
	switch {
	case c.scenario == EmptyBody:
		c.w.Header().Set("Content-Type", "application/json")
		c.w.WriteHeader(http.StatusOK)
		return true
	case c.scenario == ResponseTooLarge:
		c.huge()
		return true
	}
	return false
}

// shape adjusts a turn's schedule and content for its scenario, and
// puts the schedule at the gateway's TimeScale.
func (t *turn) shape(o Options) {
	switch t.c.scenario {
	case LatencyHigh:
		t.ttft, t.tpot = max(t.ttft, time.Second), max(t.tpot, 60*time.Millisecond)
	case SlowFirstToken:
		t.ttft = max(t.ttft, o.SlowTTFT)
	case ReasoningFirst:
		// a second of reasoning at the token pace before the first text
		t.reasoning = min(max(int(time.Second/max(t.tpot, time.Millisecond)), 8), 200)
	case ChoicesNull, ToolCallOnly, OpenRouterEmpty:
		t.n = 0
	}
	// after the floors: a scaled gateway keeps every proportion
	t.ttft, t.tpot = o.Scale(t.ttft), o.Scale(t.tpot)
}

// out is the output tokens the answer reports: the text's and the
// reasoning's, as the real APIs count them.
func (t *turn) out() int { return t.n + t.reasoning }

// hugeSize is the size of response-too-large's answer: past any client's
// line limit and keydoctor's body cap (1 MiB each).
const hugeSize = 4 << 20

// huge answers with one enormous JSON document, or for a stream one
// enormous event line.
func (c *call) huge() {
	pad := strings.Repeat("x", hugeSize)
	doc := `{"id":"chatcmpl-mock","object":"chat.completion","model":"` + c.model +
		`","choices":[{"index":0,"message":{"role":"assistant","content":"` + pad + `"},"finish_reason":"stop"}]}`
	if !c.stream {
		c.w.Header().Set("Content-Type", "application/json")
		c.w.WriteHeader(http.StatusOK)
		_, _ = c.w.Write([]byte(doc))
		return
	}
	c.w.Header().Set("Content-Type", "text/event-stream")
	c.w.WriteHeader(http.StatusOK)
	_, _ = c.w.Write([]byte("data: " + doc + "\n\n"))
}

// failAt says whether a stream breaks off with an error event before
// token i (anthropic-stream-overloaded: after half the text).
func (t *turn) failAt(i int) bool {
	return t.c.scenario == AnthropicStreamOverloaded && i == t.n/2
}

// thought is the text of reasoning delta i: "think0", " think1", …
func thought(i int) string {
	if i == 0 {
		return "think0"
	}
	return " think" + strconv.Itoa(i)
}

func (t *turn) reasoningText() string {
	var b strings.Builder
	for i := range t.reasoning {
		b.WriteString(thought(i))
	}
	return b.String()
}

// toolCall is a chat tool call, for tool-call-only.
var toolCall = map[string]any{
	"id": "call_mock0", "type": "function",
	"function": map[string]any{"name": "get_weather", "arguments": `{"city":"Paris"}`},
}

// encoder compresses what a handler writes, for the compression
// scenarios: gzip flushed with every event (gzip-always), gzip held until
// the end (gzip-buffers-sse, only when the client accepts gzip, as
// compression middlewares do), or brotli nobody asked for.
type encoder struct {
	http.ResponseWriter
	name   string
	gz     *gzip.Writer
	hold   bool         // flushes do nothing: the whole body comes at the end
	buf    bytes.Buffer // brotli: the whole body, encoded at the end
	header bool
}

// compress installs the scenario's encoder, or returns nil.
func (c *call) compress() *encoder {
	accepts := strings.Contains(strings.ToLower(c.r.Header.Get("Accept-Encoding")), "gzip")
	var e *encoder
	switch {
	case c.scenario == GzipAlways:
		e = &encoder{name: "gzip"}
	case c.scenario == GzipBuffersSSE && accepts:
		e = &encoder{name: "gzip", hold: true}
	case c.scenario == BrotliUnasked:
		e = &encoder{name: "br", hold: true}
	default:
		return nil
	}
	e.ResponseWriter = c.w.ResponseWriter
	if e.name == "gzip" {
		e.gz = gzip.NewWriter(e.ResponseWriter)
	}
	c.w.ResponseWriter = e
	return e
}

func (e *encoder) WriteHeader(code int) {
	if !e.header {
		e.header = true
		e.Header().Del("Content-Length")
		e.Header().Set("Content-Encoding", e.name)
		e.Header().Add("Vary", "Accept-Encoding")
	}
	e.ResponseWriter.WriteHeader(code)
}

func (e *encoder) Write(p []byte) (int, error) {
	if !e.header {
		e.WriteHeader(http.StatusOK)
	}
	if e.gz != nil {
		return e.gz.Write(p)
	}
	return e.buf.Write(p)
}

// Flush sends what is compressed so far, unless the scenario holds it.
func (e *encoder) Flush() {
	if e.hold {
		return
	}
	if e.gz != nil {
		_ = e.gz.Flush()
	}
	http.NewResponseController(e.ResponseWriter).Flush()
}

// finish ends the compressed body.
func (e *encoder) finish() {
	if !e.header {
		return // nothing was written (a stall that aborted)
	}
	if e.gz != nil {
		_ = e.gz.Close()
		return
	}
	_, _ = e.ResponseWriter.Write(brotliStored(e.buf.Bytes()))
}

// brotliStored encodes p as a brotli stream of uncompressed meta-blocks
// (RFC 7932 §9.2: WBITS 16, then per block ISLAST=0, MNIBBLES=4,
// MLEN-1, ISUNCOMPRESSED=1, padding to a byte and the bytes; a last empty
// meta-block ends it). Real clients decode it; keydoctor must not try.
func brotliStored(p []byte) []byte {
	var out []byte
	first := true
	for len(p) > 0 {
		n := min(len(p), 1<<16)
		var bits uint64
		nb := 0
		if first {
			nb = 1 // WBITS: a single 0 bit
			first = false
		}
		bits |= 0 << nb // ISLAST = 0
		nb++
		bits |= 0 << nb // MNIBBLES: 0 means 4 nibbles
		nb += 2
		bits |= uint64(n-1) << nb
		nb += 16
		bits |= 1 << nb // ISUNCOMPRESSED
		nb++
		for nb%8 != 0 {
			nb++
		}
		for i := 0; i < nb/8; i++ {
			out = append(out, byte(bits>>(8*i)))
		}
		out = append(out, p[:n]...)
		p = p[n:]
	}
	if first {
		return []byte{0x06} // WBITS 0, ISLAST 1, ISLASTEMPTY 1
	}
	return append(out, 0x03) // ISLAST 1, ISLASTEMPTY 1
}

// reasoningDeltas sends the reasoning deltas on schedule.
func (t *turn) reasoningDeltas(s *sse, send func(i int)) {
	for i := range t.reasoning {
		s.due(t, i)
		send(i)
	}
}

// textDeltas sends the text deltas on schedule (after any reasoning). It
// returns false when the stream ended early: the client left, the
// scenario stalls, or it breaks off with an error event.
func (t *turn) textDeltas(s *sse, send func(i int)) bool {
	for i := range t.n {
		if s.err != nil { // the client left
			return false
		}
		if t.stallAt(i) {
			t.stall()
			return false
		}
		if t.failAt(i) {
			s.raw("error", overloadedEvent)
			return false
		}
		s.due(t, t.reasoning+i) // the event below is encoded first, then sent on time
		send(i)
	}
	return true
}
