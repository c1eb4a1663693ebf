package probe_test

import (
	"context"
	"fmt"
	"net/http"
	"os/exec"
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/mock"
	"github.com/keydoctor/keydoctor/internal/probe"
	"github.com/keydoctor/keydoctor/internal/redact"
)

const key = "sk-test-0123456789abcdef0123"

func TestCurl(t *testing.T) {
	for _, tt := range []struct {
		req  probe.Request
		want []string
	}{
		{probe.Request{Protocol: gateway.Chat, Root: "https://taotoken.net/api", Key: key, Model: "gpt-4o", Stream: true},
			[]string{"curl -sS -N https://taotoken.net/api/v1/chat/completions --compressed \\\n", `-H "Authorization: Bearer $TAOTOKEN_API_KEY"`, `"stream_options":{"include_usage":true}`}},
		{probe.Request{Protocol: gateway.Messages, Root: "https://gw.example", Key: key, Model: "claude-sonnet-4-5", Auth: gateway.AuthXAPIKey, Prompt: "it's"},
			[]string{`-H "X-Api-Key: $TAOTOKEN_API_KEY"`, "-H 'Anthropic-Version: 2023-06-01'", `"content":"it'\''s"`, `"max_tokens":16`}},
		{probe.Request{Protocol: gateway.Responses, Root: "https://gw.example", Key: key, Model: "gpt-5", Header: http.Header{"X-Trace": {"with " + key}}},
			[]string{"/v1/responses --compressed \\\n", `"input":`, `"max_output_tokens":16`, "X-Trace: with sk-t****0123"}},
		{probe.Request{Protocol: gateway.Messages, URL: "https://gw.example/v1/messages?beta=true", Key: key, Model: "m"},
			[]string{"curl -sS 'https://gw.example/v1/messages?beta=true' --compressed \\\n"}},
	} {
		// Printed as a run prints it: through the writer that knows the
		// run's key (a header's copy of it is masked there).
		var b strings.Builder
		secrets := redact.NewSecrets()
		secrets.Add(key)
		w := redact.NewWriter(&b, secrets, redact.Options{})
		fmt.Fprint(w, probe.Curl(tt.req, "TAOTOKEN_API_KEY"))
		w.Flush()
		got := b.String()
		if strings.Contains(got, key) {
			t.Errorf("the key is inline:\n%s", got)
		}
		for _, w := range tt.want {
			if !strings.Contains(got, w) {
				t.Errorf("curl lacks %s:\n%s", w, got)
			}
		}
	}
}

// TestCurlRunsInShell: the rendered command is valid shell that reaches
// the gateway with the key from the variable (when sh and curl exist).
func TestCurlRunsInShell(t *testing.T) {
	if _, err := exec.LookPath("curl"); err != nil {
		t.Skip("no curl")
	}
	srv, err := mock.Start(context.Background(), "127.0.0.1:0", mock.Options{Key: key, Prefix: "/api"})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	req := probe.Request{Protocol: gateway.Messages, Root: srv.Root(), Key: key, Model: "gpt-4o", Stream: true, Prompt: "say 'hi'"}
	cmd := exec.Command("sh", "-c", probe.Curl(req, "KD_TEST_KEY"))
	cmd.Env = []string{"KD_TEST_KEY=" + key, "PATH=/usr/bin:/bin"}
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "event: message_stop") {
		t.Fatalf("curl: %v\n%s", err, out)
	}
}

func TestEvidence(t *testing.T) {
	srv, err := mock.Start(context.Background(), "127.0.0.1:0", mock.Options{Key: key})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	c, _ := probe.NewClient(probe.Options{})
	req := probe.Request{Protocol: gateway.Chat, Root: srv.Root(), Key: key + "x", Model: "gpt-4o"}
	res := c.Do(context.Background(), req)
	if res.Code != "auth-invalid" {
		t.Fatalf("code %q", res.Code)
	}
	ev := doctor.Evidence(res.Evidence(req, "TAOTOKEN_API_KEY")) // the shapes match field for field
	if ev.Status != 401 || ev.Headers["Authorization"] != "Bearer "+redact.Mask(key+"x") || ev.Curl == "" || ev.Timings["first_byte"] <= 0 {
		t.Errorf("evidence %+v", ev)
	}
	for _, s := range []string{ev.Body, ev.Curl, ev.Headers["Authorization"]} {
		if strings.Contains(s, key) {
			t.Errorf("key leaked: %s", s)
		}
	}
}
