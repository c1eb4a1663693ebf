package mock

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"
)

const chatBody = `{"model":"gpt-4o","stream":true,"messages":[{"role":"user","content":"one two three four"}]}`

func TestRejectOver(t *testing.T) {
	s := startTest(t, Options{RejectOver: 1, TTFT: time.Hour, Tokens: 4})
	// the first request is admitted and holds its slot (its answer stalls
	// until its context ends); its headers say it was admitted
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, s.Root()+"/v1/chat/completions", strings.NewReader(chatBody))
	req.Header.Set("Authorization", "Bearer "+testKey)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if res.StatusCode != 200 {
		t.Fatalf("first request: %d", res.StatusCode)
	}
	a := do(t, s, call1{path: "/v1/chat/completions", body: chatBody})
	if a.status != 429 || a.header.Get("Retry-After") != "1" || !strings.Contains(string(a.body), "Too many concurrent requests: at most 1") {
		t.Errorf("second request: %d %v %s", a.status, a.header, a.body)
	}
	if a.header.Get("X-Ratelimit-Limit-Tokens") != "" {
		t.Error("a concurrency wall says nothing of tokens")
	}
	cancel()
	res.Body.Close()
	<-s.Idle()
	s.limits.mu.Lock()
	defer s.limits.mu.Unlock()
	if s.limits.inflight != 0 {
		t.Errorf("a request that ended still holds its place: %d", s.limits.inflight)
	}
}

func TestTPMLimit(t *testing.T) {
	now := time.Unix(1000, 0)
	s := startTest(t, Options{TPMLimit: 30, Tokens: 4})
	s.limits.mu.Lock()
	s.limits.now = func() time.Time { return now }
	s.limits.mu.Unlock()
	body := `{"model":"gpt-4o","messages":[{"role":"user","content":"one two three four"}]}` // 4 in + 4 out
	for i := range 3 {
		a := do(t, s, call1{path: "/v1/chat/completions", body: body})
		if a.status != 200 || a.header.Get("X-Ratelimit-Limit-Tokens") != "30" {
			t.Fatalf("request %d: %d %v", i, a.status, a.header)
		}
		if got := a.header.Get("X-Ratelimit-Remaining-Tokens"); got != []string{"22", "14", "6"}[i] {
			t.Errorf("request %d: remaining %s", i, got)
		}
	}
	a := do(t, s, call1{path: "/v1/chat/completions", body: body})
	if a.status != 429 || a.header.Get("X-Ratelimit-Remaining-Tokens") != "6" || a.header.Get("Retry-After") != "60" ||
		!strings.Contains(string(a.body), "tokens per min (TPM): Limit 30, Used 24, Requested 8") {
		t.Errorf("over the limit: %d %v %s", a.status, a.header, a.body)
	}
	s.limits.mu.Lock()
	now = now.Add(61 * time.Second) // the window slides on
	s.limits.mu.Unlock()
	if a := do(t, s, call1{path: "/v1/chat/completions", body: body}); a.status != 200 {
		t.Errorf("a minute later: %d", a.status)
	}
}
