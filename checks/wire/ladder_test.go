package wire

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/probe"
	"github.com/keydoctor/keydoctor/internal/redact"
)

// fakeClient answers by URL: "URL" for a request, "URL stream" for a
// streaming one, "URL models" for the model list. n counts the calls to
// that URL, so a route can fail first and recover.
type fakeClient struct {
	mu     sync.Mutex
	routes map[string]func(n int) *probe.Result
	models []string
	calls  map[string]int
}

func (f *fakeClient) answer(key string, req probe.Request) *probe.Result {
	f.mu.Lock()
	if f.calls == nil {
		f.calls = map[string]int{}
	}
	f.calls[key]++
	n := f.calls[key]
	fn := f.routes[key]
	f.mu.Unlock()
	var r *probe.Result
	if fn == nil {
		r = status(404, `{"error":{"message":"Invalid URL"}}`)
	} else {
		r = fn(n)
	}
	r.Method, r.URL = "POST", req.URL
	r.ReqHeader = http.Header{"Authorization": {"Bearer " + redact.Mask(req.Key)}}
	return r
}

func (f *fakeClient) Do(_ context.Context, req probe.Request) *probe.Result {
	key, _, _ := strings.Cut(req.URL, "?") // routes ignore Claude Code's ?beta=true
	if req.Stream {
		key += " stream"
	}
	return f.answer(key, req)
}

func (f *fakeClient) ListModels(_ context.Context, root, key string, auth gateway.Auth, _ http.Header) ([]string, *probe.Result) {
	req := probe.Request{URL: root + "/v1/models", Key: key, Auth: auth}
	r := f.answer(req.URL+" models", req)
	r.Method = "GET"
	if r.StatusCode == 200 {
		return f.models, r
	}
	return nil, r
}

func status(code int, body string) *probe.Result {
	return &probe.Result{StatusCode: code, Body: []byte(body), ContentType: "application/json"}
}

func answer(model string) func(int) *probe.Result {
	return func(int) *probe.Result {
		r := status(200, `{"model":"`+model+`"}`)
		r.Model = model
		r.Usage = probe.Usage{InputTokens: 10, OutputTokens: 5, FromServer: true}
		r.Timings = probe.Timings{Connect: time.Millisecond, FirstByte: 3 * time.Millisecond, End: 4 * time.Millisecond}
		return r
	}
}

// streamed is a healthy stream of n deltas, gap apart, after ttft.
func streamed(model string, n int, ttft, gap time.Duration) func(int) *probe.Result {
	return func(int) *probe.Result {
		r := status(200, "")
		r.ContentType, r.Model = "text/event-stream", model
		st := &probe.Stream{Terminated: true, Events: n + 2, Usage: &probe.Usage{OutputTokens: n, FromServer: true}}
		for i := 0; i < n; i++ {
			st.Deltas = append(st.Deltas, probe.Delta{At: ttft + time.Duration(i)*gap, Text: "x"})
		}
		r.Stream = st
		r.Usage = *st.Usage
		r.Timings = probe.Timings{FirstByte: ttft / 2, FirstDelta: ttft, LastDelta: ttft + time.Duration(n-1)*gap, End: ttft + time.Duration(n)*gap}
		return r
	}
}

func healthy(base string, proto gateway.Protocol, model string) map[string]func(int) *probe.Result {
	root := strings.TrimSuffix(base, "/v1")
	ep := root + proto.Path()
	return map[string]func(int) *probe.Result{
		root + "/v1/models models": func(int) *probe.Result { return status(200, `{"data":[]}`) },
		ep:                         answer(model),
		ep + " stream":             streamed(model, 8, 50*time.Millisecond, 5*time.Millisecond),
	}
}

func runWire(t *testing.T, c *fakeClient, paths []Path, o Options) ([]doctor.Finding, *Meter) {
	t.Helper()
	o.Client = c
	o.Meter = &Meter{}
	o.Retry = RetryPolicy{Max: 2, Base: time.Millisecond, Cap: 50 * time.Millisecond}
	o.Timeout = time.Second
	var out []doctor.Finding
	for _, ch := range Checks(paths, o) {
		out = append(out, ch.Run(context.Background(), env.FromMap(nil))...)
	}
	b, _ := json.Marshal(out)
	if strings.Contains(string(b), wireKey) {
		t.Fatalf("the key leaked into the findings: %s", b)
	}
	return out, o.Meter
}

func find(fs []doctor.Finding, code string) *doctor.Finding {
	for i := range fs {
		if string(fs[i].Code) == code && fs[i].Status != doctor.Skipped {
			return &fs[i]
		}
	}
	return nil
}

func count(fs []doctor.Finding, st doctor.Status) int {
	n := 0
	for _, f := range fs {
		if f.Status == st {
			n++
		}
	}
	return n
}

const root = "http://gw.test/api"

func claudePath(base, model string) Path {
	return Path{Tool: gateway.ToolID("claude"), Base: base, Key: wireKey, KeyVar: "TAOTOKEN_API_KEY", Model: model,
		BaseSource: "~/.claude/settings.json"}
}

func TestWireHealthy(t *testing.T) {
	c := &fakeClient{routes: healthy(root, gateway.Messages, "claude-sonnet-4-5"), models: []string{"claude-sonnet-4-5"}}
	fs, m := runWire(t, c, []Path{claudePath(root, "claude-sonnet-4-5")}, Options{})
	if n := count(fs, doctor.Error) + count(fs, doctor.Warning) + count(fs, doctor.Skipped); n != 0 {
		t.Fatalf("healthy gateway: %d problems: %+v", n, fs)
	}
	var checks []string
	for _, f := range fs {
		checks = append(checks, f.Check)
	}
	want := "wire-reach wire-auth wire-models wire-request wire-stream wire-latency"
	if strings.Join(checks, " ") != want {
		t.Errorf("rungs = %v, want %s", checks, want)
	}
	if m.Requests() != 3 || m.Tokens() != 15+8 {
		t.Errorf("meter = %d requests, %d tokens", m.Requests(), m.Tokens())
	}
}

func TestWireStopsAtFirstBrokenRung(t *testing.T) {
	refused := func(int) *probe.Result { return &probe.Result{Code: "connect-refused"} }
	c := &fakeClient{routes: map[string]func(int) *probe.Result{root + "/v1/models models": refused}}
	fs, m := runWire(t, c, []Path{claudePath(root, "m")}, Options{})
	f := find(fs, "connect-refused")
	if f == nil || f.Check != "wire-reach" || f.Status != doctor.Error || f.Evidence == nil {
		t.Fatalf("want connect-refused at wire-reach: %+v", fs)
	}
	if !strings.Contains(f.Message, "gw.test:80") || f.Source != "~/.claude/settings.json" {
		t.Errorf("finding = %+v", f)
	}
	if count(fs, doctor.Skipped) != 5 || m.Requests() != 1 {
		t.Errorf("want 5 skipped rungs after 1 request, got %d after %d: %+v", count(fs, doctor.Skipped), m.Requests(), fs)
	}
}

func TestWireAuthInvalidIsNotRetried(t *testing.T) {
	c := &fakeClient{routes: map[string]func(int) *probe.Result{
		root + "/v1/models models": func(int) *probe.Result { return status(401, `{"error":"bad key `+wireKey+`"}`) },
	}}
	fs, m := runWire(t, c, []Path{claudePath(root, "m")}, Options{})
	f := find(fs, "auth-invalid")
	if f == nil || f.Check != "wire-auth" || f.Evidence.Attempts != 1 || m.Requests() != 1 {
		t.Fatalf("want one auth-invalid at wire-auth: %+v", fs)
	}
	if !strings.Contains(f.Fix, "TAOTOKEN_API_KEY") {
		t.Errorf("fix does not name the key's variable: %s", f.Fix)
	}
}

func TestWireEndpointNotFoundNamesWorkingBase(t *testing.T) {
	// Claude Code given a base with /v1 requests /v1/v1/messages.
	c := &fakeClient{routes: healthy(root, gateway.Messages, "m"), models: []string{"m"}}
	fs, _ := runWire(t, c, []Path{claudePath(root+"/v1", "m")}, Options{})
	f := find(fs, "endpoint-not-found")
	if f == nil || f.Check != "wire-request" {
		t.Fatalf("want endpoint-not-found: %+v", fs)
	}
	if !strings.Contains(f.Fix, "set the base URL to "+root+" in ~/.claude/settings.json") {
		t.Errorf("fix does not name the working base: %s", f.Fix)
	}
	if !strings.Contains(f.Message, root+"/v1/messages?beta=true does answer") {
		t.Errorf("message = %s", f.Message)
	}
}

func TestWireProtocolUnsupported(t *testing.T) {
	routes := healthy(root, gateway.Chat, "m")
	c := &fakeClient{routes: routes, models: []string{"m"}}
	p := Path{Tool: gateway.ToolID("codex"), Base: root + "/v1", Key: wireKey, Model: "m"}
	fs, _ := runWire(t, c, []Path{p}, Options{})
	f := find(fs, "protocol-unsupported")
	if f == nil || !strings.Contains(f.Fix, "Responses") {
		t.Fatalf("want protocol-unsupported naming Responses: %+v", fs)
	}
}

func TestWireModelNotFoundNamesClosest(t *testing.T) {
	c := &fakeClient{routes: healthy(root, gateway.Messages, "x"), models: []string{"gpt-4o", "claude-sonnet-4-5", "claude-haiku-4-5"}}
	c.routes[root+"/v1/messages"] = func(int) *probe.Result {
		r := status(404, `{"error":{"type":"not_found_error","message":"model: claude-sonet-4-5"}}`)
		r.Code = "model-not-found"
		return r
	}
	fs, _ := runWire(t, c, []Path{claudePath(root, "claude-sonet-4-5")}, Options{})
	f := find(fs, "model-not-found")
	if f == nil || f.Check != "wire-models" {
		t.Fatalf("want model-not-found: %+v", fs)
	}
	if !strings.Contains(f.Message, "closest it serves: claude-sonnet-4-5, claude-haiku-4-5") || !strings.Contains(f.Fix, "--model claude-sonnet-4-5") {
		t.Errorf("finding = %s / %s", f.Message, f.Fix)
	}
}

func TestWireModelVerification(t *testing.T) {
	for _, tt := range []struct {
		answered string
		status   doctor.Status
	}{
		{"claude-sonnet-4-5-20250929", doctor.Info},
		{"claude-haiku-4-5", doctor.Error},
	} {
		c := &fakeClient{routes: healthy(root, gateway.Messages, tt.answered), models: []string{"claude-sonnet-4-5"}}
		fs, _ := runWire(t, c, []Path{claudePath(root, "claude-sonnet-4-5")}, Options{})
		f := find(fs, "model-mismatch")
		if f == nil || f.Status != tt.status {
			t.Fatalf("%s: want model-mismatch %s: %+v", tt.answered, tt.status, fs)
		}
		if tt.status == doctor.Error && !strings.Contains(f.Fix, "keydoctor verify claude") {
			t.Errorf("fix does not mention verify: %s", f.Fix)
		}
	}
}

func TestWireRetries(t *testing.T) {
	c := &fakeClient{routes: healthy(root, gateway.Messages, "m"), models: []string{"m"}}
	ok := c.routes[root+"/v1/messages"]
	c.routes[root+"/v1/messages"] = func(n int) *probe.Result {
		if n == 1 {
			r := status(429, `{"error":"slow down"}`)
			r.RetryAfter = 2 * time.Millisecond
			return r
		}
		return ok(n)
	}
	fs, m := runWire(t, c, []Path{claudePath(root, "m")}, Options{})
	f := find(fs, "rate-limited")
	if f == nil || f.Status != doctor.Info || f.Evidence.Attempts != 2 || !strings.Contains(f.Message, "the 2ms the gateway asked for") {
		t.Fatalf("want an info rate-limited naming the retry: %+v", fs)
	}
	if m.Requests() != 4 || count(fs, doctor.Error) != 0 {
		t.Errorf("requests = %d, findings %+v", m.Requests(), fs)
	}

	// A gateway that keeps failing is tried three times, then reported.
	c = &fakeClient{routes: healthy(root, gateway.Messages, "m"), models: []string{"m"}}
	c.routes[root+"/v1/messages"] = func(int) *probe.Result { return status(503, "upstream down") }
	fs, m = runWire(t, c, []Path{claudePath(root, "m")}, Options{})
	f = find(fs, "server-error")
	if f == nil || f.Status != doctor.Error || f.Evidence.Attempts != 3 || m.Requests() != 4 || !strings.Contains(f.Message, "2 retries") {
		t.Fatalf("want server-error after 3 attempts: %d requests, %+v", m.Requests(), fs)
	}
	if !strings.Contains(f.Message, "gave up after 2 retries") {
		t.Errorf("message = %s", f.Message)
	}
}

// A model refused on any rung (here only the streaming request is) is
// about the model: the finding and its fix cite where the model is set,
// not the base URL's line.
func TestWireModelRefusedCitesTheModelLine(t *testing.T) {
	for _, code := range []string{"model-not-found", "model-no-channel"} {
		c := &fakeClient{routes: healthy(root, gateway.Messages, "claude-sonnet-4-5"), models: []string{"claude-sonnet-4-5"}}
		c.routes[root+"/v1/messages stream"] = func(int) *probe.Result {
			r := status(404, `{"error":{"type":"not_found_error","message":"model: claude-sonnet-4-5"}}`)
			r.Code = catalog.Code(code)
			return r
		}
		p := claudePath(root, "claude-sonnet-4-5")
		p.BaseSource, p.ModelSource = "~/.claude/settings.json:3 (env.ANTHROPIC_BASE_URL)", "~/.claude/settings.json:5 (env.ANTHROPIC_MODEL)"
		fs, _ := runWire(t, c, []Path{p}, Options{})
		f := find(fs, code)
		if f == nil {
			t.Fatalf("want %s: %+v", code, fs)
		}
		if f.Source != p.ModelSource || !strings.Contains(f.Fix, "in "+p.ModelSource) || strings.Contains(f.Fix, "ANTHROPIC_BASE_URL") {
			t.Errorf("%s: source %q, fix %q: want the model's line %s", code, f.Source, f.Fix, p.ModelSource)
		}
	}
}
