package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/internal/mock"
	"github.com/keydoctor/keydoctor/internal/testutil"
	"github.com/keydoctor/keydoctor/templates"
)

const otherKey = "sk-test-fedcba9876543210fedc" // a well-formed key the gateway rejects

// wizardResult is what one accessible-mode wizard run printed and wrote.
type wizardResult struct {
	out, stderr string
	err         error
	home        string
	project     string
}

func (r wizardResult) file(rel string) string {
	b, _ := os.ReadFile(filepath.Join(r.home, rel))
	return string(b)
}

// wizardRun drives the wizard in accessible mode with one answer per line
// against a fake gateway serving models (its defaults when nil); the
// preset's base URL points at it.
func wizardRun(t *testing.T, models []string, vars map[string]string, o setupOptions, answers ...string) wizardResult {
	t.Helper()
	srv, err := mock.Start(context.Background(), "127.0.0.1:0", mock.Options{Prefix: "/api", Key: wizardKey, Models: models})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() })
	all := map[string]string{"TAOTOKEN_BASE_URL": srv.Root()}
	for k, v := range vars {
		all[k] = v
	}
	e := wizardEnv(t, all)
	var out, errOut bytes.Buffer
	o.Env, o.Interactive, o.Accessible = e, true, true
	in := strings.ReplaceAll(strings.Join(answers, "\n")+"\n", "$GATEWAY", srv.Root())
	o.In, o.Out, o.Err = strings.NewReader(in), &out, &errOut
	if o.Project == "" {
		o.Project = testutil.TempDir(t)
	}
	o.ListModels = func(ctx context.Context, root, key string) ([]string, error) {
		if root != srv.Root() {
			t.Fatalf("the wizard asked %s, not the fake gateway", root) // tests talk only to loopback
		}
		return listModels(ctx, e, root, key)
	}
	err = runSetup(context.Background(), &o)
	r := wizardResult{out: out.String(), stderr: errOut.String(), err: err, home: e.Home, project: o.Project}
	for _, s := range []string{r.out, r.stderr} {
		if strings.Contains(s, wizardKey) || strings.Contains(s, otherKey) {
			t.Fatalf("a full key was printed:\n%s", s)
		}
	}
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("stdout:\n%s\nstderr:\n%s", r.out, r.stderr)
		}
	})
	return r
}

// wantIn checks that s holds each string, in this order.
func wantIn(t *testing.T, s string, wants ...string) {
	t.Helper()
	at := 0
	for _, w := range wants {
		i := strings.Index(s[at:], w)
		if i < 0 {
			t.Errorf("output lacks %q (after byte %d)", w, at)
			return
		}
		at += i + len(w)
	}
}

// A key the gateway rejects is said so and written only if the user
// insists; "no" asks for another key and lists the models with it.
func TestWizardRejectedKey(t *testing.T) {
	vars := map[string]string{"TAOTOKEN_API_KEY": otherKey}
	r := wizardRun(t, nil, vars, setupOptions{Tools: "claude"},
		anotherGateway, "", // gateway: another one, the fake one from TAOTOKEN_BASE_URL
		"y", // use the key from TAOTOKEN_API_KEY
		"n", // rejected: do not keep it
		wizardKey,
		"1", // model: the first listed
		"y") // write
	if r.err != nil {
		t.Fatalf("setup: %v", r.err)
	}
	wantIn(t, r.out, "the gateway rejected the key sk-t****fedc (auth-invalid): tools given this key will fail",
		"Write this key anyway?", "API key", "Model", "Write these changes?")
	if s := r.file(".claude/settings.json"); !strings.Contains(s, wizardKey) || strings.Contains(s, otherKey) {
		t.Errorf("settings.json does not hold the accepted key")
	}

	// kept anyway: written as asked, the model typed (no list)
	r = wizardRun(t, nil, vars, setupOptions{Tools: "claude"}, anotherGateway, "", "y", "y", "my-model", "y")
	if r.err != nil {
		t.Fatalf("setup: %v", r.err)
	}
	wantIn(t, r.out, "rejected the key", "Write this key anyway?", "Model")
	if !strings.Contains(r.file(".claude/settings.json"), `"ANTHROPIC_MODEL": "my-model"`) {
		t.Errorf("settings.json:\n%s", r.file(".claude/settings.json"))
	}
}

// A typed model id the gateway does not list is said so (with the closest
// it serves) and kept only if the user insists.
func TestWizardUnlistedModel(t *testing.T) {
	vars := map[string]string{"TAOTOKEN_API_KEY": wizardKey}
	r := wizardRun(t, nil, vars, setupOptions{Tools: "claude"},
		anotherGateway, "", "y",
		"7",            // model: another model (type its id), after the 6 served
		"gpt-4o-latst", // a typo
		"n",            // not that one
		"2",            // gpt-4o-mini
		"y")
	if r.err != nil {
		t.Fatalf("setup: %v", r.err)
	}
	wantIn(t, r.out, "the gateway does not list gpt-4o-latst; closest it serves: gpt-4o", "Use gpt-4o-latst anyway?")
	if !strings.Contains(r.file(".claude/settings.json"), `"ANTHROPIC_MODEL": "gpt-4o-mini"`) {
		t.Errorf("settings.json:\n%s", r.file(".claude/settings.json"))
	}
	// --model with an unlisted id: asked the same way; yes keeps it
	r = wizardRun(t, nil, vars, setupOptions{Tools: "claude", Flags: profileFlags{model: "house-model"}}, anotherGateway, "", "y", "y", "y")
	if r.err != nil {
		t.Fatalf("setup: %v", r.err)
	}
	wantIn(t, r.out, "the gateway does not list house-model", "Use house-model anyway?", "Write these changes?")
	if !strings.Contains(r.file(".claude/settings.json"), `"ANTHROPIC_MODEL": "house-model"`) {
		t.Errorf("settings.json:\n%s", r.file(".claude/settings.json"))
	}
}

// Values given by flags are not asked again: --tools, --base-url, --model.
func TestWizardFlagsNotAsked(t *testing.T) {
	vars := map[string]string{"TAOTOKEN_API_KEY": wizardKey}
	o := setupOptions{Tools: "claude", Flags: profileFlags{model: "gpt-4o"}}
	r := wizardRun(t, nil, vars, o, anotherGateway, "", "y", "y")
	if r.err != nil {
		t.Fatalf("setup: %v", r.err)
	}
	for _, asked := range []string{"Tools to configure", "Model"} {
		// A question's title opens its line (a preset's title, ModelScope,
		// is in the gateway list).
		if regexp.MustCompile(`(?m)^` + asked + `\b`).MatchString(r.out) {
			t.Errorf("asked %q although a flag gave it", asked)
		}
	}
}

// A URL kept (Enter) from the preset's own variable keeps that preset's
// names: the user chose TAOTOKEN_*.
func TestWizardKeptPresetURL(t *testing.T) {
	vars := map[string]string{"TAOTOKEN_API_KEY": wizardKey}
	r := wizardRun(t, nil, vars, setupOptions{Tools: "env"}, anotherGateway, "", "y", "1", "y")
	if r.err != nil {
		t.Fatalf("setup: %v", r.err)
	}
	dotenv, _ := os.ReadFile(filepath.Join(r.project, ".env"))
	if !strings.Contains(string(dotenv), "TAOTOKEN_BASE_URL=http://127.0.0.1:") || strings.Contains(r.out, "this gateway is named") {
		t.Errorf(".env:\n%s", dotenv)
	}
}

// No tool picked: said after the answer, not before the question.
func TestWizardPickATool(t *testing.T) {
	vars := map[string]string{"TAOTOKEN_API_KEY": wizardKey}
	r := wizardRun(t, nil, vars, setupOptions{}, anotherGateway, "", "y", "1",
		"1", "0", // tools: unselect the detected Claude Code, confirm none
		"5", "0", // .env
		"y")
	if r.err != nil {
		t.Fatalf("setup: %v", r.err)
	}
	if strings.Count(r.out, "pick at least one tool") != 1 {
		t.Fatalf("want one complaint, after the first empty answer")
	}
	wantIn(t, r.out, "Tools to configure", "pick at least one tool", "Tools to configure", "created")
}

// Another gateway, typed in, is named by its host and gets neutral
// variable names.
func TestWizardCustomGateway(t *testing.T) {
	vars := map[string]string{"TAOTOKEN_API_KEY": wizardKey}
	r := wizardRun(t, nil, vars, setupOptions{Tools: "codex,env", ToolOptions: map[string]string{"codex-auth": "env"}},
		anotherGateway, // another gateway
		"$GATEWAY",     // typed (the field starts empty)
		"y",            // key
		"1",            // model
		"y")
	if r.err != nil {
		t.Fatalf("setup: %v", r.err)
	}
	wantIn(t, r.out, "Base URL (Enter keeps http://127.0.0.1:", "this gateway is named 127-0-0-1; .env gets GATEWAY_BASE_URL, GATEWAY_API_KEY and GATEWAY_MODEL")
	config := r.file(".codex/config.toml")
	for _, want := range []string{`model_provider = "127-0-0-1"`, "[model_providers.127-0-0-1]", `env_key = "GATEWAY_API_KEY"`} {
		if !strings.Contains(config, want) {
			t.Errorf("config.toml lacks %s:\n%s", want, config)
		}
	}
	dotenv, _ := os.ReadFile(filepath.Join(r.project, ".env"))
	if !strings.Contains(string(dotenv), "GATEWAY_API_KEY="+wizardKey) || strings.Contains(strings.ToLower(config+string(dotenv)), "taotoken") {
		t.Errorf("a custom gateway is still named after TaoToken")
	}
}

// When Claude Code is configured and the gateway does not list the model
// of its background requests, the wizard offers the served models, the
// closest small one first; "leave it" writes nothing for it.
func TestWizardBackgroundModel(t *testing.T) {
	served := []string{"gpt-4o", "claude-sonnet-4-5", "claude-haiku-4-5"}
	vars := map[string]string{"TAOTOKEN_API_KEY": wizardKey}
	r := wizardRun(t, served, vars, setupOptions{Tools: "claude"}, anotherGateway, "", "y", "1", "1", "y")
	if r.err != nil {
		t.Fatalf("setup: %v", r.err)
	}
	wantIn(t, r.out, "the gateway does not list claude-haiku-4-5-20251001 (Claude Code's default), the model of Claude Code's background requests",
		"Claude Code's background model (ANTHROPIC_DEFAULT_HAIKU_MODEL)", "1. claude-haiku-4-5 (closest small model)",
		`+    "ANTHROPIC_DEFAULT_HAIKU_MODEL": "claude-haiku-4-5"`, "background model  claude-haiku-4-5")
	if !strings.Contains(r.file(".claude/settings.json"), `"ANTHROPIC_DEFAULT_HAIKU_MODEL": "claude-haiku-4-5"`) {
		t.Errorf("settings.json:\n%s", r.file(".claude/settings.json"))
	}

	r = wizardRun(t, served, vars, setupOptions{Tools: "claude"}, anotherGateway, "", "y", "1", "4", "y") // 4: leave it
	if r.err != nil {
		t.Fatalf("setup: %v", r.err)
	}
	if strings.Contains(r.file(".claude/settings.json"), "ANTHROPIC_DEFAULT_HAIKU_MODEL") {
		t.Errorf("left as it is, yet written:\n%s", r.file(".claude/settings.json"))
	}

	// a gateway that serves it: no question
	r = wizardRun(t, nil, vars, setupOptions{Tools: "claude"}, anotherGateway, "", "y", "1", "y")
	if r.err != nil || strings.Contains(r.out, "background") {
		t.Errorf("asked about the background model the gateway serves (err %v)", r.err)
	}
}

// Ctrl-C (here: the input ending, or the context cancelled by a signal)
// ends the wizard with one line and exit status 1; nothing is written.
func TestWizardInterrupted(t *testing.T) {
	vars := map[string]string{"TAOTOKEN_API_KEY": wizardKey}
	r := wizardRun(t, nil, vars, setupOptions{Tools: "claude"}, anotherGateway, "", "y") // ends at the model
	var stderr strings.Builder
	if code := reportError(&stderr, r.err); code != exitFindings || stderr.String() != "keydoctor: error: setup interrupted: nothing was written\n" {
		t.Errorf("exit %d, stderr %q", code, stderr.String())
	}
	if _, err := os.Stat(filepath.Join(r.home, ".claude", "settings.json")); !os.IsNotExist(err) {
		t.Error("settings.json written by an interrupted wizard")
	}

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var out bytes.Buffer
	o := &setupOptions{Env: wizardEnv(t, vars), Project: testutil.TempDir(t), Interactive: true, Accessible: true,
		In: strings.NewReader("1\n"), Out: &out, Err: &out}
	if err := runSetup(ctx, o); err != errInterrupted {
		t.Errorf("cancelled: %v", err)
	}
}

// anotherGateway is the wizard's answer for "another gateway (type its
// URL)": the last of its list, after every preset but the custom one
// (setup.ChooseGateway).
var anotherGateway = strconv.Itoa(len(templates.Presets()))

// "another gateway with its own Anthropic API root": the wizard asks for
// that root after the base URL, shows each tool its family's root, and
// writes Claude Code the Anthropic root and Codex the OpenAI one.
func TestWizardSeparateRoots(t *testing.T) {
	vars := map[string]string{"TAOTOKEN_API_KEY": wizardKey}
	separate := strconv.Itoa(len(templates.Presets()) + 1)
	r := wizardRun(t, nil, vars, setupOptions{Tools: "claude,codex", ToolOptions: map[string]string{"codex-auth": "env"}},
		separate, "$GATEWAY", "$GATEWAY/anthropic", "y", "1", "y")
	if r.err != nil {
		t.Fatalf("setup: %v", r.err)
	}
	wantIn(t, r.out, "another gateway with its own Anthropic API root", "Anthropic API root (Enter: the base URL serves it)",
		"each tool will receive", "/api/anthropic/v1/messages")
	if c := r.file(".claude/settings.json"); !regexp.MustCompile(`"ANTHROPIC_BASE_URL": "http://127\.0\.0\.1:\d+/api/anthropic"`).MatchString(c) {
		t.Errorf("settings.json:\n%s", c)
	}
	if c := r.file(".codex/config.toml"); !regexp.MustCompile(`base_url = "http://127\.0\.0\.1:\d+/api/v1"`).MatchString(c) {
		t.Errorf("config.toml:\n%s", c)
	}
	if c := r.file(".config/keydoctor/profiles.yaml"); !strings.Contains(c, "anthropic: http://127.0.0.1:") {
		t.Errorf("the profile keeps no root:\n%s", c)
	}
}
