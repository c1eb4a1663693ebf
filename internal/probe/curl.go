package probe

import (
	"net/http"
	"sort"
	"strings"

	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/human"
	"github.com/keydoctor/keydoctor/internal/redact"
)

// Curl renders the request as a curl command a user can paste. The key's
// credential is "$VAR", never inline. Another header that carries a copy
// of the key is left as it is: Curl's text is printed only through the
// run's writer, which knows the key, or inside Evidence, which scrubs it.
func Curl(req Request, keyVar string) string {
	if keyVar == "" {
		keyVar = "API_KEY"
	}
	h := req.headers("$"+keyVar, "")
	var b strings.Builder
	b.WriteString("curl -sS")
	if req.Stream {
		b.WriteString(" -N") // print events as they arrive
	}
	b.WriteString(" " + human.ShellQuote(req.Target()) + " --compressed")
	h.Del("Accept-Encoding") // --compressed asks for it and decodes
	for _, k := range sortedKeys(h) {
		for _, v := range h[k] {
			// Not masked here: Evidence scrubs its record, and ping prints
			// through the run's writer, which knows the key.
			line := k + ": " + v
			if strings.Contains(v, "$"+keyVar) {
				// Double quotes so the shell expands the variable.
				b.WriteString(" \\\n  -H \"" + strings.NewReplacer(`\`, `\\`, `"`, `\"`, "`", "\\`").Replace(line) + "\"")
				continue
			}
			b.WriteString(" \\\n  -H " + human.ShellQuote(line))
		}
	}
	b.WriteString(" \\\n  -d " + human.ShellQuote(string(req.Body())))
	return b.String()
}

func sortedKeys(h http.Header) []string {
	keys := make([]string, 0, len(h))
	for k := range h {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// Evidence is the printable record of one exchange, field for field the
// shape of doctor.Evidence (convert with doctor.Evidence(ev)): request
// headers masked, the first bytes of the body with control characters
// stripped, phase timings in milliseconds, the curl equivalent.
type Evidence struct {
	Method   string             `json:"method,omitempty"`
	URL      string             `json:"url,omitempty"`
	Headers  map[string]string  `json:"headers,omitempty"`
	Status   int                `json:"status,omitempty"`
	Body     string             `json:"body,omitempty"`
	Timings  map[string]float64 `json:"timings_ms,omitempty"`
	Curl     string             `json:"curl,omitempty"`
	Attempts int                `json:"attempts,omitempty"`
}

// EvidenceBodyBytes is how much of the body evidence shows.
const EvidenceBodyBytes = 512

// Evidence renders r for a report; req is the request that produced it
// (its key is masked wherever it appears), keyVar names the key in curl.
func (r *Result) Evidence(req Request, keyVar string) Evidence {
	ev := Evidence{Method: r.Method, URL: r.URL, Status: r.StatusCode, Attempts: 1}
	if len(r.ReqHeader) > 0 {
		ev.Headers = make(map[string]string, len(r.ReqHeader))
		for k, vs := range r.ReqHeader {
			ev.Headers[k] = strings.Join(vs, ", ")
		}
	}
	ev.Body = catalog.Clean(r.Body, EvidenceBodyBytes)
	ev.Timings = r.Timings.Millis()
	if r.Method == http.MethodPost {
		ev.Curl = Curl(req, keyVar)
	}
	redact.Scrub(&ev, req.Key)
	return ev
}

// Millis are the phases that happened, in milliseconds, named as reports
// print them.
func (t Timings) Millis() map[string]float64 {
	out := map[string]float64{}
	add := func(name string, d interface{ Seconds() float64 }) {
		if ms := d.Seconds() * 1000; ms > 0 {
			out[name] = float64(int64(ms*1000)) / 1000 // µs precision
		}
	}
	add("dns", t.DNS)
	add("connect", t.Connect)
	add("tls", t.TLS)
	add("request_sent", t.WroteRequest)
	add("first_byte", t.FirstByte)
	add("ttft", t.FirstDelta)
	add("first_text", t.FirstText)
	add("last_delta", t.LastDelta)
	add("total", t.End)
	if len(out) == 0 {
		return nil
	}
	return out
}
