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

// profileAsk runs 'keydoctor profile add NAME' whole (cobra, the store,
// the key file) on a pretend terminal in huh's accessible mode, one
// answer per line; the output never holds a full key.
func profileAsk(t *testing.T, home string, args []string, answers ...string) (code int, out, errOut string) {
	t.Helper()
	e := env.FromMap(map[string]string{"HOME": home, "ACCESSIBLE": "1", "KEYDOCTOR_KEYRING": "off"})
	e.GOOS, e.IsTerminal = "linux", true
	var so, se bytes.Buffer
	e.Stdin, e.Stdout, e.Stderr = strings.NewReader(strings.Join(answers, "\n")+"\n"), &so, &se
	code = Execute(e, args)
	for _, s := range []string{so.String(), se.String()} {
		if strings.Contains(s, wizardKey) || strings.Contains(s, otherKey) {
			t.Fatalf("a full key was printed:\n%s", s)
		}
	}
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("stdout:\n%s\nstderr:\n%s", so.String(), se.String())
		}
	})
	return code, so.String(), se.String()
}

// On a terminal without flags, profile add asks: a gateway typed in, the
// key (masked), a model from the gateway's live /v1/models list, and
// Claude Code's background model (the closest small one offered first,
// since the gateway does not serve Claude Code's own); then it saves.
func TestProfileAddAsks(t *testing.T) {
	served := []string{"gpt-5", "gpt-5-mini", "claude-sonnet-4-5", "claude-haiku-4-5"}
	srv, err := mock.Start(context.Background(), "127.0.0.1:0", mock.Options{Prefix: "/api", Key: wizardKey, Models: served})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() })
	home := testutil.TempDir(t)
	code, out, _ := profileAsk(t, home, []string{"profile", "add", "work"},
		anotherGateway,          // gateway: another one
		srv.Root()+"/v1/models", // typed with an endpoint: stripped
		otherKey,                // a key the gateway rejects
		"n",                     // do not keep it
		wizardKey,               // the key it takes
		"2",                     // model: gpt-5-mini, from the live list
		"2")                     // background: the closest small model
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	wantIn(t, out, "Gateway", "Base URL", "API key",
		"the gateway rejected the key sk-t****fedc (auth-invalid)", "API key",
		"Model", "gpt-5-mini", "claude-haiku-4-5",
		"the gateway does not list claude-haiku-4-5-20251001", "Claude Code's background model", "claude-haiku-4-5 (closest small model)",
		"added profile work: "+srv.Root()+", model gpt-5-mini, key ~/.config/keydoctor/keys/work (sk-t****0123)")
	yaml, _ := os.ReadFile(filepath.Join(home, ".config", "keydoctor", "profiles.yaml"))
	for _, want := range []string{"preset: custom", "base_url: " + srv.Root(), "model: gpt-5-mini", "background_model: claude-haiku-4-5", "key_store: file"} {
		if !strings.Contains(string(yaml), want) {
			t.Errorf("profiles.yaml lacks %q:\n%s", want, yaml)
		}
	}
	if strings.Contains(string(yaml), "sk-test-") {
		t.Errorf("profiles.yaml holds a key")
	}
	if k, _ := os.ReadFile(filepath.Join(home, ".config", "keydoctor", "keys", "work")); strings.TrimSpace(string(k)) != wizardKey {
		t.Errorf("the key file holds %d bytes, not the key", len(k))
	}

	// the name is checked before any question
	code, _, errOut := profileAsk(t, home, []string{"profile", "add", "work"}, anotherGateway)
	if code != exitUsage || !strings.Contains(errOut, `a profile "work" already exists`) {
		t.Errorf("exit %d: %s", code, errOut)
	}
}

// A preset's gateway whose models cannot be listed: the model and the
// background model are typed (Enter: Claude Code's default), and the
// profile follows the preset (no base URL of its own).
func TestProfileAddAsksPreset(t *testing.T) {
	var out bytes.Buffer
	e := env.FromMap(map[string]string{"HOME": testutil.TempDir(t)})
	o := &setupOptions{Env: e, Interactive: true, Accessible: true, In: strings.NewReader("1\n" + wizardKey + "\nn\nmy-model\n\n"), Out: &out, Err: &out,
		ListModels: func(context.Context, string, string) ([]string, error) { return nil, errors.New("connect-refused") }}
	f := &profileEdit{}
	if err := askProfile(context.Background(), o, f); err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	if f.preset != "taotoken" || f.baseURL != "" || f.model != "my-model" || f.backgroundModel != "" || f.key != wizardKey {
		t.Errorf("asked: %+v", *f)
	}
	wantIn(t, out.String(), "could not list the gateway's models (connect-refused): type the model id", "Claude Code's background model (Enter: its default")
	if strings.Contains(out.String(), wizardKey) {
		t.Fatal("the key was printed")
	}
}

// The answers ending mid-question (Ctrl-C) save nothing: exit status 1.
func TestProfileAddAskInterrupted(t *testing.T) {
	home := testutil.TempDir(t)
	code, _, errOut := profileAsk(t, home, []string{"profile", "add", "work"}, anotherGateway)
	if code != exitFindings || errOut != "keydoctor: error: profile add interrupted: nothing was saved\n" {
		t.Errorf("exit %d: %q", code, errOut)
	}
	if _, err := os.Stat(filepath.Join(home, ".config", "keydoctor", "profiles.yaml")); !errors.Is(err, os.ErrNotExist) {
		t.Error("profiles.yaml written by an interrupted run")
	}
}
