package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/mock"
	"github.com/keydoctor/keydoctor/internal/testutil"
)

const wizardKey = "sk-test-0123456789abcdef0123"

func wizardEnv(t *testing.T, vars map[string]string) *env.Env {
	t.Helper()
	home := testutil.TempDir(t)
	if err := os.MkdirAll(filepath.Join(home, ".claude"), 0o700); err != nil {
		t.Fatal(err)
	}
	m := map[string]string{"HOME": home}
	for k, v := range vars {
		m[k] = v
	}
	e := env.FromMap(m)
	e.GOOS = "linux"
	return e
}

func startMock(t *testing.T) *mock.Server {
	t.Helper()
	srv, err := mock.Start(context.Background(), "127.0.0.1:0", mock.Options{Prefix: "/api", Key: wizardKey})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() })
	return srv
}

// TestSetupWizardAccessible drives the whole wizard through huh's
// accessible mode: a custom gateway URL (pasted with its endpoint), a
// refused key then a good one, a model from the live /v1/models list, one
// more tool, the diff, and yes.
func TestSetupWizardAccessible(t *testing.T) {
	srv := startMock(t)
	e := wizardEnv(t, nil)
	answers := strings.Join([]string{
		anotherGateway,                       // gateway: another gateway
		srv.Root() + "/v1/chat/completions/", // its URL, as pasted from a guide
		"sk-你的key",                           // refused: a placeholder
		wizardKey,                            // the key
		"2",                                  // model: the second one served
		"2",                                  // tools: add Codex to the detected Claude Code
		"0",                                  // done
		"y",                                  // write
	}, "\n") + "\n"
	var out bytes.Buffer
	o := &setupOptions{
		Env: e, Project: testutil.TempDir(t), Interactive: true, Accessible: true,
		In: strings.NewReader(answers), Out: &out, Err: &out,
		ListModels: func(ctx context.Context, root, key string) ([]string, error) {
			return listModels(ctx, e, root, key)
		},
	}
	if err := runSetup(context.Background(), o); err != nil {
		t.Fatalf("setup: %v\n%s", err, out.String())
	}
	got := out.String()
	if strings.Contains(got, wizardKey) {
		t.Fatalf("the full key was printed:\n%s", got)
	}
	for _, want := range []string{
		"the URL ends in the endpoint /chat/completions",
		"Claude Code: " + srv.Root() + " -> ",
		"Codex CLI: " + srv.Root() + "/v1 -> " + srv.Root() + "/v1/responses",
		"the key looks like a placeholder",
		"gpt-4o-mini",
		"+    \"ANTHROPIC_AUTH_TOKEN\": \"sk-t****0123\",",
		"created   ~/.codex/config.toml (codex)",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("output lacks %q:\n%s", want, got)
		}
	}
	settings, _ := os.ReadFile(filepath.Join(e.Home, ".claude", "settings.json"))
	if !strings.Contains(string(settings), `"ANTHROPIC_BASE_URL": "`+srv.Root()+`"`) || !strings.Contains(string(settings), `"ANTHROPIC_MODEL": "gpt-4o-mini"`) {
		t.Errorf("settings.json:\n%s", settings)
	}
	config, _ := os.ReadFile(filepath.Join(e.Home, ".codex", "config.toml"))
	if !strings.Contains(string(config), `base_url = "`+srv.Root()+`/v1"`) {
		t.Errorf("config.toml:\n%s", config)
	}
}

// TestSetupWizardDeclined: the key from the preset variable is offered,
// the gateway cannot list models (free text), and "no" writes nothing.
func TestSetupWizardDeclined(t *testing.T) {
	e := wizardEnv(t, map[string]string{"TAOTOKEN_API_KEY": wizardKey})
	answers := "1\ny\nn\nmy-model\n0\nn\n" // …, the key: yes; nothing answers, type the URL again: no; …
	var out bytes.Buffer
	o := &setupOptions{
		Env: e, Project: testutil.TempDir(t), Interactive: true, Accessible: true,
		In: strings.NewReader(answers), Out: &out, Err: &out,
		ListModels: func(context.Context, string, string) ([]string, error) {
			return nil, errors.New("connect-refused")
		},
	}
	if err := runSetup(context.Background(), o); err != nil {
		t.Fatalf("setup: %v\n%s", err, out.String())
	}
	got := out.String()
	if strings.Contains(got, wizardKey) {
		t.Fatalf("the full key was printed:\n%s", got)
	}
	for _, want := range []string{"Use the key from TAOTOKEN_API_KEY (sk-t****0123)?", "could not list the gateway's models (connect-refused)", `"ANTHROPIC_MODEL": "my-model"`, "nothing was written"} {
		if !strings.Contains(got, want) {
			t.Errorf("output lacks %q:\n%s", want, got)
		}
	}
	if _, err := os.Stat(filepath.Join(e.Home, ".claude", "settings.json")); !errors.Is(err, os.ErrNotExist) {
		t.Error("declined, yet settings.json was written")
	}
}

// TestSetupConcurrentChange: a file edited between plan and apply aborts
// the run with exit status 2 and is left as the other writer left it.
func TestSetupConcurrentChange(t *testing.T) {
	e := wizardEnv(t, map[string]string{"TAOTOKEN_API_KEY": wizardKey})
	settings := filepath.Join(e.Home, ".claude", "settings.json")
	if err := os.WriteFile(settings, []byte("{}"), 0o600); err != nil {
		t.Fatal(err)
	}
	var out, errOut bytes.Buffer
	o := &setupOptions{Env: e, Project: ".", Tools: "claude,codex", Yes: true, Out: &out, Err: &errOut,
		afterPlan: func() { os.WriteFile(settings, []byte(`{"model": "edited meanwhile"}`), 0o600) }}
	err := runSetup(context.Background(), o)
	code := reportError(&errOut, err)
	if code != exitUsage || !strings.Contains(errOut.String(), "changed since keydoctor read it") {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	if b, _ := os.ReadFile(settings); string(b) != `{"model": "edited meanwhile"}` {
		t.Errorf("settings.json = %s", b)
	}
	if _, err := os.Stat(filepath.Join(e.Home, ".codex", "config.toml")); !errors.Is(err, os.ErrNotExist) {
		t.Error("a file was written although the run was aborted")
	}
}
