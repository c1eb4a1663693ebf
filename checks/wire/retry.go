package wire

import (
	"fmt"
	"time"
)

// RetryPolicy says when a failed request is worth repeating. Only a rate
// limit (429) or a transient server failure (5xx) is: any other 4xx will
// fail the same way again, and a retry would only cost the user a request.
type RetryPolicy struct {
	Max  int           // retries after the first attempt
	Base time.Duration // backoff before the first retry, doubled each time
	Cap  time.Duration // longest wait, Retry-After included
}

// DefaultRetry retries twice, waiting about 250 ms then 500 ms, and never
// more than 5 s even when the server asks for longer.
var DefaultRetry = RetryPolicy{Max: 2, Base: 250 * time.Millisecond, Cap: 5 * time.Second}

// Retryable reports whether a status is worth retrying. 501 and 505 say the
// server will never do it; the other 5xx may be transient.
func Retryable(status int) bool {
	switch {
	case status == 429:
		return true
	case status == 501 || status == 505:
		return false
	case status >= 500 && status <= 599:
		return true
	}
	return false
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
// answer with the given status and Retry-After (0 when absent). jitter is a
// random number in [0, 1): the wait is drawn from the upper half of the
// exponential step ("equal jitter"), so that clients that failed together
// do not retry together, yet every retry waits at least half its step. A
// Retry-After is a minimum: the wait is the larger of it and the backoff.
// A Retry-After beyond the cap is not waited for at all: waiting the cap
// would only fail again.
func (p RetryPolicy) Next(n, status int, retryAfter time.Duration, jitter float64) RetryDecision {
	if !Retryable(status) {
		return RetryDecision{Why: fmt.Sprintf("status %d is not retried", status)}
	}
	if n > p.Max {
		return RetryDecision{Why: fmt.Sprintf("gave up after %d retries", p.Max)}
	}
	if retryAfter > p.Cap {
		return RetryDecision{Why: fmt.Sprintf("Retry-After %s is longer than the %s keydoctor waits", retryAfter, p.Cap)}
	}
	step := p.Base << (n - 1)
	if jitter < 0 || jitter >= 1 {
		jitter = 0
	}
	wait := step/2 + time.Duration(float64(step/2)*jitter)
	why := fmt.Sprintf("backoff %s", wait.Round(time.Millisecond))
	if retryAfter > wait {
		wait = retryAfter
		why = fmt.Sprintf("Retry-After %s", retryAfter)
	}
	if wait > p.Cap {
		wait = p.Cap
		why += fmt.Sprintf(", capped at %s", p.Cap)
	}
	return RetryDecision{Retry: true, Wait: wait, Why: why}
}
