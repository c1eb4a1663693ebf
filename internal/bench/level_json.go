package bench

import (
	"encoding/json"

	"github.com/keydoctor/keydoctor/internal/stats"
)

// MarshalJSON leaves out what a level did not measure: without streaming
// there is no TTFT, TPOT or burst to report, and zeros would read as
// measurements.
func (l Level) MarshalJSON() ([]byte, error) {
	type plain Level // without this method
	out := struct {
		plain
		TTFT        *stats.Summary `json:"ttft_ms,omitempty"`
		TPOT        *stats.Summary `json:"tpot_ms,omitempty"`
		Bursty      *int           `json:"bursty_streams,omitempty"`
		TPOTTrusted *bool          `json:"tpot_trusted,omitempty"`
	}{plain: plain(l)}
	if l.Stream || l.TTFT.N > 0 {
		out.TTFT, out.TPOT, out.Bursty, out.TPOTTrusted = &l.TTFT, &l.TPOT, &l.Bursty, &l.TPOTTrusted
	}
	return json.Marshal(out)
}
