package claude_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env/envtest"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/redact"
	"github.com/keydoctor/keydoctor/internal/testutil"
	_ "github.com/keydoctor/keydoctor/internal/tool/all"
	"github.com/keydoctor/keydoctor/internal/tool/claude"
	"github.com/keydoctor/keydoctor/internal/verify"
)

// verifyKey is the fake key of verify's tests.
const verifyKey = "sk-test-0123456789abcdef0123"

func TestVerifyReadPrecedence(t *testing.T) {
	e, _ := envtest.Home(t, nil, map[string]string{
		"ANTHROPIC_BASE_URL":            "https://shell.example/api", // a settings env beats the shell
		"ANTHROPIC_SMALL_FAST_MODEL":    "shell-haiku",
		"ANTHROPIC_DEFAULT_HAIKU_MODEL": "",
	})
	project := testutil.TempDir(t)
	envtest.Write(t, filepath.Join(e.Home, ".claude", "settings.json"),
		`{"env":{"ANTHROPIC_BASE_URL":"https://user.example/api","ANTHROPIC_API_KEY":"`+verifyKey+`","ANTHROPIC_MODEL":"user-model"},"model":"ignored-because-env"}`)
	envtest.Write(t, filepath.Join(project, ".claude", "settings.json"), `{"env":{"ANTHROPIC_MODEL":"project-model"}}`)
	envtest.Write(t, filepath.Join(project, ".claude", "settings.local.json"), `{"env":{"ANTHROPIC_BASE_URL":"https://local.example/api"}}`)
	c, _ := verify.Read(e, claude.ID, project)
	if c.Base != "https://local.example/api" || !strings.HasSuffix(c.BaseSource, "settings.local.json") {
		t.Errorf("base %q from %q", c.Base, c.BaseSource)
	}
	if c.Model != "project-model" || c.Auth != gateway.AuthXAPIKey || c.Key != verifyKey {
		t.Errorf("model %q auth %q key %q", c.Model, c.Auth, redact.Mask(c.Key))
	}
	if c.BackgroundModel != "shell-haiku" || c.BackgroundModelSource != "$ANTHROPIC_SMALL_FAST_MODEL" {
		t.Errorf("background %q from %q", c.BackgroundModel, c.BackgroundModelSource)
	}
}

func TestVerifyReadTopLevelModelAndBrokenFile(t *testing.T) {
	e, _ := envtest.Home(t, nil, nil)
	project := testutil.TempDir(t)
	envtest.Write(t, filepath.Join(e.Home, ".claude", "settings.json"),
		`{"model":"opus-from-settings","env":{"ANTHROPIC_AUTH_TOKEN":"`+verifyKey+`","ANTHROPIC_API_KEY":"sk-other-0123456789abcdef"}}`)
	envtest.Write(t, filepath.Join(project, ".claude", "settings.json"), `{"env": {`)
	c, _ := verify.Read(e, claude.ID, project)
	if c.Model != "opus-from-settings" || c.Auth != gateway.AuthBearer || c.Key != verifyKey {
		t.Errorf("model %q auth %q", c.Model, c.Auth)
	}
	notes := strings.Join(c.Notes, "\n")
	if !strings.Contains(notes, "auth-conflict") || !strings.Contains(notes, filepath.FromSlash(".claude/settings.json")+" does not parse") {
		t.Errorf("notes: %s", notes)
	}
}

func TestVerifyReadFromDiscover(t *testing.T) {
	t.Run("claude from the shell alone", func(t *testing.T) {
		e, _ := envtest.Home(t, nil, map[string]string{"ANTHROPIC_BASE_URL": "https://shell.example/api", "ANTHROPIC_AUTH_TOKEN": verifyKey})
		c, _ := verify.Read(e, claude.ID, testutil.TempDir(t))
		if c.Base != "https://shell.example/api" || c.BaseSource != "$ANTHROPIC_BASE_URL" || c.Auth != gateway.AuthBearer || c.KeySource != "$ANTHROPIC_AUTH_TOKEN" {
			t.Errorf("got %s %s %s %s", c.Base, c.BaseSource, c.Auth, c.KeySource)
		}
	})
}

// The turn runs in an empty directory, so the --settings file repeats the
// project's and local settings (local winning), with the relay as base.
func TestVerifyPrepareRepeatsProjectSettings(t *testing.T) {
	e, _ := envtest.Home(t, nil, nil)
	project := testutil.TempDir(t)
	envtest.Write(t, filepath.Join(e.Home, ".claude", "settings.json"), `{"env":{"ANTHROPIC_BASE_URL":"https://user.example/api","USER_ONLY":"u"}}`)
	envtest.Write(t, filepath.Join(project, ".claude", "settings.json"), `{"model":"project-model","env":{"A":"project","B":"project"}}`)
	envtest.Write(t, filepath.Join(project, ".claude", "settings.local.json"), `{"env":{"B":"local","ANTHROPIC_AUTH_TOKEN":"`+verifyKey+`"}}`)
	c, err := verify.Read(e, claude.ID, project)
	if err != nil {
		t.Fatal(err)
	}
	tmp := testutil.TempDir(t)
	inv, err := verify.Prepare(e, c, "http://127.0.0.1:9/api", tmp)
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(tmp, "keydoctor-verify-settings.json"))
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Model string            `json:"model"`
		Env   map[string]string `json:"env"`
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"A": "project", "B": "local", "ANTHROPIC_AUTH_TOKEN": verifyKey, "ANTHROPIC_BASE_URL": "http://127.0.0.1:9/api"}
	if doc.Model != "project-model" || !reflect.DeepEqual(doc.Env, want) {
		t.Errorf("settings = %+v", doc)
	}
	if strings.Contains(strings.Join(inv.Args, " "), verifyKey) {
		t.Error("the key is on the command line")
	}
}

// A switch in managed settings (a file no test may write) beats every
// other layer, verify's --settings included: the turn's route is the
// switch's, named with its file and line.
func TestVerifyRouteFromManagedSettings(t *testing.T) {
	e, _ := envtest.Home(t, nil, nil)
	envtest.Write(t, filepath.Join(e.Home, ".claude", "settings.json"),
		`{"env":{"ANTHROPIC_BASE_URL":"https://gw.example/api","ANTHROPIC_AUTH_TOKEN":"`+verifyKey+`"}}`)
	s := discover.Discover(e, discover.Options{Project: testutil.TempDir(t)})
	managed := claude.ManagedSettings(e)
	for i, l := range claude.StateOf(s).Layers {
		if l.Scope == string(claude.Managed) {
			claude.StateOf(s).Layers[i].Exists = true
			claude.StateOf(s).Layers[i].Env = map[string]discover.Value{"CLAUDE_CODE_USE_BEDROCK": {Value: "1",
				Source: discover.Source{File: managed, Line: 3, Key: "env.CLAUDE_CODE_USE_BEDROCK"}}}
		}
	}
	c, err := verify.FromSnapshot(s, claude.ID)
	if err != nil {
		t.Fatal(err)
	}
	if !c.Bypassed() || c.Route.Name != "bedrock" || c.RouteSwitch() != "CLAUDE_CODE_USE_BEDROCK=1 in "+managed+":3" {
		t.Fatalf("route %+v, switch %q", c.Route, c.RouteSwitch())
	}
	target, _ := verify.TargetFor(c)
	v := verify.Judge(c, target, nil)
	if len(v) != 1 || v[0].What != "route" || v[0].Status != verify.Error || v[0].Code != "provider-bypass" ||
		!strings.Contains(v[0].Message, managed+":3 wins over its base URL, so the turn went to Amazon Bedrock") {
		t.Errorf("verdicts %+v", v)
	}
}

func FuzzVerifyRead(f *testing.F) {
	f.Add(`{"env":{"ANTHROPIC_BASE_URL":"https://gw.example/api","ANTHROPIC_AUTH_TOKEN":"k"},"model":"m"}`)
	f.Add(`{"env":{"ANTHROPIC_MODEL":3}}`)
	f.Add(`{"env":null}`)
	f.Add(`[`)
	f.Fuzz(func(t *testing.T, settings string) {
		e, _ := envtest.Home(t, nil, nil)
		envtest.Write(t, filepath.Join(e.Home, ".claude", "settings.json"), settings)
		c, _ := verify.Read(e, claude.ID, "")
		if c.Key != "" && c.Auth == "" {
			t.Errorf("a key without an auth kind for %q", settings)
		}
	})
}
