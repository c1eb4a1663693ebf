package bench

import (
	"encoding/json"
	"strings"
	"testing"
	"time"
)

// stream is n samples of a side whose first delta comes after ttft and
// the next ones gap apart.
func stream(label string, n int, ttft, gap time.Duration, deltas int) []Sample {
	var out []Sample
	for i := range n {
		s := Sample{Label: label, Seq: i, Streamed: true}
		for d := range deltas {
			s.Deltas = append(s.Deltas, ttft+time.Duration(d)*gap)
		}
		s.Bursty = isChunked(s.Deltas)
		s.Timings.End = s.Deltas[len(s.Deltas)-1] + time.Millisecond
		out = append(out, s)
	}
	return out
}

func TestRouterHopOf(t *testing.T) {
	const ms = time.Millisecond
	tests := []struct {
		name           string
		router, up     []Sample
		saturated      bool
		want           string
		addedP50       float64
		why            string
		bursty, stream int
	}{
		{"a router that passes the stream on keeps the gaps",
			stream("r", 8, 25*ms, 10*ms, 8), stream("u", 8, 20*ms, 10*ms, 8), false, HopStreams, 5, "passes the stream on", 0, 8},
		{"a router that holds the stream collapses the gaps, and adds the whole answer to TTFT",
			stream("r", 8, 95*ms, 10*time.Microsecond, 8), stream("u", 8, 20*ms, 10*ms, 8), false, HopBuffers, 75, "holds the stream", 8, 8},
		{"a router that flushes in a few clumps still keeps some spread",
			stream("r", 8, 25*ms, 4*ms, 8), stream("u", 8, 20*ms, 10*ms, 8), false, HopStreams, 5, "passes the stream on", 0, 8},
		{"an upstream that itself answers at once: nothing to collapse",
			stream("r", 8, 21*ms, 10*time.Microsecond, 8), stream("u", 8, 20*ms, 20*time.Microsecond, 8), false, HopUnknown, 1, "no gap for a router to collapse", 8, 8},
		{"a saturated client: a first token that waited for the whole answer is still buffering",
			stream("r", 8, 95*ms, 10*time.Microsecond, 8), stream("u", 8, 20*ms, 10*ms, 8), true, HopBuffers, 75, "holds the stream", 8, 8},
		{"a saturated client: tokens bunched without the wait are the client's doing",
			stream("r", 8, 22*ms, 10*time.Microsecond, 8), stream("u", 8, 20*ms, 10*ms, 8), true, HopUnknown, 2, "saturated", 8, 8},
		{"a saturated client: kept gaps are a router that streams",
			stream("r", 8, 25*ms, 10*ms, 8), stream("u", 8, 20*ms, 10*ms, 8), true, HopStreams, 5, "passes the stream on", 0, 8},
		{"one delta per stream: no span",
			stream("r", 4, 25*ms, 0, 1), stream("u", 4, 20*ms, 0, 1), false, HopUnknown, 5, "no successful stream of two deltas", 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			samples := append(append([]Sample(nil), tt.router...), tt.up...)
			lr, lu := Aggregate(1, tt.router, time.Second), Aggregate(1, tt.up, time.Second)
			lr.Label, lu.Label, lr.Stream, lu.Stream = "r", "u", true, true
			lr.Client.Saturated = tt.saturated
			diffs := Differences([]string{"r", "u"}, samples, 1)
			h := RouterHopOf("r", "u", []Level{lr, lu}, samples, diffs)
			if h == nil {
				t.Fatal("no hop")
			}
			if h.Buffering != tt.want || !strings.Contains(h.Why, tt.why) {
				t.Errorf("buffering %s (%s), want %s (%q)", h.Buffering, h.Why, tt.want, tt.why)
			}
			if h.AddedTTFTP50 != tt.addedP50 {
				t.Errorf("added TTFT p50 %v, want %v", h.AddedTTFTP50, tt.addedP50)
			}
			if h.RouterBursty != tt.bursty || h.RouterStreams != tt.stream {
				t.Errorf("bursty %d of %d, want %d of %d", h.RouterBursty, h.RouterStreams, tt.bursty, tt.stream)
			}
			if _, err := json.Marshal(h); err != nil { // no NaN, whatever was missing
				t.Fatal(err)
			}
		})
	}
	if RouterHopOf("r", "nope", []Level{{Label: "r"}}, nil, nil) != nil {
		t.Error("a hop without its upstream's level")
	}
	// not streamed: TTFT not measured, buffering not judged
	l := []Level{{Label: "r"}, {Label: "u"}}
	if h := RouterHopOf("r", "u", l, nil, nil); h.Buffering != HopUnknown || h.AddedTTFTP50 != 0 {
		t.Errorf("without streaming: %+v", h)
	}
}
