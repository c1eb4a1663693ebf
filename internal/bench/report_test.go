package bench

import (
	"bytes"
	"context"
	"encoding/json"
	"github.com/keydoctor/keydoctor/internal/catalog"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/mock"
	"github.com/keydoctor/keydoctor/internal/probe"
	"github.com/keydoctor/keydoctor/internal/stats"
	"github.com/keydoctor/keydoctor/internal/testutil"
)

// timedDoer answers every request with the given stream timing.
type timedDoer struct {
	ttft, tpot time.Duration
	fail       string
}

func (d timedDoer) Do(ctx context.Context, r probe.Request) *probe.Result {
	if d.fail != "" {
		return &probe.Result{Code: catalog.Code(d.fail), Err: &codeErr{d.fail}}
	}
	return streamed(d.ttft, d.tpot, 10, 10)
}

type codeErr struct{ s string }

func (e *codeErr) Error() string { return e.s }

func TestMeasureLatency(t *testing.T) {
	tests := []struct {
		name     string
		doer     Doer
		lim      stats.Limits
		measured bool
		high     bool
		says     string
	}{
		{"fast", timedDoer{ttft: 120 * time.Millisecond, tpot: 12 * time.Millisecond}, stats.Limits{}, true, false, "TTFT p50 120 ms, TPOT p50 12.0 ms over 3"},
		{"slow first token", timedDoer{ttft: 1500 * time.Millisecond, tpot: 12 * time.Millisecond}, stats.Limits{}, true, true, "TTFT p50 1500 ms is above 800ms"},
		{"slow tokens", timedDoer{ttft: 100 * time.Millisecond, tpot: 80 * time.Millisecond}, stats.Limits{}, true, true, "TPOT p50 80.0 ms is above 50ms"},
		{"configured threshold", timedDoer{ttft: 300 * time.Millisecond, tpot: 12 * time.Millisecond}, stats.Limits{TTFT: 200 * time.Millisecond}, true, true, "above 200ms"},
		{"requests fail", timedDoer{fail: "auth-invalid"}, stats.Limits{}, false, false, "auth-invalid"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := MeasureLatency(context.Background(), LatencyOptions{Doer: tt.doer, Limits: tt.lim, Key: testKey})
			if got.Measured != tt.measured || got.High != tt.high || !strings.Contains(got.Message, tt.says) {
				t.Errorf("got %+v", got)
			}
			if got.High != (got.Fix != "") {
				t.Errorf("a fix goes with high latency only: %+v", got)
			}
		})
	}
}

func TestReportSaveLoadHasNoKey(t *testing.T) {
	l, samples := Execute(context.Background(), timedDoer{ttft: 80 * time.Millisecond, tpot: 10 * time.Millisecond},
		Plan{Concurrency: 2, Requests: 4, Key: testKey, MaxErrors: 0.5})
	r := Report{Schema: Schema, Target: Target{BaseURL: "http://127.0.0.1:1", Model: "m", Protocol: "chat"},
		Settings: Settings{Concurrency: 2, Requests: 4, MaxTokens: 64, Stream: true}, Runs: []Level{l}}
	path := filepath.Join(testutil.TempDir(t), "base.json")
	if err := SaveReport(path, r); err != nil {
		t.Fatal(err)
	}
	back, err := LoadReport(path)
	if err != nil {
		t.Fatal(err)
	}
	if back.Runs[0].TTFT != l.TTFT || back.Settings != r.Settings {
		t.Errorf("round trip changed the report: %+v", back)
	}
	var buf bytes.Buffer
	if err := r.WriteJSON(&buf); err != nil {
		t.Fatal(err)
	}
	if err := WriteRaw(&buf, samples); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(buf.String(), testKey) {
		t.Fatal("the key leaked into the report")
	}
	// the schema's required fields
	var doc map[string]any
	if err := json.Unmarshal([]byte(strings.SplitN(buf.String(), "\n}\n", 2)[0]+"\n}"), &doc); err != nil {
		t.Fatal(err)
	}
	run := doc["runs"].([]any)[0].(map[string]any)
	for _, k := range []string{"concurrency", "requests", "ok", "failed", "errors", "ttft_ms", "tpot_ms", "e2e_ms", "output_tokens", "tokens_per_s", "tpm", "rps"} {
		if _, ok := run[k]; !ok {
			t.Errorf("runs[0] lacks %q", k)
		}
	}
	for _, k := range []string{"p50", "p90", "p99", "mean", "max"} {
		if _, ok := run["ttft_ms"].(map[string]any)[k]; !ok {
			t.Errorf("ttft_ms lacks %q", k)
		}
	}
	if _, err := LoadReport(filepath.Join(testutil.TempDir(t), "missing.json")); err == nil {
		t.Error("loading a missing file must fail")
	}
}

func TestRawLine(t *testing.T) {
	s := newSample(streamed(80*time.Millisecond, 10*time.Millisecond, 3, 0), testKey)
	s.Scheduled = -1
	b, _ := json.Marshal(toRaw(s))
	for _, want := range []string{`"first_delta_ms":80`, `"last_delta_ms":100`, `"deltas_ms":[80,90,100]`, `"tpot_ms":10`, `"connect_ms":1`} {
		if !strings.Contains(string(b), want) {
			t.Errorf("raw line %s lacks %s", b, want)
		}
	}
	if strings.Contains(string(b), "scheduled_ms") {
		t.Error("a closed-loop request has no planned time")
	}
}

func TestSyntheticPromptAndBudget(t *testing.T) {
	p := SyntheticPrompt(1000)
	if n := len(strings.Fields(p)); n < 1000 || n > 1020 {
		t.Errorf("synthetic prompt of 1000 has %d words", n)
	}
	if SyntheticPrompt(0) != DefaultPrompt {
		t.Error("no input tokens means the default prompt")
	}
	b := PlanBudget(Plan{Requests: 10, Warmup: 2, Concurrency: 4, Request: probe.Request{Prompt: strings.Repeat("a", 400)}}, nil, 100)
	if b.Requests != 12 || b.OutputTokens != 1200 || b.InputTokens != 1200 {
		t.Errorf("budget %+v", b)
	}
	sw := Sweep{Levels: []int{1, 2, 8}}
	b = PlanBudget(Plan{Requests: 10}, &sw, 10)
	if b.Requests != 10+10+16 {
		t.Errorf("sweep budget %+v", b)
	}
}

func TestMeasureLatencyAgainstGateway(t *testing.T) {
	srv, err := mock.Start(context.Background(), "127.0.0.1:0", mock.Options{Key: testKey, Tokens: 5, TTFT: 900 * time.Millisecond / 100})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	c, err := probe.NewClient(probe.Options{Getenv: env.FromMap(nil).Getenv, MaxConnsPerHost: 1, Timeout: 10 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	p := gateway.Profile{BaseURL: srv.Root(), Key: testKey, Model: "gpt-4o"}
	for _, proto := range gateway.Protocols {
		got := MeasureLatency(context.Background(), LatencyOptions{Doer: c, Request: RequestFor(p, proto), Key: testKey,
			Limits: stats.Limits{TTFT: time.Millisecond}})
		// 9 ms TTFT against a 1 ms threshold: high, whatever the machine's speed
		if !got.Measured || !got.High || !strings.Contains(got.Message, "TTFT p50") {
			t.Errorf("%s: %+v", proto, got)
		}
		if strings.Contains(got.Message, testKey) {
			t.Fatal("key leaked")
		}
	}
}
