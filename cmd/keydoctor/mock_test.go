package main

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/mock"
)

// runMockUntilReady runs the mock command until it serves, returning its
// server and a function that stops it and returns runMock's error.
func runMockUntilReady(t *testing.T, o *mockOptions) (*mock.Server, func() error) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	ready := make(chan *mock.Server, 1)
	o.Ready = func(s *mock.Server) { ready <- s }
	done := make(chan error, 1)
	go func() { done <- runMock(ctx, o) }()
	select {
	case s := <-ready:
		return s, func() error { cancel(); return <-done }
	case err := <-done:
		cancel()
		t.Fatalf("runMock: %v", err)
	}
	return nil, nil
}

func TestRunMockServesAndStops(t *testing.T) {
	const key = "sk-test-0123456789abcdef0123"
	var out, logs bytes.Buffer
	e := env.FromMap(map[string]string{"MOCK_KEY": key})
	e.Stderr = &logs
	o := &mockOptions{Addr: "127.0.0.1:0", KeyEnv: "MOCK_KEY", LogFile: "-", Env: e, Out: &out,
		Gateway: mock.Options{Prefix: "/api", Tokens: 2}}
	s, stop := runMockUntilReady(t, o)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "POST", s.Root()+"/v1/chat/completions",
		strings.NewReader(`{"model":"gpt-4o","messages":[{"role":"user","content":"hi"}]}`))
	req.Header.Set("Authorization", "Bearer "+key)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !strings.Contains(string(body), "tok0 tok1") {
		t.Fatalf("%d %s", resp.StatusCode, body)
	}
	if err := stop(); err != nil {
		t.Fatalf("stop: %v", err)
	}
	for _, want := range []string{"serving " + s.Root() + " ", "export TAOTOKEN_BASE_URL=" + s.Root(), `export TAOTOKEN_API_KEY="$MOCK_KEY"`, "export TAOTOKEN_MODEL=gpt-4o",
		"export OPENAI_BASE_URL=" + s.Root() + "/v1 OPENAI_API_KEY=\"$MOCK_KEY\"", "export ANTHROPIC_BASE_URL=" + s.Root() + " ANTHROPIC_API_KEY="} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
	if !strings.Contains(logs.String(), `"path":"/api/v1/chat/completions"`) || !strings.Contains(logs.String(), `"key":"sk-t****0123"`) {
		t.Errorf("log: %s", logs.String())
	}
	if strings.Contains(out.String()+logs.String(), key) {
		t.Errorf("the key leaked:\n%s%s", out.String(), logs.String())
	}
}

func TestRunMockDefaultKeyIsShown(t *testing.T) {
	var out bytes.Buffer
	o := &mockOptions{Addr: "127.0.0.1:0", Env: env.FromMap(nil), Out: &out}
	_, stop := runMockUntilReady(t, o)
	if err := stop(); err != nil {
		t.Fatal(err)
	}
	// the default key is the fake gateway's public test key, shown whole
	if !strings.Contains(out.String(), "export TAOTOKEN_API_KEY="+mock.DefaultKey) {
		t.Fatalf("output:\n%s", out.String())
	}
}

// A key given with --key is never printed, and the lines printed in its
// place work when pasted: they ask for it (issue 30 item 4; before, a
// masked placeholder stood inside the export).
func TestRunMockKeyFlagIsAskedFor(t *testing.T) {
	const key = "sk-test-0123456789abcdef0123"
	var out bytes.Buffer
	o := &mockOptions{Addr: "127.0.0.1:0", Key: key, Env: env.FromMap(nil), Out: &out}
	_, stop := runMockUntilReady(t, o)
	if err := stop(); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	if strings.Contains(got, key) || strings.Contains(got, "****") || strings.Contains(got, "<the --key value") {
		t.Fatalf("the key, masked or whole, is printed:\n%s", got)
	}
	for _, want := range []string{"  read -rs TAOTOKEN_API_KEY && export TAOTOKEN_API_KEY  # type the --key value\n", `OPENAI_API_KEY="$TAOTOKEN_API_KEY"`} {
		if !strings.Contains(got, want) {
			t.Errorf("output lacks %q:\n%s", want, got)
		}
	}
}

func TestRunMockRejectsBadInput(t *testing.T) {
	for _, o := range []*mockOptions{
		{Addr: "127.0.0.1:0", Gateway: mock.Options{Scenario: "nope"}},
		{Addr: "127.0.0.1:0", Key: "sk-a", KeyEnv: "X"},
		{Addr: "127.0.0.1:0", KeyEnv: "UNSET"},
		{Addr: "127.0.0.1:0", Key: "sk-your-key"},
	} {
		o.Env, o.Out = env.FromMap(nil), io.Discard
		var ce *cliError
		if err := runMock(context.Background(), o); err == nil || !asCLIError(err, &ce) || ce.code != exitUsage {
			t.Errorf("%+v: %v", o, err)
		}
	}
}

func asCLIError(err error, target **cliError) bool {
	ce, ok := err.(*cliError)
	*target = ce
	return ok
}
