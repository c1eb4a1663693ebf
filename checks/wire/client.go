package wire

import (
	"context"
	"fmt"
	"math/rand/v2"
	"sync/atomic"
	"time"

	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/probe"
)

// Client is what the wire checks need from the HTTP client: one request,
// and the model list below a gateway root. ProbeClient is the real one;
// tests script their own.
type Client interface {
	Do(ctx context.Context, r probe.Request) *probe.Result
	ListModels(ctx context.Context, root, key string, auth gateway.Auth) ([]string, *probe.Result)
}

// ProbeClient is keydoctor's HTTP client as the wire checks use it.
type ProbeClient struct{ *probe.Client }

// ListModels asks GET {root}/v1/models.
func (c ProbeClient) ListModels(ctx context.Context, root, key string, auth gateway.Auth) ([]string, *probe.Result) {
	return probe.ListModels(ctx, c.Client, root, key, auth)
}

// Meter counts what the wire checks cost, across checks running in
// parallel: the report says how many requests and tokens a doctor run used.
type Meter struct {
	requests atomic.Int64
	tokens   atomic.Int64
}

// Add counts one request and the tokens its answer reported.
func (m *Meter) Add(r *probe.Result) {
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
	gaveUp  string   // why a retryable failure was not retried (again)
}

// retryNote describes the retries for a finding's message, or "".
func (a attempt) retryNote() string {
	if len(a.retries) == 0 {
		if a.gaveUp != "" {
			return " (not retried: " + a.gaveUp + ")"
		}
		return ""
	}
	s := " (1 retry:"
	if len(a.retries) > 1 {
		s = fmt.Sprintf(" (%d retries:", len(a.retries))
	}
	for i, r := range a.retries {
		if i > 0 {
			s += ";"
		}
		s += " " + r
	}
	if a.gaveUp != "" && a.res.StatusCode/100 != 2 {
		s += "; then " + a.gaveUp
	}
	return s + ")"
}

// do makes one request, retrying 429 and 5xx as the policy says. Each
// try gets its own deadline; the waits between tries respect ctx.
func (w *wire) do(ctx context.Context, send func(ctx context.Context) *probe.Result) attempt {
	var a attempt
	for n := 1; ; n++ {
		rctx, cancel := context.WithTimeout(ctx, w.opts.Timeout)
		a.res = send(rctx)
		cancel()
		a.tries++
		w.opts.Meter.Add(a.res)
		d := w.opts.Retry.Next(n, a.res.StatusCode, a.res.RetryAfter, w.jitter())
		if !d.Retry {
			if Retryable(a.res.StatusCode) {
				a.gaveUp = d.Why
			}
			return a
		}
		if dl, ok := ctx.Deadline(); ok && time.Until(dl) < d.Wait+w.opts.Timeout/4 {
			a.gaveUp = fmt.Sprintf("no time left to wait %s", d.Wait.Round(time.Millisecond))
			return a
		}
		a.retries = append(a.retries, fmt.Sprintf("status %d, waited %s", a.res.StatusCode, d.Why))
		a.failed = append(a.failed, a.res.StatusCode)
		t := time.NewTimer(d.Wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return a
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
