package checks

import (
	"context"
	"fmt"
	"math/rand/v2"
	"sync/atomic"
	"time"

	"github.com/keydoctor/keydoctor/internal/probe"
)

// Client is what the wire checks need from the HTTP client: one request,
// the model list, and the curl command equivalent to a request.
type Client interface {
	Do(ctx context.Context, r probe.Request) *probe.Result
	ListModels(ctx context.Context, r probe.Request) ([]string, *probe.Result)
	Curl(r probe.Request, keyVar string) string
}

// Meter counts what the wire checks cost, across checks running in
// parallel: the report says how many requests and tokens a doctor run used.
type Meter struct {
	requests atomic.Int64
	tokens   atomic.Int64
}

func (m *Meter) add(r *probe.Result) {
	if m == nil || r == nil {
		return
	}
	m.requests.Add(1)
	m.tokens.Add(int64(r.Usage.InputTokens + r.Usage.OutputTokens))
}

// Requests is how many HTTP requests were made, retries included.
func (m *Meter) Requests() int { return int(m.requests.Load()) }

// Tokens is how many tokens the answers reported (input plus output).
func (m *Meter) Tokens() int { return int(m.tokens.Load()) }

// attempt is one request with its retries.
type attempt struct {
	res     *probe.Result
	tries   int      // requests made, first one included
	retries []string // one line per retry: why and how long it waited
	failed  []int    // the statuses that caused the retries
}

// retryNote describes the retries for a finding's message, or "".
func (a attempt) retryNote() string {
	if len(a.retries) == 0 {
		return ""
	}
	s := fmt.Sprintf(" (%d retries:", len(a.retries))
	for i, r := range a.retries {
		if i > 0 {
			s += ";"
		}
		s += " " + r
	}
	return s + ")"
}

// do makes one request, retrying 429 and 5xx as the policy says. Each
// try gets its own deadline; the waits between tries respect ctx.
func (w *wire) do(ctx context.Context, req probe.Request, list bool) (attempt, []string) {
	var a attempt
	var models []string
	for n := 1; ; n++ {
		rctx, cancel := context.WithTimeout(ctx, w.opts.Timeout)
		if list {
			models, a.res = w.opts.Client.ListModels(rctx, req)
		} else {
			a.res = w.opts.Client.Do(rctx, req)
		}
		cancel()
		a.tries++
		w.opts.Meter.add(a.res)
		d := w.opts.Retry.Next(n, a.res.StatusCode, a.res.RetryAfter, w.jitter())
		if !d.Retry {
			if n > 1 && Retryable(a.res.StatusCode) {
				a.retries = append(a.retries, d.Why)
			}
			return a, models
		}
		if dl, ok := ctx.Deadline(); ok && time.Until(dl) < d.Wait+w.opts.Timeout/4 {
			a.retries = append(a.retries, fmt.Sprintf("status %d, no time left to wait %s", a.res.StatusCode, d.Wait.Round(time.Millisecond)))
			return a, models
		}
		a.retries = append(a.retries, fmt.Sprintf("status %d, waited %s", a.res.StatusCode, d.Why))
		a.failed = append(a.failed, a.res.StatusCode)
		t := time.NewTimer(d.Wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return a, models
		case <-t.C:
		}
	}
}

func (w *wire) jitter() float64 {
	if w.opts.Rand != nil {
		return w.opts.Rand()
	}
	return rand.Float64()
}
