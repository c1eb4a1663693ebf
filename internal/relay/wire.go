package relay

import (
	"io"
	"time"

	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/probe"
	"github.com/tidwall/gjson"
)

// WireObserver reads the three wire protocols (chat completions, messages,
// responses) for the few figures the relay records: event streams with
// probe's decoders (the ones ping and bench use, so TTFT means the same
// everywhere), whole answers with gjson. It is the relay's default.
// An event stream of identity encoding it decodes on the goroutine that
// forwards it (wireFeed) instead of reading a Tap on one of its own.
var WireObserver Observer = wireObserver{}

type wireObserver struct{}

func (wireObserver) Observe(proto gateway.Protocol, stream bool, body Tap) Observation {
	return observeWire(proto, stream, body)
}

func observeWire(proto gateway.Protocol, stream bool, body Tap) Observation {
	defer io.Copy(io.Discard, body) // read to the end whatever happens
	if !stream {
		return observeWhole(body)
	}
	dec := probe.NewDecoder(proto, time.Time{})
	dec.Clock = body.Arrived // when the line reached the relay, not when it is parsed
	dec.ReadFrom(body)       // a cut stream ends the reading; what came before still counts
	return streamObservation(dec.Stream())
}

// wireFeed is WireObserver for an event stream pushed chunk by chunk:
// the relay's forwarding goroutine feeds it each chunk after writing it
// on (tappedBody), so no goroutine wakes per event and the client's
// bytes never wait for the decoding. At 256 streams the reader goroutine
// and the copy of every chunk into its queue were the relay's largest
// cost after the sockets.
type wireFeed struct {
	dec  *probe.Decoder
	sp   *probe.LineSplitter
	at   time.Duration // arrival of the chunk being split
	line func([]byte)
}

func newWireFeed(proto gateway.Protocol) *wireFeed {
	f := &wireFeed{dec: probe.NewDecoder(proto, time.Time{}), sp: probe.NewLineSplitter(0)}
	f.dec.Clock = func() time.Duration { return f.at }
	f.line = func(l []byte) { f.dec.FeedLine(l, f.at) }
	return f
}

// write decodes one chunk that reached the relay at at.
func (f *wireFeed) write(b []byte, at time.Duration) {
	f.at = at
	f.sp.Write(b, f.line)
}

// end is what the stream showed, a last unended line included.
func (f *wireFeed) end() Observation {
	f.sp.Flush(f.line)
	return streamObservation(f.dec.Stream())
}

func streamObservation(s *probe.Stream) Observation {
	o := Observation{Model: s.Model, Failed: s.ErrorEvent != ""}
	if s.Usage != nil {
		o.OutputTokens = s.Usage.OutputTokens
	}
	o.FirstDelta, o.FirstText = s.FirstToken(), s.FirstText()
	return o
}

// observeWhole reads a non-streamed answer: its model, the server's output
// token count, and an error object inside a 200.
func observeWhole(body Tap) Observation {
	b, _ := io.ReadAll(io.LimitReader(body, 16<<20))
	if !gjson.ValidBytes(b) {
		return Observation{}
	}
	r := gjson.ParseBytes(b)
	o := Observation{Model: r.Get("model").String()}
	if e := r.Get("error"); (e.Exists() && e.Type != gjson.Null) || r.Get("type").String() == "error" {
		o.Failed = true
	}
	for _, path := range []string{"usage.output_tokens", "usage.completion_tokens"} {
		if u := r.Get(path); u.Exists() {
			o.OutputTokens = int(u.Int())
			break
		}
	}
	if o.Model != "" {
		o.FirstDelta = body.Arrived() // the whole answer is the first token
	}
	return o
}
