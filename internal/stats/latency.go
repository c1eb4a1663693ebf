package stats

import "time"

// The seeds' limits above which latency is high: a chat turn's first
// token later than 800 ms feels stuck, and a token every 50 ms is about
// the pace a reader follows. The doctor's latency rung, its --bench
// check and bench's default goals all start from these.
const (
	DefaultTTFT = 800 * time.Millisecond
	DefaultTPOT = 50 * time.Millisecond
)

// Limits are the latency-high thresholds; a zero field takes its default.
type Limits struct {
	TTFT, TPOT time.Duration
}

// WithDefaults fills the zero fields.
func (l Limits) WithDefaults() Limits {
	if l.TTFT <= 0 {
		l.TTFT = DefaultTTFT
	}
	if l.TPOT <= 0 {
		l.TPOT = DefaultTPOT
	}
	return l
}

// High judges one pair of figures: which of them is above its limit.
// tpotKnown is false when TPOT does not measure generation (one token, or
// a buffered stream): it is then never high.
func (l Limits) High(ttft, tpot time.Duration, tpotKnown bool) (ttftHigh, tpotHigh bool) {
	l = l.WithDefaults()
	return ttft > l.TTFT, tpotKnown && tpot > l.TPOT
}
