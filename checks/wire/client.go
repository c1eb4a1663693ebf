package wire

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/http"
	"sync/atomic"
	"time"

	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/probe"
)

// Client is what the wire checks need from the HTTP client: one request,
// and the model list below a gateway root. ProbeClient is the real one;
// tests script their own.
type Client interface {
	Do(ctx context.Context, r probe.Request) *probe.Result
	ListModels(ctx context.Context, root, key string, auth gateway.Auth, header http.Header) ([]string, *probe.Result)
}

// ProbeClient is keydoctor's HTTP client as the wire checks use it.
type ProbeClient struct{ *probe.Client }

// ListModels asks GET {root}/v1/models with the tool's extra headers.
func (c ProbeClient) ListModels(ctx context.Context, root, key string, auth gateway.Auth, header http.Header) ([]string, *probe.Result) {
	return probe.ListModelsHeader(ctx, c.Client, root, key, auth, header)
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
	tries   int            // requests made, first one included
	retries []string       // one line per retry: why and how long it waited
	failed  []catalog.Code // the codes that caused the retries
	gaveUp  string         // why a retryable failure was not retried (again)
	// deadline is each try's time limit (the report names it when it ran
	// out)
	deadline time.Duration
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
	if a.gaveUp != "" && codeOf(a.res) != "" {
		s += "; then " + a.gaveUp
	}
	return s + ")"
}

// do makes one request, retrying what the catalog says a retry may cure
// (rate limits, an overloaded upstream, 5xx), as the policy says. Each try
// gets deadline as its own time limit; the waits between tries respect
// ctx.
func (w *wire) do(ctx context.Context, deadline time.Duration, send func(ctx context.Context) *probe.Result) attempt {
	a := attempt{deadline: deadline}
	for n := 1; ; n++ {
		rctx, cancel := context.WithTimeout(ctx, deadline)
		a.res = send(rctx)
		cancel()
		a.tries++
		w.opts.Meter.Add(a.res)
		code := codeOf(a.res)
		d := w.opts.Retry.Next(n, code, a.res.StatusCode, a.res.RetryAfter, w.jitter())
		if !d.Retry {
			if Retryable(code, a.res.StatusCode) {
				a.gaveUp = d.Why
			}
			return a
		}
		if dl, ok := ctx.Deadline(); ok && time.Until(dl) < d.Wait+deadline/4 {
			a.gaveUp = fmt.Sprintf("no time left to wait %s", d.Wait.Round(time.Millisecond))
			return a
		}
		a.retries = append(a.retries, fmt.Sprintf("%s (%d), waited %s", code, a.res.StatusCode, d.Why))
		a.failed = append(a.failed, code)
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
