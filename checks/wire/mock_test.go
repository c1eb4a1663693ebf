package wire

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/mock"
	"github.com/keydoctor/keydoctor/internal/probe"
)

// startMock runs the fake gateway on loopback for one test.
func startMock(t testing.TB, o mock.Options) *mock.Server {
	t.Helper()
	if o.Prefix == "" {
		o.Prefix = "/api"
	}
	o.Key = wireKey
	if o.TPOT == 0 {
		// tokens spread over tens of milliseconds: a stream, not a burst
		o.TPOT = 3 * time.Millisecond
	}
	srv, err := mock.Start(context.Background(), "127.0.0.1:0", o)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() })
	return srv
}

// threeTools are Claude Code, Codex and Cline configured right for root.
func threeTools(root, model string) []Path {
	return []Path{
		{Tool: gateway.ToolID("claude"), Base: root, Key: wireKey, KeyVar: "TAOTOKEN_API_KEY", Model: model, BaseSource: "~/.claude/settings.json"},
		{Tool: gateway.ToolID("codex"), Base: root + "/v1", Key: wireKey, KeyVar: "TAOTOKEN_API_KEY", Model: model, BaseSource: "~/.codex/config.toml"},
		{Tool: gateway.ToolID("cline"), Base: root + "/v1", Key: wireKey, KeyVar: "TAOTOKEN_API_KEY", Model: model, BaseSource: "~/.cline/data/settings/providers.json"},
	}
}

func wireRun(t testing.TB, paths []Path, timeout time.Duration) ([]doctor.Finding, *Meter) {
	t.Helper()
	e := env.FromMap(nil)
	pc, err := probe.NewClient(probe.Options{Getenv: e.Getenv, Timeout: timeout, DialTimeout: timeout, ResponseHeaderTimeout: timeout})
	if err != nil {
		t.Fatal(err)
	}
	defer pc.Close()
	// latency thresholds at the timeout: a loaded machine must not make
	// loopback "slow" (the latency rung has its own tests)
	o := Options{Client: ProbeClient{pc}, Timeout: timeout, Meter: &Meter{}, MaxTTFT: timeout, MaxTPOT: timeout,
		Retry: RetryPolicy{Max: 2, Base: 5 * time.Millisecond, Cap: timeout}}
	fs := doctor.Run(context.Background(), e, Checks(paths, o), doctor.RunOptions{Timeout: o.Budget()})
	b, _ := json.Marshal(fs)
	if strings.Contains(string(b), wireKey) {
		t.Fatalf("the key leaked: %s", b)
	}
	return fs, o.Meter
}

func TestWireAgainstMock(t *testing.T) {
	tests := []struct {
		scenario string
		model    string
		// want is the code each tool (claude, codex, cline) ends with, as
		// an error or warning; "" means clean.
		want [3]string
	}{
		{"ok", "gpt-4o", [3]string{"", "", ""}},
		{mock.AuthInvalid, "gpt-4o", [3]string{"auth-invalid", "auth-invalid", "auth-invalid"}},
		{mock.AuthForbidden, "gpt-4o", [3]string{"auth-forbidden", "auth-forbidden", "auth-forbidden"}},
		{mock.ModelNotFound, "gpt-4o", [3]string{"model-not-found", "model-not-found", "model-not-found"}},
		{mock.ModelNotFound400, "gpt-4o", [3]string{"model-not-found", "model-not-found", "model-not-found"}},
		{mock.EndpointNotFound, "gpt-4o", [3]string{"endpoint-not-found", "endpoint-not-found", "endpoint-not-found"}},
		{mock.HTTPHTML, "gpt-4o", [3]string{"http-html", "http-html", "http-html"}},
		{mock.HTTPRedirect, "gpt-4o", [3]string{"http-redirect", "http-redirect", "http-redirect"}},
		{mock.ServerError, "gpt-4o", [3]string{"server-error", "server-error", "server-error"}},
		{mock.ErrorIn200, "gpt-4o", [3]string{"error-in-200", "error-in-200", "error-in-200"}},
		{mock.ModelMismatch, "gpt-4o", [3]string{"model-mismatch", "model-mismatch", "model-mismatch"}},
		{mock.UsageMissing, "gpt-4o", [3]string{"usage-missing", "usage-missing", "usage-missing"}},
		{mock.StreamEmptyChoices, "gpt-4o", [3]string{"", "", "stream-empty-choices"}},
		{mock.StreamUnterminated, "gpt-4o", [3]string{"stream-unterminated", "stream-unterminated", "stream-unterminated"}},
		{mock.StreamBuffered, "gpt-4o", [3]string{"stream-buffered", "stream-buffered", "stream-buffered"}},
		{mock.StreamNotSSE, "gpt-4o", [3]string{"stream-not-sse", "stream-not-sse", "stream-not-sse"}},
		{mock.NoResponses, "gpt-4o", [3]string{"", "protocol-unsupported", ""}},
		{mock.NoMessages, "gpt-4o", [3]string{"protocol-unsupported", "", ""}},
		{"ok", "gpt-4o-latest", [3]string{"model-not-found", "model-not-found", "model-not-found"}},
	}
	for _, tt := range tests {
		// one after another: a loaded machine that stalls the fake gateway
		// makes it send late tokens at once, which is a burst on the wire
		t.Run(tt.scenario+"/"+tt.model, func(t *testing.T) {
			// Fewer deltas than a burst needs: however long a loaded
			// machine stalls the client, a healthy stream cannot look
			// buffered. The deadline only bounds a hung request.
			o := mock.Options{Scenario: tt.scenario, Tokens: probe.MinBurstDeltas - 1}
			if tt.scenario == mock.StreamBuffered {
				o.TTFT, o.TPOT, o.Tokens = 60*time.Millisecond, time.Millisecond, 6
			}
			srv := startMock(t, o)
			fs, _ := wireRun(t, threeTools(srv.Root(), tt.model), 20*time.Second)
			for i, tool := range []string{"claude", "codex", "cline"} {
				var got []string
				for _, f := range fs {
					if string(f.Tool) == tool && (f.Status == doctor.Error || f.Status == doctor.Warning) {
						got = append(got, string(f.Code))
					}
				}
				if tt.want[i] == "" && len(got) > 0 || tt.want[i] != "" && (len(got) == 0 || !containsStr(got, tt.want[i])) {
					t.Errorf("%s: got %v, want %q\n%s", tool, got, tt.want[i], dump(fs, tool))
				}
			}
		})
	}
}

func containsStr(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}

func dump(fs []doctor.Finding, tool string) string {
	var b strings.Builder
	for _, f := range fs {
		if string(f.Tool) == tool {
			b.WriteString("  " + f.Check + " " + f.Status.String() + " " + string(f.Code) + ": " + f.Message + " | " + f.Fix + "\n")
		}
	}
	return b.String()
}

// BenchmarkWireHealthy is the wire half of a doctor run alone: three
// protocols (Claude Code, Codex, Cline) against a healthy fake gateway.
func BenchmarkWireHealthy(b *testing.B) {
	srv := startMock(b, mock.Options{TPOT: time.Millisecond})
	paths := threeTools(srv.Root(), "gpt-4o")
	b.ResetTimer()
	for b.Loop() {
		fs, _ := wireRun(b, paths, 5*time.Second)
		for _, f := range fs {
			if f.Status == doctor.Error {
				b.Fatalf("%s: %s", f.Code, f.Message)
			}
		}
	}
}
