package wire

import (
	"net/http"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/probe"
)

const wireKey = "sk-test-0123456789abcdef0123"

func TestPathURL(t *testing.T) {
	tests := []struct {
		tool       gateway.ToolID
		base       string
		url, model string
	}{
		{gateway.ToolID("claude"), "http://h/api", "http://h/api/v1/messages?beta=true", "http://h/api/v1/models"},
		{gateway.ToolID("claude"), "http://h/api/v1", "http://h/api/v1/v1/messages?beta=true", "http://h/api/v1/v1/models"},
		{gateway.ToolID("anthropic"), "http://h/api", "http://h/api/v1/messages", "http://h/api/v1/models"},
		{gateway.ToolID("codex"), "http://h/api/v1", "http://h/api/v1/responses", "http://h/api/v1/models"},
		{gateway.ToolID("codex"), "http://h/api", "http://h/api/responses", "http://h/api/models"},
		{gateway.ToolID("cline"), "http://h/api/v1/", "http://h/api/v1/chat/completions", "http://h/api/v1/models"},
		{gateway.ToolID("env"), "http://h/api", "http://h/api/v1/chat/completions", "http://h/api/v1/models"},
	}
	for _, tt := range tests {
		p := Path{Tool: tt.tool, Base: tt.base}
		if got := p.URL(); got != tt.url {
			t.Errorf("%s %s: URL = %s, want %s", tt.tool, tt.base, got, tt.url)
		}
		if got := p.ModelsURL(); got != tt.model {
			t.Errorf("%s %s: ModelsURL = %s, want %s", tt.tool, tt.base, got, tt.model)
		}
	}
}

func TestGroupPaths(t *testing.T) {
	k2 := "sk-test-other0123456789abcd"
	paths := []Path{
		{Tool: gateway.ToolID("claude"), Base: "http://h/api", Key: wireKey, Model: "m"},
		{Tool: gateway.ToolID("codex"), Base: "http://h/api/v1", Key: wireKey, Model: "m"},
		{Tool: gateway.ToolID("cline"), Base: "http://h/api/v1", Key: wireKey, Model: "m"},
		{Tool: gateway.ToolID("env"), Base: "http://h/api", Key: wireKey, Model: "m"},                                 // same request as cline
		{Tool: gateway.ToolID("openai"), Base: "http://h/api/v1", Key: k2, Model: "m"},                                // other key
		{Tool: gateway.ToolID("anthropic"), Base: "http://h/api", Key: wireKey, Model: "m"},                           // x-api-key, not bearer
		{Tool: gateway.ToolID("anthropic"), Base: "http://h/api", Key: wireKey, Model: "m", Auth: gateway.AuthBearer}, // same as claude
		{Tool: gateway.ToolID("vscode"), Base: "http://h/api", Key: wireKey, Model: "other"},                          // other model
		{Tool: gateway.ToolID("cline"), Base: "http://h/api/v1", Key: wireKey, Model: "m"},                            // duplicate tool
	}
	var got [][]gateway.ToolID
	for _, r := range GroupPaths(paths) {
		var ts []gateway.ToolID
		for _, m := range r.Members {
			ts = append(ts, m.Tool)
		}
		got = append(got, ts)
	}
	want := [][]gateway.ToolID{
		{gateway.ToolID("claude")},
		{gateway.ToolID("codex")},
		{gateway.ToolID("cline"), gateway.ToolID("env")},
		{gateway.ToolID("openai")},
		{gateway.ToolID("anthropic")},
		{gateway.ToolID("anthropic")},
		{gateway.ToolID("vscode")},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("groups = %v, want %v", got, want)
	}
}

func TestAlternativeBases(t *testing.T) {
	tests := []struct {
		name  string
		tool  gateway.ToolID
		base  string
		first []string // the leading candidates, in order
		has   []string
		not   []string
	}{
		{"claude with /v1", gateway.ToolID("claude"), "http://h/api/v1", []string{"http://h/api"}, nil, []string{"http://h/api/v1"}},
		{"codex without /v1", gateway.ToolID("codex"), "http://h/api", []string{"http://h/api/v1"}, nil, []string{"http://h/api"}},
		{"extra prefix", gateway.ToolID("claude"), "http://h/api/extra", []string{"http://h/api", "http://h"}, nil, []string{"http://h/api/extra"}},
		{"missing prefix", gateway.ToolID("cline"), "http://h/v1", []string{"http://h/api/v1"}, []string{"http://h/openai/v1"}, []string{"http://h/v1"}},
		{"missing prefix claude", gateway.ToolID("claude"), "http://h", []string{"http://h/api"}, []string{"http://h/anthropic"}, nil},
		{"endpoint pasted", gateway.ToolID("cline"), "http://h/api/v1/chat/completions", []string{"http://h/api/v1"}, nil, nil},
		{"codex bare root", gateway.ToolID("codex"), "http://h/api/v1", []string{"http://h/v1", "http://h/api/openai/v1"}, []string{"http://h/api"}, []string{"http://h/api/v1"}},
		{"invalid", gateway.ToolID("claude"), "::", nil, nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := AlternativeBases(tt.tool, "", tt.base)
			if len(got) > maxAlternatives {
				t.Errorf("%d candidates, more than %d", len(got), maxAlternatives)
			}
			if len(got) < len(tt.first) || !reflect.DeepEqual(got[:len(tt.first)], tt.first) {
				t.Errorf("got %v, want it to start with %v", got, tt.first)
			}
			for _, h := range tt.has {
				if !contains(got, h) {
					t.Errorf("got %v, want it to contain %s", got, h)
				}
			}
			for _, n := range tt.not {
				if contains(got, n) {
					t.Errorf("got %v, must not contain %s", got, n)
				}
			}
			seen := map[string]bool{}
			for _, b := range got {
				u := Path{Tool: tt.tool, Base: b}.URL()
				if seen[u] {
					t.Errorf("two candidates request %s", u)
				}
				seen[u] = true
			}
		})
	}
}

func contains(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}

func TestRetryPolicy(t *testing.T) {
	p := RetryPolicy{Max: 2, Base: 200 * time.Millisecond, Cap: 2 * time.Second}
	tests := []struct {
		name   string
		n      int
		code   catalog.Code
		status int
		asked  time.Duration
		jitter float64
		retry  bool
		wait   time.Duration
		why    string
	}{
		{"400 never", 1, catalog.HTTPError, 400, 0, 0, false, 0, "not retried"},
		{"401 never", 1, catalog.AuthInvalid, 401, 0, 0, false, 0, "not retried"},
		{"404 never", 1, catalog.EndpointNotFound, 404, 0, 0, false, 0, "not retried"},
		{"501 never", 1, catalog.ServerError, 501, 0, 0, false, 0, "not retried"},
		{"200 never", 1, "", 200, 0, 0, false, 0, "not retried"},
		{"quota never, even as a 429", 1, catalog.QuotaExhausted, 429, 0, 0, false, 0, "quota-exhausted (429) is not retried"},
		{"no channel never, even as a 503", 1, catalog.ModelNoChannel, 503, 0, 0, false, 0, "not retried"},
		{"429 first, no jitter", 1, catalog.RateLimited, 429, 0, 0, true, 100 * time.Millisecond, "backoff"},
		{"429 first, jitter", 1, catalog.RateLimited, 429, 0, 0.75, true, 175 * time.Millisecond, "backoff"},
		{"503 second doubles", 2, catalog.ServerError, 503, 0, 0.5, true, 300 * time.Millisecond, "backoff"},
		{"529 overloaded retried", 1, catalog.UpstreamOverloaded, 529, 0, 0, true, 100 * time.Millisecond, "backoff"},
		{"third is too many", 3, catalog.ServerError, 503, 0, 0, false, 0, "gave up after 2"},
		{"the gateway's wait honoured", 1, catalog.RateLimited, 429, time.Second, 0.5, true, time.Second, "the 1s the gateway asked for"},
		{"a wait below backoff", 2, catalog.RateLimited, 429, 10 * time.Millisecond, 0, true, 200 * time.Millisecond, "backoff"},
		{"a wait at cap", 1, catalog.RateLimited, 429, 2 * time.Second, 0, true, 2 * time.Second, "the gateway asked for"},
		{"a wait past cap", 1, catalog.RateLimited, 429, 20 * time.Second, 0, false, 0, "asks to wait 20s, longer than"},
		{"bad jitter ignored", 1, catalog.ServerError, 500, 0, 7, true, 100 * time.Millisecond, "backoff"},
	}
	for _, tt := range tests {
		d := p.Next(tt.n, tt.code, tt.status, tt.asked, tt.jitter)
		if d.Retry != tt.retry || d.Wait != tt.wait || !strings.Contains(d.Why, tt.why) {
			t.Errorf("%s: got %+v, want retry=%v wait=%s why~%q", tt.name, d, tt.retry, tt.wait, tt.why)
		}
	}
	// The backoff itself is capped.
	big := RetryPolicy{Max: 9, Base: time.Second, Cap: 3 * time.Second}
	if d := big.Next(5, catalog.ServerError, 500, 0, 0.9); d.Wait != 3*time.Second || !strings.Contains(d.Why, "capped") {
		t.Errorf("uncapped backoff: %+v", d)
	}
}

func TestNewEvidenceMasksKey(t *testing.T) {
	r := &probe.Result{
		Method: "POST",
		URL:    "http://127.0.0.1:1/v1/chat/completions?key=" + wireKey,
		ReqHeader: http.Header{
			"Authorization": {"Bearer " + wireKey},
			"X-Api-Key":     {wireKey},
			"Content-Type":  {"application/json"},
		},
		StatusCode: 401,
		Body:       []byte(`{"error":{"message":"invalid key ` + wireKey + `"}}` + "\n"),
		Timings:    probe.Timings{DNS: time.Millisecond, Connect: 2 * time.Millisecond, FirstByte: 5 * time.Millisecond},
	}
	req := probe.Request{Protocol: gateway.Chat, URL: r.URL, Key: wireKey, Model: "m"}
	ev := NewEvidence(r, req, "TAOTOKEN_API_KEY", 3)
	all := ev.URL + ev.Body + ev.Curl
	for _, v := range ev.Headers {
		all += v
	}
	if strings.Contains(all, wireKey) {
		t.Fatalf("key leaked into evidence: %+v", ev)
	}
	if ev.Headers["Authorization"] != "Bearer sk-t****0123" || ev.Headers["X-Api-Key"] != "sk-t****0123" {
		t.Errorf("credential headers = %v", ev.Headers)
	}
	if ev.Headers["Content-Type"] != "application/json" {
		t.Errorf("other headers altered: %v", ev.Headers)
	}
	if ev.Status != 401 || ev.Attempts != 3 || ev.Method != "POST" {
		t.Errorf("evidence = %+v", ev)
	}
	if ev.Timings["dns"] != 1 || ev.Timings["connect"] != 2 || ev.Timings["first_byte"] != 5 {
		t.Errorf("timings = %v", ev.Timings)
	}
	if _, ok := ev.Timings["tls"]; ok {
		t.Errorf("a phase that did not happen is listed: %v", ev.Timings)
	}
	// A credential the probe masked already, or another key, is masked too.
	r.ReqHeader = http.Header{"Authorization": {"Bearer sk-t****0123"}, "X-Api-Key": {"sk-other-key-0000000000000000"}}
	ev = NewEvidence(r, req, "", 1)
	if ev.Headers["Authorization"] != "Bearer sk-t****0123" || ev.Headers["X-Api-Key"] != "sk-o****0000" {
		t.Errorf("credential headers = %v", ev.Headers)
	}
	if !strings.Contains(ev.Curl, "$API_KEY") {
		t.Errorf("curl = %s", ev.Curl)
	}
	r.Method = "GET"
	req.Auth = gateway.AuthXAPIKey
	ev = NewEvidence(r, req, "TAOTOKEN_API_KEY", 1)
	if !strings.HasPrefix(ev.Curl, "curl -sS 'http://127.0.0.1:1/") || !strings.Contains(ev.Curl, `-H "x-api-key: $TAOTOKEN_API_KEY"`) || strings.Contains(ev.Curl, wireKey) {
		t.Errorf("GET curl = %s", ev.Curl)
	}
	if NewEvidence(nil, req, "", 0) != nil {
		t.Error("evidence from no result")
	}
}
