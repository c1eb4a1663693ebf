package wire

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/probe"
)

// hostOf is scheme://host:port of a URL, for messages about connections.
func hostOf(raw string) string {
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" {
		return raw
	}
	port := u.Port()
	if port == "" {
		port = map[string]string{"http": "80", "https": "443"}[u.Scheme]
	}
	return u.Hostname() + ":" + port
}

func hostname(raw string) string {
	if u, err := url.Parse(raw); err == nil && u.Hostname() != "" {
		return u.Hostname()
	}
	return raw
}

// errDetail is the transport error, for the message: ": …" or "".
func errDetail(r *probe.Result) string {
	if r == nil || r.Err == nil {
		return ""
	}
	return ": " + catalog.Clean([]byte(r.Err.Error()), 200)
}

// gatewaySays quotes the gateway's own message, as the classifier read
// it (its error message, in its own language): `: "…"` or "".
func gatewaySays(r *probe.Result) string {
	if r == nil || r.Err == nil {
		return ""
	}
	msg := errText(r)
	if _, rest, ok := strings.Cut(msg, ": "); ok && r.StatusCode != 0 && strings.HasPrefix(msg, strconv.Itoa(r.StatusCode)) {
		msg = rest // "429 too many requests: …": the status is said already
	}
	if i := strings.LastIndex(msg, " (retry after "); i > 0 {
		msg = msg[:i] // keydoctor's note, not the gateway's words
	}
	return fmt.Sprintf(": the gateway says %q", msg)
}

func errText(r *probe.Result) string {
	if r == nil || r.Err == nil {
		return ""
	}
	return catalog.Clean([]byte(r.Err.Error()), 240)
}

// deadlineOf is the time limit of the attempt's tries.
func deadlineOf(a attempt, fallback time.Duration) time.Duration {
	if a.deadline > 0 {
		return a.deadline
	}
	return fallback
}

// bodyHint quotes the start of an error body: ": {…}" or "".
func bodyHint(r *probe.Result) string {
	if r == nil || len(r.Body) == 0 {
		return ""
	}
	return ": " + catalog.Clean(r.Body, 160)
}

func orUnknown(s string) string {
	if s == "" {
		return "nothing"
	}
	return s
}

func retryAfterNote(r *probe.Result) string {
	if r.RetryAfter > 0 {
		return fmt.Sprintf("; it asks to retry after %s", r.RetryAfter)
	}
	return ""
}

func streamEvents(r *probe.Result) int {
	if r.Stream == nil {
		return 0
	}
	return r.Stream.Events
}

func streamDeltas(r *probe.Result) int {
	if r.Stream == nil {
		return 0
	}
	return len(r.Stream.Deltas)
}

// endpointSuffix is what a tool appends to its base URL.
func endpointSuffix(m Path) string { return m.tool().WillRequest("") }

// baseFor is the base URL that makes tool m request target, if it can.
func baseFor(m Path, target string) (string, bool) {
	u := strings.TrimRight(target, "/")
	if i := strings.IndexAny(u, "?#"); i >= 0 {
		u = u[:i]
	}
	suffix := endpointSuffix(m)
	if !strings.HasSuffix(u, suffix) || len(u) == len(suffix) {
		return "", false
	}
	return strings.TrimSuffix(u, suffix), true
}

// placeNote says where the tool's base URL is set: " (in ~/.config/tool/settings.json)".
func placeNote(m Path) string {
	if m.BaseSource == "" {
		return ""
	}
	return " in " + m.BaseSource
}

// keyPlace says where the tool's key comes from.
func keyPlace(m Path) string {
	if m.KeyVar != "" {
		return m.KeyVar
	}
	return "the variable the tool reads"
}
