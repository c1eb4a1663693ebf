package mock

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	gosse "github.com/tmaxmax/go-sse"
)

// FuzzHandler throws arbitrary paths, bodies and scenarios at the handler:
// it never panics (but for the abort of a stall), and what it answers
// parses as what its Content-Type says.
func FuzzHandler(f *testing.F) {
	for _, p := range protocols {
		for _, sc := range []string{"", StreamEmptyChoices, ErrorIn200, TimeoutStream, UsageMissing} {
			f.Add(p.path, p.body, sc, false)
			f.Add(p.path, streaming(p.body), sc, true)
		}
	}
	f.Add("/v1/models", "", "", false)
	f.Add("/v1/messages/count_tokens", `{"model":"x","messages":[]}`, "", true)
	f.Add("/v1/v1/chat/completions", `{`, "nope", false)
	h := NewHandler(Options{Key: testKey, Tokens: 3})
	f.Fuzz(func(t *testing.T, path, body, scenario string, xAPIKey bool) {
		if !strings.HasPrefix(path, "/") || strings.ContainsAny(path, " #?%") {
			return
		}
		if _, err := url.ParseRequestURI("http://mock" + path); err != nil {
			return
		}
		method := http.MethodPost
		if strings.HasPrefix(path, "/v1/models") {
			method = http.MethodGet
		}
		// a cancelled context: stalls end at once instead of blocking
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		r := httptest.NewRequestWithContext(ctx, method, "http://mock"+path, strings.NewReader(body))
		if xAPIKey {
			r.Header.Set("x-api-key", testKey)
		} else {
			r.Header.Set("Authorization", "Bearer "+testKey)
		}
		if scenario != "" {
			r.Header.Set(ScenarioHeader, scenario)
		}
		w := httptest.NewRecorder()
		func() {
			defer func() {
				if p := recover(); p != nil && p != http.ErrAbortHandler {
					t.Fatalf("panic: %v", p)
				}
			}()
			h.ServeHTTP(w, r)
		}()
		ct := w.Header().Get("Content-Type")
		switch {
		case strings.HasPrefix(ct, "application/json") && scenario != TimeoutStream:
			if !json.Valid(w.Body.Bytes()) {
				t.Fatalf("invalid JSON: %q", w.Body.Bytes())
			}
		case strings.HasPrefix(ct, "text/event-stream"):
			for ev, err := range gosse.Read(bytes.NewReader(w.Body.Bytes()), nil) {
				if err != nil {
					t.Fatalf("bad stream: %v", err)
				}
				if ev.Data != "[DONE]" && !json.Valid([]byte(ev.Data)) {
					t.Fatalf("event data is not JSON: %q", ev.Data)
				}
			}
		}
		if strings.Contains(w.Body.String(), testKey) {
			t.Fatalf("the key was echoed: %s", w.Body.Bytes())
		}
	})
}
