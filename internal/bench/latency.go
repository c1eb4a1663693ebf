package bench

import (
	"context"
	"fmt"
	"time"

	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/probe"
	"github.com/keydoctor/keydoctor/internal/tools"
)

// Thresholds above which latency is high (docs/architecture.md, Metrics; the seeds' defaults).
type Thresholds struct {
	TTFT time.Duration // default 800ms
	TPOT time.Duration // default 50ms
}

// DefaultThresholds are the seeds' figures.
var DefaultThresholds = Thresholds{TTFT: 800 * time.Millisecond, TPOT: 50 * time.Millisecond}

// LatencyOptions configure the doctor's latency micro-benchmark.
type LatencyOptions struct {
	Doer       Doer
	Request    probe.Request // Stream is forced on: TTFT needs a stream
	Key        string        // redacted from messages
	Requests   int           // default 3
	Thresholds Thresholds    // zero fields take the defaults
}

// NewLatencyCheck is the `latency` check of `doctor --bench`: a few
// streamed requests at concurrency 1, and latency-high when TTFT p50 or
// TPOT p50 is above its threshold.
func NewLatencyCheck(o LatencyOptions) doctor.Check {
	return doctor.CheckFunc{CheckName: "latency", Fn: func(ctx context.Context, _ *env.Env) []doctor.Finding {
		return []doctor.Finding{latencyFinding(ctx, o)}
	}}
}

func latencyFinding(ctx context.Context, o LatencyOptions) doctor.Finding {
	if o.Requests <= 0 {
		o.Requests = 3
	}
	if o.Thresholds.TTFT <= 0 {
		o.Thresholds.TTFT = DefaultThresholds.TTFT
	}
	if o.Thresholds.TPOT <= 0 {
		o.Thresholds.TPOT = DefaultThresholds.TPOT
	}
	req := o.Request
	req.Stream = true
	if req.Prompt == "" {
		req.Prompt = DefaultPrompt
	}
	if req.MaxTokens == 0 {
		req.MaxTokens = 64
	}
	l, _ := Execute(ctx, o.Doer, Plan{Request: req, Concurrency: 1, Requests: o.Requests, Warmup: 1, MaxErrors: 1, Key: o.Key})
	f := doctor.Finding{Check: "latency", Code: catalog.LatencyHigh}
	if l.OK == 0 {
		f.Status = doctor.Skipped
		f.Message = fmt.Sprintf("no benchmark request succeeded (%s); the network checks say why", errorList(l.Errors))
		if l.Requests == 0 {
			f.Message = "the latency benchmark was interrupted"
		}
		return f
	}
	ttft, tpot := l.TTFT.P50, l.TPOT.P50
	f.Message = fmt.Sprintf("TTFT p50 %s ms, TPOT p50 %s ms over %d streamed requests (thresholds %s / %s)",
		num(ttft), num(tpot), l.OK, o.Thresholds.TTFT, o.Thresholds.TPOT)
	if !l.TPOTTrusted {
		f.Message += "; the stream arrived in bursts, so TPOT is not to be trusted (stream-buffered)"
	}
	var high []string
	if ttft > ms(o.Thresholds.TTFT) {
		high = append(high, fmt.Sprintf("TTFT p50 %s ms is above %s", num(ttft), o.Thresholds.TTFT))
	}
	if l.TPOT.N > 0 && l.TPOTTrusted && tpot > ms(o.Thresholds.TPOT) {
		high = append(high, fmt.Sprintf("TPOT p50 %s ms is above %s", num(tpot), o.Thresholds.TPOT))
	}
	if len(high) == 0 {
		f.Status = doctor.OK
		return f
	}
	f.Status = doctor.Warning
	f.Message = joinAnd(high) + " (" + f.Message + ")"
	f.Fix = "run 'keydoctor bench --sweep auto' to see whether requests queue at the gateway (TTFT up, TPOT flat) or the model itself is slow; try a closer region or a smaller model"
	return f
}

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

// NewProfileLatencyCheck is NewLatencyCheck for a profile: the request
// goes to the profile's gateway over proto, and the probe client is built
// when the check runs, from the environment it is given (proxy variables).
func NewProfileLatencyCheck(p gateway.Profile, proto gateway.Protocol, th Thresholds, timeout time.Duration) doctor.Check {
	return doctor.CheckFunc{CheckName: "latency", Fn: func(ctx context.Context, e *env.Env) []doctor.Finding {
		var getenv func(string) string
		if e != nil {
			getenv = e.Getenv
		}
		c, err := probe.NewClient(probe.Options{Getenv: getenv, MaxConnsPerHost: 1, Timeout: timeout})
		if err != nil {
			return []doctor.Finding{{Check: "latency", Code: catalog.LatencyHigh, Status: doctor.Failed, Message: "cannot build the HTTP client: " + err.Error()}}
		}
		defer c.Close()
		o := LatencyOptions{Doer: c, Request: RequestFor(p, proto), Key: p.Key, Thresholds: th}
		return []doctor.Finding{latencyFinding(ctx, o)}
	}}
}

// RequestFor is the benchmark request for a profile over a protocol, with
// the key presented as the tools that speak it do (x-api-key for
// messages, as the Anthropic SDKs send it; bearer otherwise).
func RequestFor(p gateway.Profile, proto gateway.Protocol) probe.Request {
	auth := gateway.AuthBearer
	switch proto {
	case gateway.Messages:
		auth = tools.Wire(gateway.AnthropicSDK).Auth
	case gateway.Gemini:
		auth = tools.Wire(gateway.GeminiCLI).Auth // x-goog-api-key
	}
	return probe.Request{Protocol: proto, Root: p.BaseURL, Key: p.Key, Auth: auth, Model: p.Model,
		Stream: true, MaxTokens: 128, Prompt: DefaultPrompt}
}
