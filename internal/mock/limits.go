package mock

import (
	"fmt"
	"net/http"
	"strconv"
	"sync"
	"time"
)

// Two walls a real gateway puts in front of its models, both answered with
// 429, which a benchmark must tell apart:
//   - Options.RejectOver: at most that many generation requests at once;
//     one more is refused at once ("too many concurrent requests"), no
//     queue (MaxConcurrent queues instead);
//   - Options.TPMLimit: at most that many tokens (prompt + answer) per
//     minute, a sliding window; beyond it requests are refused with
//     OpenAI's x-ratelimit-*-tokens headers and Retry-After. Every answer
//     carries the headers, so the limit is advertised.

// limiter holds both walls' state.
type limiter struct {
	mu       sync.Mutex
	inflight int
	used     []spent // within the last minute, oldest first
	now      func() time.Time
}

type spent struct {
	at     time.Time
	tokens int
}

const tpmWindow = time.Minute

// admit decides whether a generation request of tokens passes the walls.
// It answers a refused request itself (false); an admitted one must call
// the returned release when it ends.
func (h *Handler) admit(c *call, tokens int) (release func(), ok bool) {
	o, l := h.opts, &h.limits
	if o.RejectOver <= 0 && o.TPMLimit <= 0 {
		return func() {}, true
	}
	l.mu.Lock()
	now := l.clock()
	if o.RejectOver > 0 && l.inflight >= o.RejectOver {
		l.mu.Unlock()
		c.w.Header().Set("Retry-After", "1")
		h.fail(c, errRate, fmt.Sprintf("Too many concurrent requests: at most %d at a time for this key.", o.RejectOver))
		return nil, false
	}
	if o.TPMLimit > 0 {
		l.expire(now)
		used := l.sum()
		h.tokenHeaders(c.w, o.TPMLimit-used, now)
		if used+tokens > o.TPMLimit {
			wait := l.waitFor(used+tokens-o.TPMLimit, now)
			l.mu.Unlock()
			c.w.Header().Set("Retry-After", strconv.Itoa(int(wait.Seconds()+0.999)))
			h.fail(c, errRate, fmt.Sprintf("Rate limit reached for tokens per min (TPM): Limit %d, Used %d, Requested %d. Please try again in %.1fs.",
				o.TPMLimit, used, tokens, wait.Seconds()))
			return nil, false
		}
		l.used = append(l.used, spent{now, tokens})
		c.w.Header().Set("X-Ratelimit-Remaining-Tokens", strconv.Itoa(o.TPMLimit-used-tokens))
	}
	l.inflight++
	l.mu.Unlock()
	return func() {
		l.mu.Lock()
		l.inflight--
		l.mu.Unlock()
	}, true
}

func (l *limiter) clock() time.Time {
	if l.now != nil {
		return l.now()
	}
	return time.Now()
}

// tokenHeaders advertises the TPM limit as OpenAI does. The caller holds
// the limiter's lock.
func (h *Handler) tokenHeaders(w http.ResponseWriter, remaining int, now time.Time) {
	w.Header().Set("X-Ratelimit-Limit-Tokens", strconv.Itoa(h.opts.TPMLimit))
	w.Header().Set("X-Ratelimit-Remaining-Tokens", strconv.Itoa(max(remaining, 0)))
	w.Header().Set("X-Ratelimit-Reset-Tokens", fmt.Sprintf("%.3fs", h.limits.waitFor(1, now).Seconds()))
}

// expire drops what left the window.
func (l *limiter) expire(now time.Time) {
	i := 0
	for i < len(l.used) && now.Sub(l.used[i].at) >= tpmWindow {
		i++
	}
	l.used = l.used[i:]
}

func (l *limiter) sum() int {
	n := 0
	for _, s := range l.used {
		n += s.tokens
	}
	return n
}

// waitFor is how long until need tokens have left the window. The caller
// holds the lock.
func (l *limiter) waitFor(need int, now time.Time) time.Duration {
	freed := 0
	for _, s := range l.used {
		freed += s.tokens
		if freed >= need {
			return max(s.at.Add(tpmWindow).Sub(now), 0)
		}
	}
	return tpmWindow
}
