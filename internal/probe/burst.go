package probe

import "time"

// Burst thresholds. A stream is buffered when every one of at least
// MinBurstDeltas deltas arrived within MaxBurstSpan, after a wait of at
// least MinBurstWait for the first one: something between client and model
// held the tokens back and let them go at once. Real generation never
// delivers several tokens within a few milliseconds after a long silence.
var (
	MinBurstDeltas = 5
	MaxBurstSpan   = 5 * time.Millisecond
	MinBurstWait   = 50 * time.Millisecond
)

// Burst is the shape of a stream's arrival.
type Burst struct {
	Deltas   int
	Wait     time.Duration // request start to the first delta
	Span     time.Duration // first delta to last delta
	Buffered bool
}

// DetectBurst looks at the arrival times of a stream's deltas.
func DetectBurst(deltas []Delta) Burst {
	b := Burst{Deltas: len(deltas)}
	if len(deltas) == 0 {
		return b
	}
	b.Wait = deltas[0].At
	b.Span = deltas[len(deltas)-1].At - deltas[0].At
	b.Buffered = len(deltas) >= MinBurstDeltas && b.Span <= MaxBurstSpan && b.Wait >= MinBurstWait
	return b
}

// Buffered reports whether the stream arrived in one burst.
func Buffered(s *Stream) bool { return s != nil && DetectBurst(s.Deltas).Buffered }

// Gaps are the raw times between consecutive deltas.
func (s *Stream) Gaps() []time.Duration {
	if s == nil || len(s.Deltas) < 2 {
		return nil
	}
	out := make([]time.Duration, len(s.Deltas)-1)
	for i := 1; i < len(s.Deltas); i++ {
		out[i-1] = s.Deltas[i].At - s.Deltas[i-1].At
	}
	return out
}

// TPOT is (last delta − first delta) / (output tokens − 1), with the
// FirstToken is when the first delta of any kind arrived, reasoning
// included (time to first token); FirstText when the first visible text
// did (time to first text, what a user perceives). Both are zero when no
// such delta came; they are equal for a model that does not reason
// aloud. Bench and doctor read them from here or from Timings.
func (s *Stream) FirstToken() time.Duration {
	if s == nil || len(s.Deltas) == 0 {
		return 0
	}
	return s.Deltas[0].At
}

// FirstText: see FirstToken.
func (s *Stream) FirstText() time.Duration {
	if s == nil {
		return 0
	}
	for _, d := range s.Deltas {
		if !d.Reasoning {
			return d.At
		}
	}
	return 0
}

// Reasoned reports whether the stream carried reasoning deltas.
func (s *Stream) Reasoned() bool {
	return s != nil && len(s.Deltas) > 0 && s.Deltas[0].Reasoning
}

// server's token count when it gave one, else the deltas (docs/architecture.md, Metrics).
// Zero when there are fewer than two tokens.
func (s *Stream) TPOT() time.Duration {
	if s == nil || len(s.Deltas) < 2 {
		return 0
	}
	tokens := len(s.Deltas)
	if s.Usage != nil && s.Usage.FromServer && s.Usage.OutputTokens > 1 {
		tokens = s.Usage.OutputTokens
	}
	if tokens < 2 {
		return 0
	}
	return (s.Deltas[len(s.Deltas)-1].At - s.Deltas[0].At) / time.Duration(tokens-1)
}
