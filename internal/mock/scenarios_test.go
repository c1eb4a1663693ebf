package mock

import (
	"context"
	"io"
	"net/http"
	"strings"
	"testing"
)

// protocols are the three generation endpoints with a small request each.
var protocols = []struct {
	name, path, body string
	anthropic        bool
}{
	{"chat", "/v1/chat/completions", `{"model":"gpt-4o","max_tokens":3,"messages":[{"role":"user","content":"hi"}]}`, false},
	{"messages", "/v1/messages?beta=true", `{"model":"gpt-4o","max_tokens":3,"messages":[{"role":"user","content":"hi"}]}`, true},
	{"responses", "/v1/responses", `{"model":"gpt-4o","max_output_tokens":3,"input":"hi"}`, false},
}

func streaming(body string) string { return strings.Replace(body, "{", `{"stream":true,`, 1) }

// checkErrorShape asserts the protocol's own error shape.
func checkErrorShape(t *testing.T, a answer, anthropic bool, wantType string) {
	t.Helper()
	if anthropic {
		if str(a.json, "type") != "error" || str(a.json, "error", "type") != wantType || str(a.json, "error", "message") == "" {
			t.Fatalf("not an Anthropic %s error: %s", wantType, a.body)
		}
		return
	}
	if _, ok := a.json["error"].(map[string]any); !ok || str(a.json, "error", "message") == "" || a.json["type"] != nil {
		t.Fatalf("not an OpenAI error: %s", a.body)
	}
}

func TestScenarioErrorStatuses(t *testing.T) {
	s := startTest(t, Options{Tokens: 3})
	tests := []struct {
		scenario  string
		auth      string
		status    int
		antType   string
		retry     string
		mentioned string // text the error message must contain
	}{
		{OK, "sk-test-wrong0000000000000000", 401, "authentication_error", "", "sk-t****0000"},
		{OK, "none", 401, "authentication_error", "", "API key"},
		{AuthInvalid, "", 401, "authentication_error", "", ""},
		{AuthForbidden, "", 403, "permission_error", "", "gpt-4o"},
		{ModelNotFound, "", 404, "not_found_error", "", "gpt-4o"},
		{ModelNotFound400, "", 400, "invalid_request_error", "", "gpt-4o"},
		{RateLimited, "", 429, "rate_limit_error", "2", ""},
		{ServerError, "", 500, "api_error", "", ""},
		{BadRequest, "", 400, "invalid_request_error", "", "max_tokens"},
	}
	for _, tt := range tests {
		for _, p := range protocols {
			for _, body := range []string{p.body, streaming(p.body)} {
				a := do(t, s, call1{path: p.path, body: body, scenario: tt.scenario, auth: tt.auth})
				if a.status != tt.status || a.header.Get("Retry-After") != tt.retry {
					t.Fatalf("%s %s: status %d Retry-After %q, want %d %q: %s", tt.scenario, p.name, a.status, a.header.Get("Retry-After"), tt.status, tt.retry, a.body)
				}
				checkErrorShape(t, a, p.anthropic, tt.antType)
				if !strings.Contains(string(a.body), tt.mentioned) || strings.Contains(string(a.body), testKey) {
					t.Fatalf("%s %s: message should name %q and never the key: %s", tt.scenario, p.name, tt.mentioned, a.body)
				}
			}
		}
	}
	// model-not-found leaves the model list alone
	if a := do(t, s, call1{method: "GET", path: "/v1/models", scenario: ModelNotFound}); a.status != 200 || str(a.json, "data", 0, "id") != "gpt-4o" {
		t.Fatalf("models under model-not-found: %d %s", a.status, a.body)
	}
	// an unknown model is model-not-found in the healthy scenario too
	a := do(t, s, call1{path: "/v1/chat/completions", body: `{"model":"gpt-9","messages":[]}`})
	if a.status != 404 || str(a.json, "error", "code") != "model_not_found" || !strings.Contains(str(a.json, "error", "message"), "gpt-9") {
		t.Fatalf("unknown model: %d %s", a.status, a.body)
	}
}

func TestScenarioWebAnswers(t *testing.T) {
	s := startTest(t, Options{})
	for _, p := range protocols {
		a := do(t, s, call1{path: p.path, body: p.body, scenario: HTTPHTML})
		if a.status != 200 || !strings.HasPrefix(a.header.Get("Content-Type"), "text/html") || !strings.Contains(string(a.body), "<html") {
			t.Fatalf("http-html %s: %d %v", p.name, a.status, a.header)
		}
		a = do(t, s, call1{path: p.path, body: p.body, scenario: HTTPRedirect})
		if loc := a.header.Get("Location"); a.status != 301 || loc != "https://"+s.Addr()+"/api"+p.path {
			t.Fatalf("http-redirect %s: %d %q", p.name, a.status, loc)
		}
		a = do(t, s, call1{path: p.path, body: p.body, scenario: HTTPRedirectPath})
		if loc := a.header.Get("Location"); a.status != 302 || !strings.HasPrefix(loc, "/login") {
			t.Fatalf("http-redirect-path %s: %d %q", p.name, a.status, loc)
		}
	}
}

func TestScenarioEndpointNotFound(t *testing.T) {
	for _, prefix := range []string{"/api", "/"} {
		s := startTest(t, Options{Prefix: prefix, Scenario: EndpointNotFound})
		for _, p := range protocols {
			a := do(t, s, call1{path: p.path, body: p.body})
			if a.status != 404 {
				t.Fatalf("prefix %q %s: %d %s", prefix, p.name, a.status, a.body)
			}
			checkErrorShape(t, a, p.anthropic, "not_found_error")
		}
		// the gateway does answer under another root: what a probe can find
		other := s.URL()
		if s.Root() == s.URL() {
			other += "/gateway"
		}
		req, _ := http.NewRequest("GET", other+"/v1/models", nil)
		req.Header.Set("Authorization", "Bearer "+testKey)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != 200 {
			t.Fatalf("prefix %q: %s answers %d", prefix, other, resp.StatusCode)
		}
	}
}

func TestUnknownPathsAndMethods(t *testing.T) {
	s := startTest(t, Options{})
	for _, path := range []string{"/v1/v1/chat/completions", "/v1/v1/messages", "/chat/completions", "/v1/completions", "/v1/models/a/b"} {
		if a := do(t, s, call1{path: path, body: `{}`}); a.status != 404 {
			t.Fatalf("%s: %d", path, a.status)
		}
	}
	if a := do(t, s, call1{method: "GET", path: "/v1/chat/completions"}); a.status != 405 || a.header.Get("Allow") != "POST" {
		t.Fatalf("GET chat: %d", a.status)
	}
	if a := do(t, s, call1{path: "/v1/chat/completions", body: `{"messages":[]}`}); a.status != 400 {
		t.Fatalf("no model: %d %s", a.status, a.body)
	}
	if a := do(t, s, call1{path: "/v1/messages", body: `{"model":`}); a.status != 400 || str(a.json, "error", "type") != "invalid_request_error" {
		t.Fatalf("bad json: %d %s", a.status, a.body)
	}
}

func TestScenarioProtocolUnsupported(t *testing.T) {
	s := startTest(t, Options{})
	for _, tt := range []struct{ scenario, missing string }{{NoResponses, "responses"}, {NoMessages, "messages"}} {
		for _, p := range protocols {
			a := do(t, s, call1{path: p.path, body: p.body, scenario: tt.scenario})
			if want := map[bool]int{true: 404, false: 200}[p.name == tt.missing]; a.status != want {
				t.Fatalf("%s %s: %d, want %d", tt.scenario, p.name, a.status, want)
			}
		}
	}
	if a := do(t, s, call1{path: "/v1/messages/count_tokens", body: `{"model":"gpt-4o"}`, scenario: NoMessages}); a.status != 404 {
		t.Fatalf("count_tokens without messages: %d", a.status)
	}
}

func TestScenarioFlaky(t *testing.T) {
	s := startTest(t, Options{Scenario: Flaky, FailFirst: 2})
	var got []int
	for range 4 {
		a := do(t, s, call1{path: "/v1/chat/completions", body: protocols[0].body})
		got = append(got, a.status)
		if a.status == 429 && a.header.Get("Retry-After") != "1" {
			t.Fatalf("Retry-After %q", a.header.Get("Retry-After"))
		}
	}
	if want := []int{429, 429, 200, 200}; !equalInts(got, want) {
		t.Fatalf("statuses %v, want %v", got, want)
	}
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestCloseEndsStalls(t *testing.T) {
	stalled := make(chan struct{}, 8)
	s := startTest(t, Options{hooks: &hooks{stalled: func() { stalled <- struct{}{} }}})
	errs := make(chan error, 2)
	for _, sc := range []string{TimeoutHeaders, TimeoutStream} {
		go func() {
			req, _ := http.NewRequestWithContext(context.Background(), "POST", s.Root()+"/v1/chat/completions", strings.NewReader(streaming(protocols[0].body)))
			req.Header.Set("Authorization", "Bearer "+testKey)
			req.Header.Set(ScenarioHeader, sc)
			resp, err := http.DefaultClient.Do(req)
			if err == nil {
				_, err = resp.Body.Read(make([]byte, 1<<16))
				for err == nil {
					_, err = resp.Body.Read(make([]byte, 1<<16))
				}
				resp.Body.Close()
			}
			errs <- err
		}()
	}
	<-stalled
	<-stalled
	s.Close() // must return although two handlers are stalled
	for range 2 {
		if err := <-errs; err == nil || err == io.EOF {
			t.Fatal("a stalled request ended cleanly")
		}
	}
}

// vendor-roots serves each API family under its own root, as DeepSeek
// does: Messages only under /anthropic, the OpenAI API only at the root.
func TestScenarioVendorRoots(t *testing.T) {
	s := startTest(t, Options{Scenario: VendorRoots})
	for path, want := range map[string]int{
		"/anthropic/v1/messages":         200,
		"/v1/messages":                   404,
		"/anthropic/v1/chat/completions": 404,
		"/anthropic/v1/responses":        404,
		"/v1/chat/completions":           200,
		"/v1/responses":                  200,
	} {
		body := `{"model":"gpt-4o","max_tokens":8,"messages":[{"role":"user","content":"hi"}]}`
		if strings.HasSuffix(path, "/responses") {
			body = `{"model":"gpt-4o","input":"hi"}`
		}
		if a := do(t, s, call1{path: path, body: body}); a.status != want {
			t.Errorf("%s: %d, want %d (%s)", path, a.status, want, a.body)
		}
	}
}
