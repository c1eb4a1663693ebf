// Package probe is keydoctor's one HTTP client toward gateways: its own
// transport with phase timeouts, httptrace timings, streaming readers for
// the three wire protocols, and classification of failures into catalog
// codes.
package probe

import (
	"net/http"
	"time"

	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/gateway"
)

// Request is one request to a gateway.
type Request struct {
	Protocol  gateway.Protocol
	Root      string       // gateway root (no /v1); the path comes from Protocol
	URL       string       // overrides Root+Protocol.Path() when set (probing alternatives)
	Key       string       // sent per Auth; never logged
	Auth      gateway.Auth // bearer or x-api-key
	Model     string
	Stream    bool
	MaxTokens int    // 0 means a small default
	Prompt    string // "" means a tiny fixed prompt
	Header    http.Header
}

// Timings are the phases of one request, from httptrace. A zero field
// means the phase did not happen (e.g. no DNS for an IP literal, a reused
// connection). All relative to Start.
type Timings struct {
	Start        time.Time
	DNS          time.Duration
	Connect      time.Duration
	TLS          time.Duration
	WroteRequest time.Duration // request fully written
	FirstByte    time.Duration // response headers arrived
	FirstDelta   time.Duration // first delta of any kind, reasoning included: time to first token (TTFT)
	FirstText    time.Duration // first delta of visible text: time to first text, what a user perceives
	LastDelta    time.Duration
	End          time.Duration // body fully read (E2E)
	ConnReused   bool
}

// Delta is one content delta of a stream, stamped on arrival.
type Delta struct {
	At     time.Duration // since Timings.Start
	Text   string
	Tokens int // tokens this delta carries, when the server says; else 0
	// Reasoning marks a thinking/reasoning delta (reasoning_content,
	// thinking_delta, reasoning_text). It counts for TTFT (the model is
	// producing tokens) but its text is not part of Result.Text.
	Reasoning bool
}

// Usage is token usage.
type Usage struct {
	InputTokens  int
	OutputTokens int
	FromServer   bool // false: OutputTokens counted from deltas
}

// Stream is what a streaming reader saw.
type Stream struct {
	Deltas       []Delta
	Events       int  // SSE events read
	Terminated   bool // [DONE], message_stop or response.completed came
	EmptyChoices int  // chat chunks with "choices": []
	Usage        *Usage
	ErrorEvent   string // an error event inside the stream, if any, as text
	// Error is that error event as the gateway sent it (type, code,
	// message), for the catalog's classifier.
	Error      catalog.GatewayError
	Model      string // the model the stream names (first one seen)
	StopReason string // finish_reason, stop_reason or the incomplete reason
	ToolCalls  int    // tool calls begun (a request that offers no tools expects none)
	// NonSSE counts non-empty lines that are not SSE fields (raw JSON,
	// HTML): a body that is not an event stream at all.
	NonSSE int
	// Bytes is how much of the body the reader consumed.
	Bytes int64
}

// Result is everything one request produced.
type Result struct {
	Method     string
	URL        string
	ReqHeader  http.Header // key masked
	StatusCode int
	Header     http.Header
	Body       []byte // first bytes (capped); the whole body for small answers
	// Truncated: a whole (not streamed) body went past BodyCap, the most
	// the client reads (Options.MaxBody).
	Truncated   bool
	BodyCap     int64
	ContentType string
	Model       string // the model the answer names
	Text        string // the answer's text
	Usage       Usage
	Stream      *Stream // nil for non-streaming requests
	Timings     Timings
	// Code is the catalog code of the failure, or "" when the request
	// succeeded. Err carries the detail.
	Code catalog.Code
	Err  error
	// RetryAfter is the server's Retry-After, when it gave one.
	RetryAfter time.Duration
	// Notes are facts about an answer that did arrive (usage-missing,
	// stream-empty-choices, stream-buffered, model-mismatch). Whether one
	// is a warning or an error is the doctor's decision.
	Notes []Note
	// TLSIssuer names the issuer of a certificate that was not trusted.
	TLSIssuer string
	// Proxy is the proxy the request went through, if any (credentials
	// removed); ProxyVar the variable that names it (HTTPS_PROXY, …).
	Proxy, ProxyVar string
}

// Note is one catalog code with its detail.
type Note struct {
	Code    catalog.Code `json:"code"`
	Message string       `json:"message"`
}

// OK reports whether the request produced a complete answer.
func (r *Result) OK() bool { return r.Code == "" }

// HasNote reports whether the result carries a note with this code.
func (r *Result) HasNote(code catalog.Code) bool {
	for _, n := range r.Notes {
		if n.Code == code {
			return true
		}
	}
	return false
}
