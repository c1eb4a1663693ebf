package discover

import (
	"net/http"
	"strings"

	"golang.org/x/net/http/httpguts"
)

// Header is an extra header a tool is configured to send with each of
// its requests (Claude Code's ANTHROPIC_CUSTOM_HEADERS, Codex's
// http_headers and env_http_headers): a header-routed gateway (Portkey's
// x-portkey-provider) answers a request without it with a 400, so the
// probes send it too. Value carries where it is set.
type Header struct {
	Name  string
	Value Value
}

// Secret reports whether the header carries a credential by its name
// (x-portkey-api-key, authorization, a token): its value is masked
// wherever it is shown. Narrower than redact.SecretName, which hides any
// name holding "key": x-portkey-provider's "anthropic" would then be
// masked in every line of the run's output.
func (h Header) Secret() bool {
	n := strings.ToLower(h.Name)
	if strings.HasSuffix(n, "-key") || strings.HasSuffix(n, "_key") || n == "key" {
		return true
	}
	for _, w := range []string{"authorization", "token", "secret", "password", "cookie", "apikey", "api-key", "api_key", "credential", "signature"} {
		if strings.Contains(n, w) {
			return true
		}
	}
	return false
}

// HTTPHeader is the headers as a request carries them (nil for none).
func HTTPHeader(hs []Header) http.Header {
	if len(hs) == 0 {
		return nil
	}
	out := http.Header{}
	for _, h := range hs {
		out.Add(h.Name, h.Value.Value)
	}
	return out
}

// HeaderLines parses a variable of header lines, "Name: value" one a line
// (Claude Code's ANTHROPIC_CUSTOM_HEADERS): a line without a colon or with
// an empty name is skipped, as the tool skips it; name and value are
// trimmed. Each header keeps the variable's source.
func HeaderLines(v Value) []Header {
	var out []Header
	for _, line := range strings.Split(v.Value, "\n") {
		name, value, ok := strings.Cut(line, ":")
		name, value = strings.TrimSpace(name), strings.TrimSpace(value)
		// A value no client can send (a CR inside it, another control
		// byte) is no header: net/http would refuse the whole request.
		if !ok || name == "" || !validHeaderName(name) || !httpguts.ValidHeaderFieldValue(value) {
			continue
		}
		out = append(out, Header{Name: name, Value: Value{Value: value, Source: v.Source}})
	}
	return out
}

// validHeaderName: an HTTP token (RFC 9110), what a client can send.
func validHeaderName(name string) bool {
	for _, r := range name {
		if r > 126 || r <= 32 || strings.ContainsRune(`"(),/:;<=>?@[\]{}`, r) {
			return false
		}
	}
	return true
}
