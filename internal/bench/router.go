package bench

import (
	"fmt"
	"slices"

	"github.com/keydoctor/keydoctor/internal/stats"
)

// RouterHop is a route through a router on this machine set against the
// upstream it forwards to (bench --against naming the upstream), both
// measured in the same interleaved run: what the router adds to the time
// to the first token, and whether it passes the stream on as it comes or
// holds it and lets it go in one burst (the inter-token gaps collapse).
type RouterHop struct {
	Router   string `json:"router"`   // the router side's label
	Upstream string `json:"upstream"` // the upstream side's label
	// AddedTTFT is the router's TTFT minus the upstream's, at p50 and p90
	// (ms; negative within noise); AddedVerdict is the bootstrap verdict
	// on the p50 difference ("slower", "within noise", "faster").
	AddedTTFTP50 float64 `json:"added_ttft_p50_ms"`
	AddedTTFTP90 float64 `json:"added_ttft_p90_ms"`
	AddedVerdict string  `json:"added_ttft_verdict,omitempty"`
	// Span is first delta to last delta of a stream, p50 per side: the
	// upstream spreads its tokens over it, a buffering router collapses
	// it to nothing.
	RouterSpanP50   float64 `json:"router_span_p50_ms"`
	UpstreamSpanP50 float64 `json:"upstream_span_p50_ms"`
	// RouterBursty counts the router side's streams that arrived in
	// bursts (Sample.Bursty), of RouterStreams.
	RouterBursty  int `json:"router_bursty_streams"`
	RouterStreams int `json:"router_streams"`
	// Buffering is "buffers", "streams" or "unknown"; Why says why in
	// words the text report prints.
	Buffering string `json:"buffering"`
	Why       string `json:"why"`
}

// Buffering verdicts.
const (
	HopBuffers = "buffers"
	HopStreams = "streams"
	HopUnknown = "unknown"
)

const (
	// minUpstreamSpan is the least spread the upstream's tokens must have
	// for their collapse to be seen: below it, its stream is one burst
	// already and a router has nothing to hold back.
	minUpstreamSpanMS = 2.0
	// collapseShare: the router's span p50 at most this share of the
	// upstream's is a collapse. A router that passes the stream on keeps
	// the upstream's gaps (share ≈ 1, whatever it adds before the first
	// token); one that holds it keeps none (≈ 0). A quarter leaves a wide
	// margin both ways on a busy machine.
	collapseShare = 0.25
)

// RouterHopOf sets the router side against the upstream side, from their
// levels (by label) and the successful measured samples. diffs are the
// run's Differences, for the verdict on the TTFT difference. nil when
// either side has no level.
func RouterHopOf(router, upstream string, runs []Level, samples []Sample, diffs []Difference) *RouterHop {
	lr, okR := levelOf(runs, router)
	lu, okU := levelOf(runs, upstream)
	if !okR || !okU {
		return nil
	}
	h := &RouterHop{Router: router, Upstream: upstream}
	if lr.TTFT.N > 0 && lu.TTFT.N > 0 {
		h.AddedTTFTP50, h.AddedTTFTP90 = round3(lr.TTFT.P50-lu.TTFT.P50), round3(lr.TTFT.P90-lu.TTFT.P90)
	}
	for _, d := range diffs {
		if d.Metric == "ttft_p50" && d.Label == router && d.Against == upstream {
			h.AddedVerdict = d.Verdict
		}
		if d.Metric == "ttft_p50" && d.Label == upstream && d.Against == router {
			h.AddedVerdict = reverse(d.Verdict)
		}
	}
	by := byLabel(samples)
	spanR, burstyR := spans(by[router])
	spanU, _ := spans(by[upstream])
	h.RouterStreams, h.RouterBursty = len(spanR), burstyR
	h.RouterSpanP50, h.UpstreamSpanP50 = round3(p50(spanR)), round3(p50(spanU))
	h.Buffering, h.Why = judgeBuffering(lr, lu, spanR, spanU, h.AddedTTFTP50)
	return h
}

// judgeBuffering says whether the router held the stream back. Kept
// gaps are a router that streams, whatever the machine's load (a busy
// client can only bunch tokens, never spread them). Collapsed gaps are a
// router that buffers, unless this client was saturated: its own delays
// bunch tokens too, and then only the other mark of buffering counts, the
// first token waiting for most of the upstream's answer (added TTFT of
// half the upstream's span or more; both sides are interleaved, so the
// machine's load weighs on each alike).
func judgeBuffering(lr, lu Level, spanR, spanU []float64, added float64) (string, string) {
	switch {
	case !lr.Stream || !lu.Stream:
		return HopUnknown, "not measured: the requests did not stream"
	case len(spanR) == 0 || len(spanU) == 0:
		return HopUnknown, "not measured: a side had no successful stream of two deltas or more"
	}
	r, u := stats.Percentile(spanR, 50), stats.Percentile(spanU, 50)
	switch {
	case u < minUpstreamSpanMS:
		return HopUnknown, fmt.Sprintf("not judged: the upstream's own stream arrives within %.2f ms, so there is no gap for a router to collapse", u)
	case r > collapseShare*u:
		return HopStreams, fmt.Sprintf("the tokens keep their gaps through the router (spread over %.1f ms, the upstream's %.1f ms): it passes the stream on as it comes", r, u)
	case (lr.Client.Saturated || lu.Client.Saturated) && added < u/2:
		return HopUnknown, "not judged: the tokens came together, but this machine was saturated, and its own delays bunch tokens together"
	}
	return HopBuffers, fmt.Sprintf("the upstream spreads its tokens over %.1f ms (p50), through the router they arrive within %.1f ms: it holds the stream and lets it go at once, so its added TTFT is the upstream's whole answer", u, r)
}

// spans are the first-to-last delta spans (ms, sorted) of the streams
// with two deltas or more, and how many of those were bursty.
func spans(ss []*Sample) ([]float64, int) {
	var out []float64
	bursty := 0
	for _, s := range ss {
		if !s.Streamed || len(s.Deltas) < 2 {
			continue
		}
		out = append(out, ms(s.Deltas[len(s.Deltas)-1]-s.Deltas[0]))
		if s.Bursty {
			bursty++
		}
	}
	slices.Sort(out)
	return out, bursty
}

// p50 is the median of sorted v, 0 for none (JSON has no NaN).
func p50(v []float64) float64 {
	if len(v) == 0 {
		return 0
	}
	return stats.Percentile(v, 50)
}

func levelOf(runs []Level, label string) (Level, bool) {
	for _, l := range runs {
		if l.Label == label {
			return l, true
		}
	}
	return Level{}, false
}

func reverse(verdict string) string {
	switch verdict {
	case "faster":
		return "slower"
	case "slower":
		return "faster"
	}
	return verdict
}
