package bench

import (
	"context"
	"fmt"
	"time"

	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/probe"
	"github.com/keydoctor/keydoctor/internal/stats"
)

// LatencyOptions configure the doctor's latency micro-benchmark.
type LatencyOptions struct {
	Doer     Doer
	Request  probe.Request // Stream is forced on: TTFT needs a stream
	Key      string        // redacted from messages
	Requests int           // default 3
	Limits   stats.Limits  // zero fields take the defaults
}

// Latency is what the micro-benchmark found; the doctor turns it into its
// `latency` finding (code latency-high).
type Latency struct {
	// Measured is false when no request succeeded: nothing was judged.
	Measured bool
	High     bool // TTFT p50 or (trusted) TPOT p50 above its limit
	Message  string
	Fix      string // set when High
}

// MeasureLatency is the latency micro-benchmark of `doctor --bench`: a
// few streamed requests at concurrency 1 after one warm-up, judged by
// their p50s against the limits.
func MeasureLatency(ctx context.Context, o LatencyOptions) Latency {
	if o.Requests <= 0 {
		o.Requests = 3
	}
	lim := o.Limits.WithDefaults()
	req := o.Request
	req.Stream = true
	if req.Prompt == "" {
		req.Prompt = DefaultPrompt
	}
	if req.MaxTokens == 0 {
		req.MaxTokens = 64
	}
	l, _ := Execute(ctx, o.Doer, Plan{Request: req, Concurrency: 1, Requests: o.Requests, Warmup: 1, MaxErrors: 1, Key: o.Key})
	if l.OK == 0 {
		if l.Requests == 0 {
			return Latency{Message: "the latency benchmark was interrupted"}
		}
		return Latency{Message: fmt.Sprintf("no benchmark request succeeded (%s); the network checks say why", errorList(l.Errors))}
	}
	ttft, tpot := l.TTFT.P50, l.TPOT.P50
	out := Latency{Measured: true, Message: fmt.Sprintf("TTFT p50 %s ms, TPOT p50 %s ms over %d streamed requests (thresholds %s / %s)",
		num(ttft), num(tpot), l.OK, lim.TTFT, lim.TPOT)}
	if !l.TPOTTrusted {
		out.Message += "; the stream arrived in bursts, so TPOT is not to be trusted (stream-buffered)"
	}
	ttftHigh, tpotHigh := lim.High(fromMS(ttft), fromMS(tpot), l.TPOT.N > 0 && l.TPOTTrusted)
	var high []string
	if ttftHigh {
		high = append(high, fmt.Sprintf("TTFT p50 %s ms is above %s", num(ttft), lim.TTFT))
	}
	if tpotHigh {
		high = append(high, fmt.Sprintf("TPOT p50 %s ms is above %s", num(tpot), lim.TPOT))
	}
	if len(high) == 0 {
		return out
	}
	out.High = true
	out.Message = joinAnd(high) + " (" + out.Message + ")"
	out.Fix = catalog.Render(catalog.LatencyHigh, catalog.Slots{})
	return out
}

// fromMS is a report's milliseconds as a duration.
func fromMS(v float64) time.Duration { return time.Duration(v * float64(time.Millisecond)) }

func joinAnd(s []string) string {
	switch len(s) {
	case 0:
		return ""
	case 1:
		return s[0]
	}
	out := s[0]
	for _, x := range s[1 : len(s)-1] {
		out += ", " + x
	}
	return out + " and " + s[len(s)-1]
}

// RequestFor is the benchmark request for a profile over a protocol, with
// the key presented as the tools that speak it do (x-api-key for
// messages, as the Anthropic SDKs send it; bearer otherwise), to the
// profile's root of the protocol's API family (a vendor may serve the
// Messages API under a root of its own).
func RequestFor(p gateway.Profile, proto gateway.Protocol) probe.Request {
	auth := gateway.AuthBearer
	switch proto {
	case gateway.Messages:
		auth = gateway.AuthXAPIKey // as the Anthropic SDKs send it
	case gateway.Gemini:
		auth = gateway.AuthGoogKey // as the Gemini API's clients send it
	}
	return probe.Request{Protocol: proto, Root: p.RootOf(proto.Family()), Key: p.Key, Auth: auth, Model: p.Model,
		Stream: true, MaxTokens: 128, Prompt: DefaultPrompt}
}
