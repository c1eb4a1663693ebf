package checks

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/probe"
	"github.com/keydoctor/keydoctor/internal/stats"
)

// chatRequest is the non-streaming rung: one small request exactly as the
// tool sends it, then what the answer says about the model and usage.
func (c *climber) chatRequest(ctx context.Context) bool {
	req := c.request(false)
	a := c.do(ctx, func(ctx context.Context) *probe.Result { return c.opts.Client.Do(ctx, req) })
	if !c.settle(req, a, stepRequest) {
		return false
	}
	code := codeOf(a.res)
	unlisted := c.listed && !c.modelListed()
	if code == "model-not-found" || (unlisted && code != "" && a.res.StatusCode/100 == 4) {
		c.drop(stepModels, doctor.OK) // the list named it, the gateway refuses it: one verdict
		return c.stop(stepModels, c.modelNotFound(req, a))
	}
	if code == "endpoint-not-found" || code == "http-html" {
		return c.stop(stepRequest, c.pathFailure(ctx, req, a, code))
	}
	if code != "" {
		return c.stop(stepRequest, c.failure(code, req, a))
	}
	if unlisted {
		c.add(stepModels, "", doctor.Info, fmt.Sprintf("%s is served although the model list at %s does not name it", c.route.Model, c.route.ModelsURL()), "", nil, nil)
	}
	res := a.res
	verdict := gateway.CompareModels(c.route.Model, res.Model)
	switch verdict {
	case gateway.ModelAlias:
		c.add(stepRequest, "model-mismatch", doctor.Info,
			fmt.Sprintf("asked for %s, the answer names %s: a dated or pinned alias of the same model", c.route.Model, res.Model), "", c.evidence(req, a), nil)
	case gateway.ModelOther:
		c.add(stepRequest, "model-mismatch", doctor.Error,
			fmt.Sprintf("asked for %s, the answer names %s: the gateway substituted another model", c.route.Model, res.Model),
			"", c.evidence(req, a), func(m Path) string {
				return fmt.Sprintf("check the gateway's model mapping or routing for %s (some gateways fall back to a default model when a model is unavailable); then run 'keydoctor verify %s' to see which model the tool itself gets", c.route.Model, m.Tool)
			})
	}
	if !res.Usage.FromServer {
		c.add(stepRequest, "usage-missing", doctor.Warning, "the answer reports no token usage", usageFix, c.evidence(req, a), nil)
	}
	named := "the answer names no model"
	if res.Model != "" {
		named = "answered as " + res.Model
	}
	c.add(stepRequest, "", doctor.OK, fmt.Sprintf("%s %s: %d, %s in %s%s", res.Method, res.URL, res.StatusCode, named,
		ms(res.Timings.End), tokenNote(res.Usage)), "", nil, nil)
	return true
}

const usageFix = "tools that track cost or context (Claude Code, Codex) read zero tokens; ask the gateway to return usage (for chat streams it must honour stream_options.include_usage)"

// streamRequest is the streaming rung, followed by the latency rung.
func (c *climber) streamRequest(ctx context.Context) {
	req := c.request(true)
	a := c.do(ctx, func(ctx context.Context) *probe.Result { return c.opts.Client.Do(ctx, req) })
	if !c.settle(req, a, stepStream) {
		return
	}
	res := a.res
	if code := codeOf(res); code != "" { // what arrived but is merely odd is in the stream, below
		c.stop(stepStream, c.failure(code, req, a))
		return
	}
	st := res.Stream
	if st == nil {
		c.stop(stepStream, c.failure("stream-not-sse", req, a))
		return
	}
	if st.ErrorEvent != "" {
		c.stop(stepStream, c.failure("error-in-200", req, a))
		return
	}
	if !st.Terminated {
		c.stop(stepStream, c.failure("stream-unterminated", req, a))
		return
	}
	if st.EmptyChoices > 0 {
		c.add(stepStream, "stream-empty-choices", doctor.Warning,
			fmt.Sprintf("%d chunk(s) of the stream carry \"choices\": []", st.EmptyChoices),
			"clients that read choices[0] of every chunk crash on such a chunk (\"cannot read properties of undefined\"); the gateway should send usage-only chunks only when stream_options.include_usage asks for them", c.evidence(req, a), nil)
	}
	if st.Usage == nil || !st.Usage.FromServer {
		c.add(stepStream, "usage-missing", doctor.Warning, "the stream reports no token usage", usageFix, c.evidence(req, a), nil)
	}
	m := measure(res)
	buffered := probe.Buffered(st)
	if buffered {
		c.add(stepStream, "stream-buffered", doctor.Warning,
			fmt.Sprintf("all %d deltas arrived in one burst after %s: something between keydoctor and the model buffers the stream", len(st.Deltas), ms(res.Timings.FirstDelta)),
			"a proxy, CDN or compression layer is buffering server-sent events: for nginx set 'proxy_buffering off' (or send 'X-Accel-Buffering: no'), turn off gzip for text/event-stream, or bypass the proxy (NO_PROXY)",
			c.evidence(req, a), nil)
	}
	c.add(stepStream, "", doctor.OK, fmt.Sprintf("%d deltas, terminated; TTFT %s, TPOT %s over %d tokens (%s)", len(st.Deltas), ms(m.ttft), ms(m.tpot), m.tokens, m.tokenSource), "", nil, nil)
	c.latency(req, a, m, buffered)
}

// latency is the last rung: TTFT and TPOT against the thresholds.
func (c *climber) latency(req probe.Request, a attempt, m measured, buffered bool) {
	var slow []string
	ttftHigh, tpotHigh := stats.Limits{TTFT: c.opts.MaxTTFT, TPOT: c.opts.MaxTPOT}.High(m.ttft, m.tpot, !buffered && m.tokens > 1)
	if ttftHigh {
		slow = append(slow, fmt.Sprintf("TTFT %s is above %s", ms(m.ttft), ms(c.opts.MaxTTFT)))
	}
	if tpotHigh {
		slow = append(slow, fmt.Sprintf("TPOT %s is above %s", ms(m.tpot), ms(c.opts.MaxTPOT)))
	}
	if len(slow) == 0 {
		c.add(stepLatency, "", doctor.OK, fmt.Sprintf("TTFT %s (limit %s), TPOT %s (limit %s)", ms(m.ttft), ms(c.opts.MaxTTFT), ms(m.tpot), ms(c.opts.MaxTPOT)), "", nil, nil)
		return
	}
	c.add(stepLatency, "latency-high", doctor.Warning, strings.Join(slow, "; ")+fmt.Sprintf(" (first byte after %s)", ms(a.res.Timings.FirstByte)),
		"one request is one sample: run 'keydoctor bench' for percentiles; a slow first byte points at the gateway or upstream queueing, a slow TPOT at the model or a congested route; a nearer region or a smaller model helps",
		c.evidence(req, a), nil)
}

// measured are the stream's latency figures (design.md §5).
type measured struct {
	ttft, tpot  time.Duration
	tokens      int
	tokenSource string
}

func measure(r *probe.Result) measured {
	st := r.Stream
	m := measured{ttft: r.Timings.FirstDelta, tpot: st.TPOT(), tokens: len(st.Deltas), tokenSource: "deltas counted"}
	if st.Usage != nil && st.Usage.FromServer && st.Usage.OutputTokens > 0 {
		m.tokens, m.tokenSource = st.Usage.OutputTokens, "server's count"
	}
	return m
}

func tokenNote(u probe.Usage) string {
	if !u.FromServer {
		return ""
	}
	return fmt.Sprintf(", %d+%d tokens", u.InputTokens, u.OutputTokens)
}

func ms(d time.Duration) string {
	switch {
	case d <= 0:
		return "0ms"
	case d < time.Millisecond:
		return d.Round(10 * time.Microsecond).String()
	case d < time.Second:
		return d.Round(100 * time.Microsecond).String()
	}
	return d.Round(10 * time.Millisecond).String()
}
