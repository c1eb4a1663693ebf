package wire

import (
	"net/http"
	"strings"
	"time"

	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/human"
	"github.com/keydoctor/keydoctor/internal/probe"
	"github.com/keydoctor/keydoctor/internal/redact"
)

// sensitiveHeaders are request headers that carry the key.
var sensitiveHeaders = map[string]bool{
	"authorization": true, "x-api-key": true, "api-key": true, "proxy-authorization": true,
}

// NewEvidence records what one request saw (the probe's evidence: method,
// URL, masked headers, status, first bytes, phase timings, curl), with the
// attempts it took. Every string is masked once more here: the key is
// replaced wherever it appears, and a header that carries credentials
// never shows more than redact.Mask does, whatever the client put in it.
func NewEvidence(r *probe.Result, req probe.Request, keyVar string, attempts int) *doctor.Evidence {
	if r == nil {
		return nil
	}
	ev := doctor.Evidence(r.Evidence(req, keyVar))
	key := req.Key
	ev.Attempts = attempts
	if r.Method == http.MethodGet {
		ev.Curl = curlGet(req, keyVar)
	}
	for name, v := range ev.Headers {
		if sensitiveHeaders[strings.ToLower(name)] {
			ev.Headers[name] = maskCredential(v, key)
		}
	}
	redact.Scrub(&ev, key) // the body was cut and cleaned by the probe (probe.CleanBody)
	return &ev
}

// curlGet is the curl command for a GET (the model list); probe.Curl
// renders the POSTs.
func curlGet(req probe.Request, keyVar string) string {
	if keyVar == "" {
		keyVar = "API_KEY"
	}
	auth := `-H "Authorization: Bearer $` + keyVar + `"`
	switch req.Auth {
	case gateway.AuthXAPIKey:
		auth = `-H "x-api-key: $` + keyVar + `" -H 'anthropic-version: ` + probe.AnthropicVersion + `'`
	case gateway.AuthGoogKey:
		auth = `-H "x-goog-api-key: $` + keyVar + `"`
	}
	return "curl -sS " + human.ShellQuote(req.Target()) + " " + auth
}

// maskCredential masks a credential header whatever it holds: the key the
// doctor sent, or a value the probe already masked.
func maskCredential(v, key string) string {
	scheme, cred, ok := strings.Cut(v, " ")
	if !ok {
		return maskOnce(v, key)
	}
	return scheme + " " + maskOnce(cred, key)
}

func maskOnce(cred, key string) string {
	if strings.Contains(cred, redact.Hidden) {
		return cred // the probe masked it already
	}
	return doctor.ShowKey(cred)
}

// phaseSummary is the timings in one line, in ladder order, for messages.
func phaseSummary(t probe.Timings) string {
	m := t.Millis()
	order := []string{"dns", "connect", "tls", "first_byte", "ttft", "total"}
	var parts []string
	for _, k := range order {
		if v, ok := m[k]; ok {
			parts = append(parts, strings.ReplaceAll(k, "_", " ")+" "+human.Duration(time.Duration(v*float64(time.Millisecond))))
		}
	}
	return strings.Join(parts, ", ")
}
