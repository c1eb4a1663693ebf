package mock

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// turn is one generation request that passed every check: what to answer
// and when.
type turn struct {
	c         *call
	req       request
	model     string // the model the answer names
	n         int    // output tokens to send
	truncated bool   // n was cut by the request's token limit
	in        int    // input tokens
	start     time.Time
	ttft      time.Duration
	tpot      time.Duration
	reasoning int // reasoning deltas before the text (reasoning-first)
	id        string
	created   int64
	release   func()
	timer     *time.Timer // wait's, reused for every event of the answer
}

// begin reads and checks a generation request and waits for a slot. It
// answers the request itself and returns nil when the turn must not run.
func (h *Handler) begin(c *call) *turn {
	req := c.req
	if c.reqErr != nil {
		h.fail(c, errBadRequest, "invalid request: "+c.reqErr.Error())
		return nil
	}
	switch {
	case c.scenario == ModelNotFound400:
		h.fail(c, errModel400, fmt.Sprintf("invalid model ID: %s", req.Model))
		return nil
	case c.scenario == ModelNotFound || !h.serves(req.Model):
		h.fail(c, errModel, modelNotFoundMessage(req.Model))
		return nil
	case c.scenario == AuthForbidden:
		h.fail(c, errForbidden, fmt.Sprintf("this key is not allowed to use model %s", req.Model))
		return nil
	case c.scenario == RateLimited:
		c.w.Header().Set("Retry-After", "2")
		h.fail(c, errRate, "Rate limit reached for requests. Please try again in 2s.")
		return nil
	case c.scenario == Flaky && h.failures.Add(1) <= int64(h.opts.FailFirst):
		c.w.Header().Set("Retry-After", "1")
		h.fail(c, errRate, "Rate limit reached for requests. Please try again in 1s.")
		return nil
	case c.scenario == BadRequest:
		h.fail(c, errBadRequest, "max_tokens is too large for this model: lower it and retry.")
		return nil
	case c.scenario == ServerError:
		h.fail(c, errServer, "The server had an error while processing your request.")
		return nil
	case c.serveCanned(false) || c.serveRouterAnswer(false) || c.serveShape():
		return nil
	}
	t := &turn{
		c: c, req: req, model: answeredModel(req.Model, c.scenario, h.opts.Models),
		n: h.opts.Tokens, in: req.inputTokens(), start: c.arrival,
		id: strconv.FormatInt(h.seq.Add(1), 10), created: c.arrival.Unix(), release: func() {},
	}
	t.ttft, t.tpot = h.timing(req.Model)
	if lim := req.limit(); lim > 0 && lim < t.n {
		t.n, t.truncated = lim, true
	}
	release, ok := h.admit(c, t.in+t.n)
	if !ok {
		return nil
	}
	t.release = release
	t.shape(h.opts)
	slots := h.sem
	if slots == nil && c.scenario == ConcurrencyWall {
		slots = h.wall
	}
	if slots != nil {
		select {
		case slots <- struct{}{}:
		default: // queued: the schedule starts when a slot frees
			if hk := c.hooks(); hk != nil && hk.queued != nil {
				hk.queued()
			}
			select {
			case slots <- struct{}{}:
				t.start = time.Now()
			case <-c.r.Context().Done():
				t.release() // the walls' count, not a slot
				return nil
			}
		}
		admitted := t.release
		t.release = func() { <-slots; admitted() }
	}
	return t
}

// answeredModel is the model id the answer names.
func answeredModel(requested, scenario string, served []string) string {
	switch scenario {
	case ModelMismatch:
		for _, m := range served {
			if m != requested {
				return m
			}
		}
		return requested + "-mini"
	case ModelDatedAlias:
		return requested + "-2024-08-06"
	case ModelEscape:
		return HostileModel
	}
	return requested
}

// HostileModel is the model id model-escape answers with: each thing a
// terminal acts on that a gateway could slip into a field keydoctor prints.
const HostileModel = "gpt-4o\x1b]52;c;cHduZWQ=\x07\x1b[2J\x1b]0;owned\x07\x1b]8;;http://evil.example/\x07link\x1b]8;;\x07\u009b31m\u202egnp.exe\u202c\u2066x\u2069\x1b[8mhidden"

func (t *turn) ctx() context.Context { return t.c.r.Context() }

// token is the text of output token i: "tok0", " tok1", " tok2"…
func token(i int) string {
	if i == 0 {
		return "tok0"
	}
	return " tok" + strconv.Itoa(i)
}

func (t *turn) text() string {
	var b strings.Builder
	for i := range t.n {
		b.WriteString(token(i))
	}
	return b.String()
}

// wait sleeps until token i is due: start+TTFT+i*TPOT, an absolute
// deadline, so the schedule does not drift with write times.
func (t *turn) wait(i int) error {
	d := time.Until(t.start.Add(t.ttft + time.Duration(i)*t.tpot))
	if d <= 0 {
		return t.ctx().Err()
	}
	// One timer per answer, not one per token: the mock is the gateway
	// of bench's measurements and shares the client's cores.
	if t.timer == nil {
		t.timer = time.NewTimer(d)
	} else {
		t.timer.Reset(d) // fired or stopped: Go 1.23 timers need no drain
	}
	timer := t.timer
	select {
	case <-timer.C:
		return nil
	case <-t.ctx().Done():
		timer.Stop()
		return t.ctx().Err()
	}
}

// stall blocks until the client goes away or the server closes.
func (t *turn) stall() { t.c.stall() }

func (c *call) stall() {
	if hk := c.hooks(); hk != nil && hk.stalled != nil {
		hk.stalled()
	}
	<-c.r.Context().Done()
	// Abort rather than return: a clean return would end the chunked body
	// properly, and a stream cut by a dying gateway must not look whole.
	panic(http.ErrAbortHandler)
}

// stallAt says whether a timeout-stream answer stalls before token i.
func (t *turn) stallAt(i int) bool { return t.c.scenario == TimeoutStream && i == t.n/2 }

func (t *turn) usage() bool { return t.c.scenario != UsageMissing }

// respondJSON sends a non-streaming answer when its last token is due. A
// timeout-stream answer sends half the body and stalls.
func (t *turn) respondJSON(v any) {
	if t.wait(max(t.reasoning+t.n-1, 0)) != nil {
		return
	}
	if t.c.scenario != TimeoutStream {
		writeJSON(t.c.w, http.StatusOK, v)
		return
	}
	b, _ := json.Marshal(v)
	t.c.w.Header().Set("Content-Type", "application/json")
	t.c.w.WriteHeader(http.StatusOK)
	t.c.w.Write(b[:len(b)/2])
	http.NewResponseController(t.c.w).Flush()
	t.stall()
}

// sse writes server-sent events, flushing each one, or, for
// stream-buffered, keeping them all for one write at the end.
type sse struct {
	w        http.ResponseWriter
	rc       *http.ResponseController
	buffered bool
	buf      []byte
	err      error
	dueTurn  *turn // when set, the next event waits for token dueAt's deadline
	dueAt    int
	line     []byte // the event being written, reused
}

// due makes the next event wait for token i's deadline, after it is
// encoded, so encoding time does not add to the schedule.
func (s *sse) due(t *turn, i int) { s.dueTurn, s.dueAt = t, i }

func (t *turn) openSSE() *sse {
	h := t.c.w.Header()
	h.Set("Content-Type", "text/event-stream; charset=utf-8")
	h.Set("Cache-Control", "no-cache")
	h.Set("X-Accel-Buffering", "no")
	t.c.w.WriteHeader(http.StatusOK)
	s := &sse{w: t.c.w, rc: http.NewResponseController(t.c.w), buffered: t.c.scenario == StreamBuffered}
	s.err = s.rc.Flush()
	return s
}

// event sends one event; name "" sends a data-only event (chat).
func (s *sse) event(name string, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		s.err = errors.Join(s.err, err)
		return
	}
	frame(s, name, b)
}

func (s *sse) raw(name, data string) { frame(s, name, data) }

// frame sends "event: name" (when named) and "data: data" as one event.
func frame[T string | []byte](s *sse, name string, data T) {
	if s.err != nil {
		return
	}
	e := s.line[:0]
	if name != "" {
		e = append(append(append(e, "event: "...), name...), '\n')
	}
	e = append(append(append(e, "data: "...), data...), "\n\n"...)
	s.send(e)
}

// send writes one encoded event when it is due.
func (s *sse) send(e []byte) {
	s.line = e[:0]
	if t := s.dueTurn; t != nil {
		s.dueTurn = nil
		if s.err = t.wait(s.dueAt); s.err != nil {
			return
		}
	}
	if s.buffered {
		s.buf = append(s.buf, e...)
		return
	}
	if _, s.err = s.w.Write(e); s.err == nil {
		s.err = s.rc.Flush()
	}
}

// close writes what a buffered stream kept.
func (s *sse) close() {
	if s.buffered && s.err == nil && len(s.buf) > 0 {
		if _, s.err = s.w.Write(s.buf); s.err == nil {
			s.err = s.rc.Flush()
		}
	}
}

func readBody(c *call) ([]byte, error) {
	body, err := io.ReadAll(io.LimitReader(c.r.Body, maxBody+1))
	if err != nil {
		return nil, fmt.Errorf("could not read the request body: %w", err)
	}
	if len(body) > maxBody {
		return nil, errors.New("request body too large")
	}
	return body, nil
}
