package relay

import (
	"compress/gzip"
	"compress/zlib"
	"io"
	"strings"
	"time"

	"github.com/keydoctor/keydoctor/internal/gateway"
)

// Observation is what an Observer made of one response body.
type Observation struct {
	// FirstDelta is when the first content delta arrived (TTFT), from the
	// start of the request; 0 when none came.
	FirstDelta time.Duration
	// FirstText is when the first visible text arrived (a reasoning model
	// streams its thinking first); 0 when none came.
	FirstText time.Duration
	// OutputTokens: the server's count when it gave one, else deltas.
	OutputTokens int
	// Model is the model the answer names.
	Model string
	// Failed: the body carried an error (an error event in a stream, an
	// error object in a 200).
	Failed bool
}

// Observer reads the copy of one response body (already decoded from any
// Content-Encoding) and says what it saw. It runs in its own goroutine and
// must read until EOF or give up; the relay never waits on it while the
// stream is passing.
type Observer interface {
	Observe(proto gateway.Protocol, stream bool, body Tap) Observation
}

// ObserverFunc adapts a function to Observer.
type ObserverFunc func(proto gateway.Protocol, stream bool, body Tap) Observation

func (f ObserverFunc) Observe(p gateway.Protocol, stream bool, body Tap) Observation {
	return f(p, stream, body)
}

// ProtocolOf names the wire protocol of a request path ("" when the path is
// none of the three, e.g. /v1/models). Paths may carry a gateway prefix.
func ProtocolOf(path string) gateway.Protocol {
	path = strings.TrimRight(path, "/")
	switch {
	case strings.HasSuffix(path, "/chat/completions"):
		return gateway.Chat
	case strings.HasSuffix(path, "/messages"):
		return gateway.Messages
	case strings.HasSuffix(path, "/responses"):
		return gateway.Responses
	case GeminiModel(path) != "":
		return gateway.Gemini
	}
	return ""
}

// GeminiModel is the model a Gemini API path names
// (.../v1beta/models/MODEL:generateContent or :streamGenerateContent), ""
// for any other path: the Gemini API has no model in its body.
func GeminiModel(path string) string {
	i := strings.LastIndex(path, gateway.GeminiPathPrefix)
	if i < 0 {
		return ""
	}
	model, verb, ok := strings.Cut(path[i+len(gateway.GeminiPathPrefix):], ":")
	if !ok || strings.Contains(model, "/") || (":"+verb != gateway.GeminiGenerate && ":"+verb != gateway.GeminiStream) {
		return ""
	}
	return model
}

// decodedTap undoes a Content-Encoding the relay passed through untouched
// (the client asked for it), so the observer sees the plain stream. ok is
// false for encodings Go cannot read (br, zstd): the relay still forwards
// them, it just cannot measure them.
func decodedTap(t Tap, encoding string) (Tap, bool) {
	switch strings.ToLower(strings.TrimSpace(encoding)) {
	case "", "identity":
		return t, true
	case "gzip", "x-gzip":
		return &lazyDecoder{Tap: t, open: func(r io.Reader) (io.Reader, error) { return gzip.NewReader(r) }}, true
	case "deflate":
		return &lazyDecoder{Tap: t, open: func(r io.Reader) (io.Reader, error) { return zlib.NewReader(r) }}, true
	}
	return nil, false
}

// lazyDecoder opens its decompressor on the first Read: gzip.NewReader
// reads the header at once, which must happen in the observer's goroutine.
type lazyDecoder struct {
	Tap
	open func(io.Reader) (io.Reader, error)
	r    io.Reader
	err  error
}

func (d *lazyDecoder) Read(p []byte) (int, error) {
	if d.r == nil && d.err == nil {
		d.r, d.err = d.open(d.Tap)
	}
	if d.err != nil {
		return 0, d.err
	}
	return d.r.Read(p)
}
