package wire

import (
	"fmt"
	"net/http"
	"time"

	"github.com/keydoctor/keydoctor/internal/catalog"
)

// RetryPolicy says when a failed request is worth repeating: when the
// catalog says a later try may succeed (a rate limit, an overloaded
// upstream, a transient server failure). A refusal (a bad key, no quota,
// no channel for the model) fails the same way again, and a retry would
// only cost the user a request.
type RetryPolicy struct {
	Max  int           // retries after the first attempt
	Base time.Duration // backoff before the first retry, doubled each time
	Cap  time.Duration // longest wait, the gateway's own included
}

// DefaultRetry retries twice, waiting about 250 ms then 500 ms, and never
// more than 5 s even when the server asks for longer.
var DefaultRetry = RetryPolicy{Max: 2, Base: 250 * time.Millisecond, Cap: 5 * time.Second}

// Retryable reports whether an answer with this code and status is worth
// retrying. 501 and 505 say the server will never do it.
func Retryable(code catalog.Code, status int) bool {
	if status == http.StatusNotImplemented || status == http.StatusHTTPVersionNotSupported {
		return false
	}
	return catalog.Of(code).Retry
}

// RetryDecision is the policy's answer for one failed attempt.
type RetryDecision struct {
	Retry bool
	Wait  time.Duration
	// Why explains a decision not to retry, or how the wait was chosen; it
	// goes into the report so that every retry (and every non-retry) shows.
	Why string
}

// Next decides about retry number n (1 for the first retry) after an
// answer with the given code and status, and the wait the gateway asked
// for (0 when it named none: Retry-After, the rate-limit reset headers or
// "try again in 20s"). jitter is a random number in [0, 1): the wait is
// drawn from the upper half of the exponential step ("equal jitter"), so
// that clients that failed together do not retry together, yet every
// retry waits at least half its step. The gateway's wait is a minimum: the
// wait is the larger of it and the backoff. A wait beyond the cap is not
// waited for at all: waiting the cap would only fail again.
func (p RetryPolicy) Next(n int, code catalog.Code, status int, asked time.Duration, jitter float64) RetryDecision {
	if !Retryable(code, status) {
		return RetryDecision{Why: fmt.Sprintf("%s (%d) is not retried", code, status)}
	}
	if n > p.Max {
		return RetryDecision{Why: fmt.Sprintf("gave up after %d retries", p.Max)}
	}
	if asked > p.Cap {
		return RetryDecision{Why: fmt.Sprintf("the gateway asks to wait %s, longer than the %s keydoctor waits", asked, p.Cap)}
	}
	step := p.Base << (n - 1)
	if jitter < 0 || jitter >= 1 {
		jitter = 0
	}
	wait := step/2 + time.Duration(float64(step/2)*jitter)
	why := fmt.Sprintf("backoff %s", wait.Round(time.Millisecond))
	if asked > wait {
		wait = asked
		why = fmt.Sprintf("the %s the gateway asked for", asked)
	}
	if wait > p.Cap {
		wait = p.Cap
		why += fmt.Sprintf(", capped at %s", p.Cap)
	}
	return RetryDecision{Retry: true, Wait: wait, Why: why}
}
