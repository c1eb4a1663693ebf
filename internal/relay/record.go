package relay

import (
	"crypto/sha256"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/redact"
)

// Record is one request that passed through the relay. Its JSON form is
// one line of the --log file: exactly these fields, never a body, never a
// key.
type Record struct {
	Time   time.Time `json:"time"`
	Client string    `json:"client"` // User-Agent
	Method string    `json:"method"`
	Path   string    `json:"path"` // as requested, query included, secrets masked
	Model  string    `json:"model"`
	Stream bool      `json:"stream"`
	Status int       `json:"status"`
	TTFTms float64   `json:"ttft_ms"` // first token, reasoning included
	// FirstTextMS is when the first visible text arrived; it differs from
	// TTFTms for a model that reasons first (0 when no text came).
	FirstTextMS float64 `json:"first_text_ms,omitempty"`
	E2Ems       float64 `json:"e2e_ms"`
	// HeldMS is how long the relay held the request: from its last bytes'
	// arrival (the kernel's stamp, on Linux; elsewhere from when the relay
	// had read it) to its last byte written to the gateway. What the relay
	// adds to a TTFT on the request's way; 0 when it was never forwarded.
	HeldMS       float64 `json:"held_ms,omitempty"`
	OutputTokens int     `json:"output_tokens"`
	ServedModel  string  `json:"served_model"`
	Auth         string  `json:"auth"` // bearer, x-api-key, x-goog-api-key, bearer+x-api-key, none
	Mismatch     bool    `json:"mismatch"`

	// Failed: the request did not succeed (4xx/5xx, upstream unreachable,
	// an error inside the answer). Error says why when the relay knows.
	Failed bool   `json:"-"`
	Error  string `json:"-"`
	// KeySum fingerprints the key the client sent (sha256), so verify can
	// say whether it is the key the files hold without keeping the key.
	KeySum [sha256.Size]byte `json:"-"`
	// KeyMasked is the key as it may be shown (redact.Shown).
	KeyMasked string `json:"-"`
}

// KeySum fingerprints a key the way Record.KeySum does.
func KeySum(key string) [sha256.Size]byte { return sha256.Sum256([]byte(key)) }

// authOf names the kind of credential a request carries and returns the
// credentials themselves (for fingerprinting and redaction only).
func authOf(h http.Header) (kind string, keys []string) {
	var kinds []string
	if a := h.Get("Authorization"); a != "" {
		if scheme, rest, _ := strings.Cut(a, " "); strings.EqualFold(scheme, "bearer") {
			kinds, keys = append(kinds, "bearer"), append(keys, strings.TrimSpace(rest))
		} else {
			kinds, keys = append(kinds, "authorization"), append(keys, a)
		}
	}
	for _, name := range []string{"X-Api-Key", "Api-Key", "X-Goog-Api-Key"} {
		if v := h.Get(name); v != "" {
			kinds, keys = append(kinds, strings.ToLower(name)), append(keys, v)
		}
	}
	if len(kinds) == 0 {
		return "none", nil
	}
	return strings.Join(kinds, "+"), keys
}

// queryKeys are the values of the secret-looking query parameters of u
// (?key=, ?api_key=, ...): credentials too, masked wherever they appear.
func queryKeys(u *url.URL) []string {
	var out []string
	for name, vs := range u.Query() {
		if redact.SecretName(name) {
			out = append(out, vs...)
		}
	}
	return out
}

// requestURI is the request URI as logged, query included: the record
// holding it is scrubbed as a whole before it is emitted (relay.go).
func requestURI(u *url.URL) string {
	p := u.EscapedPath()
	if u.RawQuery != "" {
		p += "?" + u.RawQuery
	}
	return p
}

// SameModel reports whether got names the model want (gateway.SameModel,
// the one rule); kept because verify judges records with it.
func SameModel(want, got string) bool { return gateway.SameModel(want, got) }

// Mismatch reports whether a requested or served model is none of the
// expected ones. With no expectation nothing is a mismatch.
func Mismatch(expect []string, requested, served string) bool {
	if len(expect) == 0 {
		return false
	}
	return (requested != "" && !anySame(expect, requested)) || (served != "" && !anySame(expect, served))
}

func anySame(expect []string, got string) bool {
	for _, w := range expect {
		if gateway.SameModel(w, got) {
			return true
		}
	}
	return false
}
