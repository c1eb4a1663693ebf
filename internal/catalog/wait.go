package catalog

import (
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// Wait is how long a gateway asks the client to wait before it tries
// again: Retry-After (seconds or a date) or its millisecond variant; else
// the reset time of the rate limit that ran out (OpenAI's
// x-ratelimit-reset-requests/-tokens "20s", Anthropic's
// anthropic-ratelimit-*-reset dates, x-ratelimit-reset and RateLimit-Reset);
// else what the message says ("Please try again in 20s", "请 20 秒后重试").
// Zero when the answer names no wait.
func Wait(h http.Header, body []byte, now time.Time) time.Duration {
	if d := RetryAfter(h, now); d > 0 {
		return d
	}
	if d := resetWait(h, now); d > 0 {
		return d
	}
	return bodyWait(body)
}

// RetryAfter reads Retry-After (seconds or an HTTP date) and the
// millisecond variant some gateways send.
func RetryAfter(h http.Header, now time.Time) time.Duration {
	if v := h.Get("Retry-After-Ms"); v != "" {
		if ms, err := strconv.ParseFloat(v, 64); err == nil && ms > 0 {
			return time.Duration(ms * float64(time.Millisecond))
		}
	}
	v := strings.TrimSpace(h.Get("Retry-After"))
	if v == "" {
		return 0
	}
	if s, err := strconv.ParseFloat(v, 64); err == nil && s > 0 {
		return time.Duration(s * float64(time.Second))
	}
	if t, err := http.ParseTime(v); err == nil && t.After(now) {
		return t.Sub(now).Round(time.Second)
	}
	return 0
}

// resetWait reads the rate-limit reset headers. When a remaining count
// says which limit ran out, its reset counts; otherwise the longest.
func resetWait(h http.Header, now time.Time) time.Duration {
	var exhausted, any time.Duration
	note := func(remaining string, d time.Duration) {
		any = max(any, d)
		if strings.TrimSpace(remaining) == "0" {
			exhausted = max(exhausted, d)
		}
	}
	for _, kind := range []string{"requests", "tokens"} {
		note(h.Get("X-Ratelimit-Remaining-"+kind), parseSpan(h.Get("X-Ratelimit-Reset-"+kind), now))
	}
	for _, kind := range []string{"requests", "tokens", "input-tokens", "output-tokens"} {
		note(h.Get("Anthropic-Ratelimit-"+kind+"-Remaining"), parseSpan(h.Get("Anthropic-Ratelimit-"+kind+"-Reset"), now))
	}
	note(h.Get("X-Ratelimit-Remaining"), parseSpan(h.Get("X-Ratelimit-Reset"), now))
	note(h.Get("Ratelimit-Remaining"), parseSpan(h.Get("Ratelimit-Reset"), now))
	if exhausted > 0 {
		return exhausted
	}
	return any
}

// parseSpan reads a reset value in the forms gateways use: a Go-style
// duration ("20s", "6m0s", "1.5s", "20ms"), an RFC 3339 date, a Unix time
// in seconds or milliseconds, or plain seconds.
func parseSpan(v string, now time.Time) time.Duration {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0
	}
	if d, err := time.ParseDuration(v); err == nil && d > 0 {
		return d
	}
	if t, err := time.Parse(time.RFC3339, v); err == nil {
		return max(t.Sub(now).Round(time.Second), 0)
	}
	f, err := strconv.ParseFloat(v, 64)
	switch {
	case err != nil || f <= 0:
		return 0
	case f > 1e12: // Unix milliseconds (OpenRouter)
		return max(time.UnixMilli(int64(f)).Sub(now).Round(time.Second), 0)
	case f > 1e9: // Unix seconds
		return max(time.Unix(int64(f), 0).Sub(now).Round(time.Second), 0)
	}
	return time.Duration(f * float64(time.Second))
}

var (
	tryAgainRE = regexp.MustCompile(`(?i)(?:try again|retry)(?: after| in)\s+((?:\d+(?:\.\d+)?(?:ms|h|m|s))+)\b`)
	tryWordsRE = regexp.MustCompile(`(?i)(?:try again|retry)(?: after| in)\s+(\d+(?:\.\d+)?)\s*(milliseconds?|seconds?|secs?|minutes?|mins?)\b`)
	tryZhRE    = regexp.MustCompile(`(\d+(?:\.\d+)?)\s*(秒|分钟)后(?:再)?(?:重试|再试)`)
)

// bodyWait reads a wait from the message itself.
func bodyWait(body []byte) time.Duration {
	text := string(body[:min(len(body), 4096)])
	if m := tryAgainRE.FindStringSubmatch(text); m != nil {
		if d, err := time.ParseDuration(m[1]); err == nil {
			return d
		}
	}
	unit := map[string]time.Duration{"ms": time.Millisecond, "se": time.Second, "mi": time.Minute, "秒": time.Second, "分钟": time.Minute}
	if m := tryWordsRE.FindStringSubmatch(text); m != nil {
		f, _ := strconv.ParseFloat(m[1], 64)
		u := strings.ToLower(m[2])
		if strings.HasPrefix(u, "milli") {
			u = "ms"
		}
		return time.Duration(f * float64(unit[u[:2]]))
	}
	if m := tryZhRE.FindStringSubmatch(text); m != nil {
		f, _ := strconv.ParseFloat(m[1], 64)
		return time.Duration(f * float64(unit[m[2]]))
	}
	return 0
}
