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
var WireObserver Observer = ObserverFunc(observeWire)

func observeWire(proto gateway.Protocol, stream bool, body Tap) Observation {
	defer io.Copy(io.Discard, body) // read to the end whatever happens
	if !stream {
		return observeWhole(body)
	}
	dec := probe.NewDecoder(proto, time.Time{})
	dec.Clock = body.Arrived // when the line reached the relay, not when it is parsed
	dec.ReadFrom(body)       // a cut stream ends the reading; what came before still counts
	s := dec.Stream()
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
