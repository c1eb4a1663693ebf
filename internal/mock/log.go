package mock

import (
	"encoding/json"
	"net/http"
	"strings"
	"time"

	"github.com/keydoctor/keydoctor/internal/redact"
)

// logLine is one request in the log. The key is masked.
type logLine struct {
	Time     string `json:"time"`
	Method   string `json:"method"`
	Path     string `json:"path"`
	Model    string `json:"model,omitempty"`
	Stream   bool   `json:"stream"`
	Status   int    `json:"status"`
	Scenario string `json:"scenario"`
	Auth     string `json:"auth"`
	Key      string `json:"key,omitempty"`
	// Credentials are every credential header the request carried, each
	// masked: a messages client may send a Bearer token and an x-api-key at once,
	// and which of them a gateway reads decides the answer.
	Credentials map[string]string `json:"credentials,omitempty"`
	DurationMS  float64           `json:"duration_ms"`
	// Agent is what the agent-mcp scenario answered: the tool it called,
	// or that it quoted the tool's result (and how much of it).
	Agent string `json:"agent,omitempty"`
}

func (h *Handler) logCall(c *call) {
	if h.opts.Logger == nil {
		return
	}
	status := c.w.status
	if status == 0 { // the handler gave up before answering (client left)
		status = 499
	}
	l := logLine{
		Time:        c.arrival.UTC().Format(time.RFC3339Nano),
		Method:      c.r.Method,
		Path:        c.r.URL.RequestURI(),
		Model:       c.model,
		Stream:      c.stream,
		Status:      status,
		Scenario:    c.scenario,
		Auth:        c.auth,
		Key:         redact.Shown(c.key),
		Credentials: credentialHeaders(c.r),
		DurationMS:  float64(time.Since(c.arrival).Microseconds()) / 1000,
		Agent:       c.agent,
	}
	redact.Scrub(&l, c.key, h.opts.Key) // what the client sent, a key in the query or the model among it
	b, err := json.Marshal(l)
	if err != nil {
		return
	}
	h.logMu.Lock()
	defer h.logMu.Unlock()
	h.opts.Logger.Write(append(b, '\n'))
}

// credentialHeaders are the credential headers of r, masked.
func credentialHeaders(r *http.Request) map[string]string {
	out := map[string]string{}
	for _, h := range []string{"Authorization", "X-Api-Key", "X-Goog-Api-Key"} {
		v := r.Header.Get(h)
		if v == "" {
			continue
		}
		scheme := ""
		if k, ok := cutPrefixFold(v, "Bearer "); ok {
			scheme, v = "Bearer ", strings.TrimSpace(k)
		}
		out[strings.ToLower(h)] = scheme + redact.Shown(v)
	}
	if len(out) == 0 {
		return nil
	}
	return out
}
