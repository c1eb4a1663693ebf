package checks

import (
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/probe"
)

// evidenceBodyBytes is how much of an answer's body a finding keeps: enough
// to read an error object or recognise a web page, not a whole page.
const evidenceBodyBytes = 512

// sensitiveHeaders are request headers that carry the key.
var sensitiveHeaders = map[string]bool{
	"authorization": true, "x-api-key": true, "api-key": true, "proxy-authorization": true,
}

// NewEvidence records what one request saw, every string masked: the key
// is replaced wherever it appears (headers, URL, body), and the headers
// that carry credentials never show more than gateway.Mask does. curl is
// the equivalent command with the key as $VAR.
func NewEvidence(r *probe.Result, key, curl string, attempts int) *doctor.Evidence {
	if r == nil {
		return nil
	}
	ev := &doctor.Evidence{
		Method:   r.Method,
		URL:      gateway.Redact(r.URL, key),
		Status:   r.StatusCode,
		Body:     gateway.Redact(CleanBody(r.Body, evidenceBodyBytes), key),
		Timings:  timingsMS(r.Timings),
		Curl:     gateway.Redact(curl, key),
		Attempts: attempts,
	}
	if len(r.ReqHeader) > 0 {
		ev.Headers = map[string]string{}
		for name, vs := range r.ReqHeader {
			v := strings.Join(vs, ", ")
			if sensitiveHeaders[strings.ToLower(name)] {
				v = maskCredential(v, key)
			}
			ev.Headers[name] = gateway.Redact(v, key)
		}
	}
	return ev
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
	if strings.Contains(cred, "****") || (key != "" && cred == gateway.Mask(key)) {
		return cred
	}
	return gateway.Mask(cred)
}

// CleanBody returns the first max bytes of b as text a terminal can show:
// invalid UTF-8 replaced, line breaks and tabs as spaces, other control
// characters (escape sequences included) removed, runs of spaces squeezed.
func CleanBody(b []byte, max int) string {
	cut := len(b) > max
	if cut {
		b = b[:max]
		for i := 0; i < utf8.UTFMax && len(b) > 0; i++ { // do not end inside a rune
			if r, _ := utf8.DecodeLastRune(b); r != utf8.RuneError {
				break
			}
			b = b[:len(b)-1]
		}
	}
	var sb strings.Builder
	space := false
	for _, r := range strings.ToValidUTF8(string(b), "\uFFFD") {
		switch {
		case r == '\n' || r == '\r' || r == '\t' || r == ' ':
			if !space && sb.Len() > 0 {
				sb.WriteByte(' ')
			}
			space = true
			continue
		case unicode.IsControl(r), r == '\u2028', r == '\u2029', unicode.Is(unicode.Cf, r):
			continue
		}
		space = false
		sb.WriteRune(r)
	}
	s := strings.TrimRight(sb.String(), " ")
	if cut {
		s += "…"
	}
	return s
}

// timingsMS are the phases that happened, in milliseconds.
func timingsMS(t probe.Timings) map[string]float64 {
	m := map[string]float64{}
	put := func(name string, d time.Duration) {
		if d > 0 {
			m[name] = float64(d.Microseconds()) / 1000
		}
	}
	put("dns", t.DNS)
	put("connect", t.Connect)
	put("tls", t.TLS)
	put("wrote_request", t.WroteRequest)
	put("first_byte", t.FirstByte)
	put("first_delta", t.FirstDelta)
	put("last_delta", t.LastDelta)
	put("end", t.End)
	if len(m) == 0 {
		return nil
	}
	return m
}

// phaseSummary is the timings in one line, in ladder order, for messages.
func phaseSummary(t probe.Timings) string {
	m := timingsMS(t)
	order := []string{"dns", "connect", "tls", "first_byte", "first_delta", "end"}
	var parts []string
	for _, k := range order {
		if v, ok := m[k]; ok {
			parts = append(parts, strings.ReplaceAll(k, "_", " ")+" "+fmtMS(v))
		}
	}
	return strings.Join(parts, ", ")
}

func fmtMS(ms float64) string {
	return (time.Duration(ms * float64(time.Millisecond))).Round(100 * time.Microsecond).String()
}
