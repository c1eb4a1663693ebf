package wire

import (
	"strings"
	"testing"
	"time"

	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/probe"
)

// What the body says decides, not the status: an exhausted quota is not
// retried (whatever its status), a 503 "no channel" is a model/group
// problem and not retried, another 4xx is http-error (never
// protocol-unsupported), and a failure after retries never reads as a
// recovery.
func TestWireReadsTheAnswer(t *testing.T) {
	tests := []struct {
		name     string
		status   int
		body     string
		code     string
		attempts int
		rung     string
	}{
		{"openai insufficient_quota 429", 429, `{"error":{"message":"You exceeded your current quota","type":"insufficient_quota","code":"insufficient_quota"}}`, "quota-exhausted", 1, "wire-request"},
		{"one-api quota 401", 401, `{"error":{"message":"该令牌额度已用尽 (request id: 1)","type":"one_api_error"}}`, "quota-exhausted", 1, "wire-request"},
		{"openrouter 402", 402, `{"error":{"code":402,"message":"Insufficient credits"}}`, "quota-exhausted", 1, "wire-request"},
		{"new-api no channel 503", 503, `{"error":{"message":"No available channel for model m under group default (distributor)","type":"new_api_error","code":"model_not_found"}}`, "model-no-channel", 1, "wire-models"},
		{"408 is http-error", 408, `{"error":{"code":408,"message":"Your request timed out"}}`, "http-error", 1, "wire-request"},
		{"400 is http-error", 400, `{"error":{"message":"max_tokens is too large"}}`, "http-error", 1, "wire-request"},
		{"529 overloaded, retried", 529, `{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}`, "upstream-overloaded", 3, "wire-request"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := &fakeClient{routes: healthy(root, gateway.Messages, "m"), models: []string{"m"}}
			c.routes[root+"/v1/messages"] = func(int) *probe.Result { return status(tt.status, tt.body) }
			fs, _ := runWire(t, c, []Path{claudePath(root, "m")}, Options{})
			f := find(fs, tt.code)
			if f == nil || f.Status != doctor.Error || f.Check != tt.rung || f.Evidence.Attempts != tt.attempts {
				t.Fatalf("want %s at %s after %d attempts: %+v", tt.code, tt.rung, tt.attempts, fs)
			}
			if find(fs, "protocol-unsupported") != nil {
				t.Errorf("a %d must not read as protocol-unsupported", tt.status)
			}
			if f.Fix == "" || strings.ContainsAny(f.Fix, "{}") || strings.Contains(f.Fix, "retry later") && tt.code == "quota-exhausted" {
				t.Errorf("fix %q", f.Fix)
			}
		})
	}

	// 429 first, then a refusal of another kind: the report says both
	// and never that the gateway recovered.
	c := &fakeClient{routes: healthy(root, gateway.Messages, "m"), models: []string{"m"}}
	c.routes[root+"/v1/messages"] = func(n int) *probe.Result {
		if n == 1 {
			return status(429, `{"error":{"message":"slow down"}}`)
		}
		return status(401, `{"error":{"message":"该令牌额度已用尽"}}`)
	}
	fs, _ := runWire(t, c, []Path{claudePath(root, "m")}, Options{})
	f := find(fs, "quota-exhausted")
	if f == nil || !strings.Contains(f.Message, "1 retry: rate-limited (429)") || strings.Contains(f.Message, "then gave up") {
		t.Fatalf("want quota-exhausted naming the retry: %+v", fs)
	}
	for _, g := range fs {
		if strings.Contains(g.Message, "recovered") {
			t.Errorf("self-contradiction: %s", g.Message)
		}
	}
}

func TestWireStreamFindings(t *testing.T) {
	tests := []struct {
		name   string
		mutate func(r *probe.Result)
		code   string
		status doctor.Status
	}{
		{"unterminated", func(r *probe.Result) { r.Stream.Terminated = false }, "stream-unterminated", doctor.Error},
		{"empty choices", func(r *probe.Result) { r.Stream.EmptyChoices = 1 }, "stream-empty-choices", doctor.Warning},
		{"usage missing", func(r *probe.Result) { r.Stream.Usage = nil }, "usage-missing", doctor.Warning},
		{"not sse", func(r *probe.Result) { r.Stream = nil; r.Code = "stream-not-sse" }, "stream-not-sse", doctor.Error},
		{"buffered", func(r *probe.Result) {
			for i := range r.Stream.Deltas {
				r.Stream.Deltas[i].At = 90 * time.Millisecond
			}
		}, "stream-buffered", doctor.Warning},
		{"slow", func(r *probe.Result) {
			r.Timings.FirstDelta = 900 * time.Millisecond
		}, "latency-high", doctor.Warning},
		{"slow tokens", func(r *probe.Result) {
			for i := range r.Stream.Deltas {
				r.Stream.Deltas[i].At = 50*time.Millisecond + time.Duration(i)*60*time.Millisecond
			}
		}, "latency-high", doctor.Warning},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := &fakeClient{routes: healthy(root, gateway.Messages, "m"), models: []string{"m"}}
			s := c.routes[root+"/v1/messages stream"]
			c.routes[root+"/v1/messages stream"] = func(n int) *probe.Result { r := s(n); tt.mutate(r); return r }
			fs, _ := runWire(t, c, []Path{claudePath(root, "m")}, Options{})
			f := find(fs, tt.code)
			if f == nil || f.Status != tt.status || f.Evidence == nil || f.Fix == "" {
				t.Fatalf("want %s %s with evidence and fix: %+v", tt.code, tt.status, fs)
			}
			if tt.name == "slow tokens" && !strings.Contains(f.Message, "TPOT 60ms is above 50ms") {
				t.Errorf("message = %s", f.Message)
			}
		})
	}
}

func TestWireSharedPathProbedOnce(t *testing.T) {
	c := &fakeClient{routes: healthy(root, gateway.Chat, "m"), models: []string{"m"}}
	paths := []Path{
		{Tool: gateway.ToolID("cline"), Base: root + "/v1", Key: wireKey, Model: "m"},
		{Tool: gateway.ToolID("env"), Base: root, Key: wireKey, Model: "m"},
	}
	fs, m := runWire(t, c, paths, Options{})
	if m.Requests() != 3 {
		t.Errorf("two tools on one path made %d requests, want 3", m.Requests())
	}
	tools := map[string]int{}
	for _, f := range fs {
		tools[string(f.Tool)]++
	}
	if tools["cline"] != 6 || tools["env"] != 6 {
		t.Errorf("findings per tool = %v", tools)
	}
}

func TestWirePreconditions(t *testing.T) {
	c := &fakeClient{}
	fs, m := runWire(t, c, []Path{{Tool: gateway.ToolID("claude"), Base: "not a url", Key: wireKey}, {Tool: gateway.ToolID("codex"), Base: root + "/v1"}}, Options{})
	if m.Requests() != 0 || find2(fs, "url-invalid") == nil || find2(fs, "env-missing") == nil {
		t.Errorf("want two skipped ladders and no request: %+v", fs)
	}
}

func find2(fs []doctor.Finding, code string) *doctor.Finding {
	for i := range fs {
		if string(fs[i].Code) == code {
			return &fs[i]
		}
	}
	return nil
}
