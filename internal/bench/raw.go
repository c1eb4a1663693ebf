package bench

import (
	"encoding/json"
	"io"
)

// RawLine is one request as --raw writes it: every timestamp, in
// milliseconds since the request started (offset_ms and scheduled_ms since
// the measured window started).
type RawLine struct {
	Sample
	OffsetMS    float64   `json:"offset_ms"`
	ScheduledMS *float64  `json:"scheduled_ms,omitempty"`
	DNSMS       float64   `json:"dns_ms"`
	ConnectMS   float64   `json:"connect_ms"`
	TLSMS       float64   `json:"tls_ms"`
	WroteMS     float64   `json:"wrote_request_ms"`
	FirstByteMS float64   `json:"first_byte_ms"`
	FirstDelta  float64   `json:"first_delta_ms"`
	LastDelta   float64   `json:"last_delta_ms"`
	EndMS       float64   `json:"end_ms"`
	ConnReused  bool      `json:"conn_reused"`
	TPOTMS      *float64  `json:"tpot_ms,omitempty"`
	DeltasMS    []float64 `json:"deltas_ms,omitempty"`
}

// toRaw builds a sample's line.
func toRaw(s Sample) RawLine {
	t := s.Timings
	l := RawLine{Sample: s, OffsetMS: ms(s.Offset), DNSMS: ms(t.DNS), ConnectMS: ms(t.Connect), TLSMS: ms(t.TLS),
		WroteMS: ms(t.WroteRequest), FirstByteMS: ms(t.FirstByte), FirstDelta: ms(t.FirstDelta), LastDelta: ms(t.LastDelta),
		EndMS: ms(t.End), ConnReused: t.ConnReused}
	if s.Scheduled >= 0 { // closed-loop requests have no planned time
		v := ms(s.Scheduled)
		l.ScheduledMS = &v
	}
	if s.HasTPOT {
		v := ms(s.TPOT)
		l.TPOTMS = &v
	}
	if len(s.Deltas) > 0 {
		l.FirstDelta, l.LastDelta = ms(s.Deltas[0]), ms(s.Deltas[len(s.Deltas)-1])
		l.DeltasMS = make([]float64, len(s.Deltas))
		for i, d := range s.Deltas {
			l.DeltasMS[i] = ms(d)
		}
	}
	return l
}

// WriteRaw writes one JSON line per sample.
func WriteRaw(w io.Writer, samples []Sample) error {
	enc := json.NewEncoder(w)
	for _, s := range samples {
		if err := enc.Encode(toRaw(s)); err != nil {
			return err
		}
	}
	return nil
}
