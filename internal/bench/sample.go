package bench

import (
	"time"

	"github.com/keydoctor/keydoctor/internal/probe"
	"github.com/keydoctor/keydoctor/internal/redact"
)

// Sample is one request as the benchmark keeps it: every timestamp the
// client saw, what it cost, and how it failed. It is also the line --raw
// writes.
type Sample struct {
	Label       string          `json:"label,omitempty"` // the variant of a comparison run
	Seq         int             `json:"seq"`
	Concurrency int             `json:"concurrency"`
	Warmup      bool            `json:"warmup,omitempty"`
	Start       time.Time       `json:"start"`
	Offset      time.Duration   `json:"-"` // send time since the window began
	Scheduled   time.Duration   `json:"-"` // planned send time (open loop), since the window began
	Timings     probe.Timings   `json:"-"`
	Status      int             `json:"status,omitempty"`
	Code        string          `json:"code,omitempty"` // catalog code; "" when it succeeded
	Err         string          `json:"error,omitempty"`
	Interrupted bool            `json:"interrupted,omitempty"` // cancelled by Ctrl-C or the deadline: not counted
	Streamed    bool            `json:"stream"`
	Deltas      []time.Duration `json:"-"`
	Tokens      int             `json:"output_tokens"`
	FromServer  bool            `json:"tokens_from_server"`
	TPOT        time.Duration   `json:"-"`
	HasTPOT     bool            `json:"-"`
	Bursty      bool            `json:"bursty,omitempty"`
	// Starved marks a stream whose deltas arrived together while this
	// client was saturated: not blamed on anything between.
	Starved      bool `json:"client_starved,omitempty"`
	bufferedOnce bool // the probe's one-burst-after-silence detector fired
	// Limits are the rate limits the answer's headers state.
	Limits *RateLimits `json:"rate_limits,omitempty"`
	// InputTokens is the prompt size the gateway reported (0: none).
	InputTokens int      `json:"input_tokens,omitempty"`
	Notes       []string `json:"notes,omitempty"` // catalog codes of facts about an answer that did arrive
}

// OK says the request succeeded.
func (s *Sample) OK() bool { return s.Code == "" && !s.Interrupted }

// unclassified is the code of a failure the client gave no code for, so
// that it is still counted rather than dropped.
const unclassified = "unclassified"

// newSample turns a probe result into a sample. key is masked in all it
// holds (the error text may echo a request).
func newSample(r *probe.Result, key string) Sample {
	s := Sample{
		Start:       r.Timings.Start,
		Timings:     r.Timings,
		Status:      r.StatusCode,
		Code:        string(r.Code),
		Tokens:      r.Usage.OutputTokens,
		FromServer:  r.Usage.FromServer,
		InputTokens: r.Usage.InputTokens,
	}
	for _, n := range r.Notes {
		s.Notes = append(s.Notes, string(n.Code))
	}
	s.Limits = parseRateLimits(r.Header, r.RetryAfter)
	if r.Err != nil {
		s.Err = r.Err.Error()
		if s.Code == "" {
			s.Code = unclassified
		}
	}
	if r.Stream != nil {
		s.Streamed = true
		s.Deltas = make([]time.Duration, len(r.Stream.Deltas))
		for i, d := range r.Stream.Deltas {
			s.Deltas[i] = d.At
		}
		if u := r.Stream.Usage; u != nil && u.FromServer {
			s.Tokens, s.FromServer = u.OutputTokens, true
			if u.InputTokens > 0 {
				s.InputTokens = u.InputTokens
			}
		}
		if !s.FromServer {
			s.Tokens = countTokens(r.Stream.Deltas)
		}
		s.bufferedOnce = probe.Buffered(r.Stream)
		s.Bursty = s.bufferedOnce || isChunked(s.Deltas)
		first, last := r.Timings.FirstDelta, r.Timings.LastDelta
		if len(s.Deltas) > 0 {
			first, last = s.Deltas[0], s.Deltas[len(s.Deltas)-1]
		}
		s.TPOT, s.HasTPOT = TPOT(first, last, s.Tokens)
	}
	redact.Scrub(&s, key) // a sample is stored (--save): whatever text it holds, not only Err
	return s
}

// countTokens counts output tokens from deltas: a delta's own count when
// the server gave one, else one per delta (the seeds' convention).
func countTokens(ds []probe.Delta) int {
	n := 0
	for _, d := range ds {
		if d.Tokens > 0 {
			n += d.Tokens
		} else {
			n++
		}
	}
	return n
}

// TTFT is time to the first content delta; ok false when there was none.
func (s *Sample) TTFT() (time.Duration, bool) {
	if !s.Streamed {
		return 0, false
	}
	if len(s.Deltas) > 0 {
		return s.Deltas[0], true
	}
	return s.Timings.FirstDelta, s.Timings.FirstDelta > 0
}

// E2E is request start to the end of the answer.
func (s *Sample) E2E() time.Duration { return s.Timings.End }
