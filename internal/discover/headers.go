package discover

import (
	"net/http"
	"slices"
	"strings"

	"github.com/tidwall/gjson"
	"golang.org/x/net/http/httpguts"
)

// Header is an extra header a tool is configured to send with each of
// its requests (a custom-headers variable, a provider's http_headers
// and env_http_headers): a header-routed gateway (Portkey's
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
// (ANTHROPIC_CUSTOM_HEADERS): a line without a colon or with
// an empty name is skipped, as the tool skips it; name and value are
// trimmed. Each header keeps the variable's source.
func HeaderLines(v Value) []Header {
	var out []Header
	for _, line := range strings.Split(v.Value, "\n") {
		name, value, ok := strings.Cut(line, ":")
		name, value = strings.TrimSpace(name), strings.TrimSpace(value)
		// A value no client can send (a CR inside it, another control
		// byte) is no header: net/http would refuse the whole request.
		if !ok || !Sendable(name, value) {
			continue
		}
		out = append(out, Header{Name: name, Value: Value{Value: value, Source: v.Source}})
	}
	return out
}

// Sendable reports whether a request can carry the header: a name that
// is an HTTP token, a value without CR, LF or another control byte
// (net/http would refuse the whole request; the tools' clients skip or
// fail on it).
func Sendable(name, value string) bool {
	return name != "" && validHeaderName(name) && httpguts.ValidHeaderFieldValue(value)
}

// HeaderList parses a variable of "Name: value" pairs separated by sep
// where sep is followed by the next pair's name and colon ("a: 1, b: 2"
// with sep ",", a comma inside a value kept).
// Each header keeps the variable's source.
func HeaderList(v Value, sep string) []Header {
	var parts []string
	rest := v.Value
	for {
		i := nextPair(rest, sep)
		if i < 0 {
			parts = append(parts, rest)
			break
		}
		parts = append(parts, rest[:i])
		rest = rest[i+len(sep):]
	}
	var out []Header
	for _, p := range parts {
		name, value, ok := strings.Cut(p, ":")
		name, value = strings.TrimSpace(name), strings.TrimSpace(value)
		if ok && Sendable(name, value) {
			out = append(out, Header{Name: name, Value: Value{Value: value, Source: v.Source}})
		}
	}
	return out
}

// nextPair is the index of the first sep in s that a header name and its
// colon follow, -1 for none.
func nextPair(s, sep string) int {
	for off := 0; ; {
		i := strings.Index(s[off:], sep)
		if i < 0 {
			return -1
		}
		at := off + i
		name, _, ok := strings.Cut(s[at+len(sep):], ":")
		if name = strings.TrimSpace(name); ok && name != "" && validHeaderName(name) {
			return at
		}
		off = at + len(sep)
	}
}

// Headers are the members of the JSON object at path, "Name": "value"
// (a provider's options.headers, extra_headers or headers), in the
// file's order, each with its line; key is how
// the object is named (provider.gw.options.headers). A member that is not
// a string, or that no request can carry, is skipped: the tools' clients
// skip or refuse it.
func (d *JSONDoc) Headers(path, key string) []Header {
	var out []Header
	d.Get(path).ForEach(func(k, v gjson.Result) bool {
		if v.Type == gjson.String && Sendable(k.String(), v.String()) {
			out = append(out, Header{Name: k.String(), Value: Value{Value: v.String(), Source: d.Source(v, key+"."+k.String())}})
		}
		return true
	})
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

// MergeHeaders are the headers of two config layers merged as the tools
// merge their layers, key by key: a header of the higher layer replaces the one of
// the same name (HTTP names are case-insensitive) below it.
func MergeHeaders(below, above []Header) []Header {
	out := slices.Clone(below)
	for _, h := range above {
		i := slices.IndexFunc(out, func(o Header) bool { return strings.EqualFold(o.Name, h.Name) })
		if i >= 0 {
			out[i] = h
			continue
		}
		out = append(out, h)
	}
	return out
}
