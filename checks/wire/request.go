package wire

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/human"
	"github.com/keydoctor/keydoctor/internal/probe"
	"github.com/keydoctor/keydoctor/internal/stats"
)

// chatRequest is the non-streaming rung: one small request exactly as the
// tool sends it, then what the answer says about the model and usage.
func (c *climber) chatRequest(ctx context.Context) bool {
	req := c.request(false)
	a := c.do(ctx, c.opts.generation(), func(ctx context.Context) *probe.Result { return c.opts.Client.Do(ctx, req) })
	if !c.settle(req, a, stepRequest) {
		return false
	}
	code := codeOf(a.res)
	unlisted := c.listed && !c.modelListed()
	if code == catalog.ModelNotFound || (unlisted && breaks(code, catalog.RungRequest) && a.res.StatusCode/100 == 4) {
		c.drop(stepModels, doctor.OK) // the list named it, the gateway refuses it: one verdict
		return c.stop(stepModels, c.modelNotFound(req, a))
	}
	if code == catalog.ModelNoChannel {
		c.drop(stepModels, doctor.OK)
		return c.stop(stepModels, c.failure(code, req, a))
	}
	if code == catalog.EndpointNotFound || code == catalog.HTTPHTML {
		return c.stop(stepRequest, c.pathFailure(ctx, req, a, code))
	}
	if code != "" {
		return c.stop(stepRequest, c.failure(code, req, a))
	}
	if unlisted {
		c.add(stepModels, "", doctor.Info, fmt.Sprintf("%s is served although the model list at %s does not name it", c.route.Model, c.route.ModelsURL()), nil, nil)
	}
	res := a.res
	verdict := gateway.CompareModels(c.route.Model, res.Model)
	switch verdict {
	case gateway.ModelAlias:
		c.add(stepRequest, catalog.ModelMismatch, doctor.Info,
			fmt.Sprintf("asked for %s, the answer names %s: a dated or pinned alias of the same model", c.route.Model, res.Model), c.evidence(req, a), nil)
	case gateway.ModelOther:
		c.add(stepRequest, catalog.ModelMismatch, doctor.Error,
			fmt.Sprintf("asked for %s, the answer names %s: the gateway substituted another model", c.route.Model, res.Model),
			c.evidence(req, a), func(m Path) catalog.Slots {
				s := toolSlots(m, catalog.Slots{})
				s.Command = "keydoctor verify " + string(m.Tool)
				return s
			})
	}
	if !res.Usage.FromServer {
		c.add(stepRequest, catalog.UsageMissing, doctor.Warning, "the answer reports no token usage", c.evidence(req, a), nil)
	}
	named := "the answer names no model"
	if res.Model != "" {
		named = "answered as " + res.Model
	}
	c.add(stepRequest, "", doctor.OK, fmt.Sprintf("%s %s: %d, %s in %s%s", res.Method, res.URL, res.StatusCode, named,
		human.Duration(res.Timings.End), tokenNote(res.Usage)), nil, nil)
	return true
}

// streamRequest is the streaming rung, followed by the latency rung.
func (c *climber) streamRequest(ctx context.Context) {
	req := c.request(true)
	a := c.do(ctx, c.opts.generation(), func(ctx context.Context) *probe.Result { return c.opts.Client.Do(ctx, req) })
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
		c.stop(stepStream, c.failure(catalog.StreamNotSSE, req, a))
		return
	}
	if st.ErrorEvent != "" {
		c.stop(stepStream, c.failure(catalog.ErrorIn200, req, a))
		return
	}
	if !st.Terminated {
		c.stop(stepStream, c.failure(catalog.StreamUnterminated, req, a))
		return
	}
	if st.EmptyChoices > 0 {
		c.add(stepStream, catalog.StreamEmptyChoices, doctor.Warning,
			fmt.Sprintf("%d chunk(s) of the stream carry \"choices\": []", st.EmptyChoices),
			c.evidence(req, a), nil)
	}
	if st.Usage == nil || !st.Usage.FromServer {
		c.add(stepStream, catalog.UsageMissing, doctor.Warning, "the stream reports no token usage", c.evidence(req, a), nil)
	}
	m := measure(res)
	buffered := probe.Buffered(st)
	if buffered {
		c.add(stepStream, catalog.StreamBuffered, doctor.Warning,
			fmt.Sprintf("all %s arrived in one burst after %s: something between keydoctor and the model buffers the stream", human.Count(len(st.Deltas), "delta", "deltas"), human.Duration(res.Timings.FirstDelta)),
			c.evidence(req, a), nil)
	}
	c.add(stepStream, "", doctor.OK, fmt.Sprintf("%s, terminated; %s, TPOT %s over %s (%s)", human.Count(len(st.Deltas), "delta", "deltas"), m.firsts(), human.Duration(m.tpot), human.Count(m.tokens, "token", "tokens"), m.tokenSource), nil, nil)
	c.latency(req, a, m, buffered)
}

// latency is the last rung: the first token a user sees (the first text:
// a reasoning model's thinking is invisible) and TPOT against the
// thresholds.
func (c *climber) latency(req probe.Request, a attempt, m measured, buffered bool) {
	var slow []string
	ttftHigh, tpotHigh := stats.Limits{TTFT: c.opts.MaxTTFT, TPOT: c.opts.MaxTPOT}.High(m.perceived(), m.tpot, !buffered && m.tokens > 1)
	if ttftHigh {
		slow = append(slow, fmt.Sprintf("%s %s is above %s", m.perceivedName(), human.Duration(m.perceived()), human.Duration(c.opts.MaxTTFT)))
	}
	if tpotHigh {
		slow = append(slow, fmt.Sprintf("TPOT %s is above %s", human.Duration(m.tpot), human.Duration(c.opts.MaxTPOT)))
	}
	if len(slow) == 0 {
		c.add(stepLatency, "", doctor.OK, fmt.Sprintf("%s %s (limit %s), TPOT %s (limit %s)", m.perceivedName(), human.Duration(m.perceived()), human.Duration(c.opts.MaxTTFT), human.Duration(m.tpot), human.Duration(c.opts.MaxTPOT)), nil, nil)
		return
	}
	reason := ""
	if m.reasoned() {
		reason = fmt.Sprintf("; the model reasons first: first token after %s", human.Duration(m.ttft))
	}
	c.add(stepLatency, catalog.LatencyHigh, doctor.Warning, strings.Join(slow, "; ")+fmt.Sprintf(" (first byte after %s%s)", human.Duration(a.res.Timings.FirstByte), reason),
		c.evidence(req, a), nil)
}

// measured are the stream's latency figures (docs/architecture.md, Metrics).
type measured struct {
	ttft        time.Duration // first token, reasoning included
	firstText   time.Duration // first visible text
	tpot        time.Duration
	tokens      int
	tokenSource string
}

func measure(r *probe.Result) measured {
	st := r.Stream
	m := measured{ttft: r.Timings.FirstDelta, firstText: r.Timings.FirstText, tpot: st.TPOT(), tokens: len(st.Deltas), tokenSource: "deltas counted"}
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

// reasoned: reasoning came before the first text.
func (m measured) reasoned() bool { return m.firstText > m.ttft }

// perceived is the first token a user sees: the first text.
func (m measured) perceived() time.Duration {
	if m.firstText > 0 {
		return m.firstText
	}
	return m.ttft
}

func (m measured) perceivedName() string {
	if m.reasoned() {
		return "time to first text"
	}
	return "TTFT"
}

// firsts names the first token and, for a reasoning model, the first text.
func (m measured) firsts() string {
	if m.reasoned() {
		return fmt.Sprintf("TTFT %s (first reasoning token), first text %s", human.Duration(m.ttft), human.Duration(m.firstText))
	}
	return "TTFT " + human.Duration(m.ttft)
}
