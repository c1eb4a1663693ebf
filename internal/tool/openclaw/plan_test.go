package openclaw_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/internal/env/envtest"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/tool/openclaw"
	"github.com/keydoctor/keydoctor/writers"
)

func profile() gateway.Profile {
	return gateway.Profile{Preset: "custom", BaseURL: "https://gw.example/api", Key: testKey, Model: "m1",
		KeyVar: "GW_KEY", VarKey: "GW_KEY"}
}

// plan plans setup for OpenClaw over the config content (none: absent).
func plan(t *testing.T, content string, opts map[string]string) (string, *writers.Change, error) {
	t.Helper()
	files := map[string]string{}
	if content != "" {
		files[".openclaw/openclaw.json"] = content
	}
	e, dir := envtest.Home(t, files, nil)
	if content == "" {
		if err := os.MkdirAll(filepath.Join(e.Home, ".openclaw"), 0o700); err != nil {
			t.Fatal(err)
		}
	}
	p, err := writers.MakePlan(writers.Options{Env: e, Profile: profile(), Project: dir, ToolOptions: opts}, []gateway.ToolID{openclaw.ID})
	if err != nil {
		return "", nil, err
	}
	cs := p.Pending()
	if len(cs) != 1 {
		t.Fatalf("%d changes", len(cs))
	}
	return string(cs[0].New), cs[0], nil
}

// Setup edits a hand-written JSON5 config in place: the comments, bare
// keys, single quotes and trailing commas stay; the provider is added in
// its siblings' style, the primary model switched where it is written.
func TestPlanKeepsJSON5(t *testing.T) {
	in := `// mine
{
  gateway: {mode: 'local'}, // local only
  models: {
    providers: {
      other: {baseUrl: 'https://other.example/v1', models: [{id: 'a', name: 'A'}]},
    },
  },
  agents: {defaults: {model: {primary: 'other/a', fallbacks: []}}},
}
`
	out, c, err := plan(t, in, map[string]string{"openclaw-api": "anthropic-messages", "openclaw-auth": "env"})
	if err != nil {
		t.Fatal(err)
	}
	want := `// mine
{
  gateway: {mode: 'local'}, // local only
  models: {
    providers: {
      other: {baseUrl: 'https://other.example/v1', models: [{id: 'a', name: 'A'}]},
      "gw-example": {
        baseUrl: "https://gw.example/api",
        apiKey: "${GW_KEY}",
        api: "anthropic-messages",
        models: [
          {
            id: "m1",
            name: "m1"
          }
        ]
      },
    },
  },
  agents: {defaults: {model: {primary: 'gw-example/m1', fallbacks: []}}},
}
`
	if out != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
	if c.Secret || strings.Contains(out, testKey) {
		t.Errorf("a ${VAR} config holds the key, or is taken for secret (%v)", c.Secret)
	}
}

// The model the user already declared keeps its fields and gets the name
// OpenClaw requires; the short form model: "ID/MODEL" stays short; a
// literal key makes the file secret; the openai api gets /v1.
func TestPlanDeclaresModel(t *testing.T) {
	in := "{\n  models: {providers: {'gw-example': {models: [{id: 'm1', contextWindow: 8000}]}}},\n  agents: {defaults: {model: 'x/y'}},\n}\n"
	out, c, err := plan(t, in, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, frag := range []string{`[{id: 'm1', contextWindow: 8000, name: "m1"}]`, `model: 'gw-example/m1'`, `baseUrl: "https://gw.example/api/v1"`, `api: "openai-completions"`} {
		if !strings.Contains(out, frag) {
			t.Errorf("no %s in\n%s", frag, out)
		}
	}
	if !c.Secret {
		t.Error("a config holding the key is not taken for secret")
	}
	fresh, _, err := plan(t, "", nil)
	if err != nil || !strings.Contains(fresh, `"primary": "gw-example/m1"`) {
		t.Errorf("a new config: %v\n%s", err, fresh)
	}
}

// What setup cannot edit safely it refuses, naming line and column: a
// file that is not JSON5, a provider map that is not an object.
func TestPlanRefuses(t *testing.T) {
	for _, tt := range []struct {
		in        string
		line, col int
		reason    string
	}{
		{"{\n  models: {providers: {gw: {baseUrl: 'x' 'y'}}},\n}", 2, 42, "a comma or } is expected"},
		{"{\n  models: {providers: ['gw']},\n}", 2, 23, `"models.providers" is an array, not an object`},
		{"{\n  agents: {defaults: {model: 3}},\n}", 2, 30, `"agents.defaults.model" is a number, not an object`},
	} {
		_, _, err := plan(t, tt.in, nil)
		var re *writers.RefusedError
		if !errors.As(err, &re) || re.Line != tt.line || re.Col != tt.col || !strings.Contains(re.Reason, tt.reason) {
			t.Errorf("%q: %v, want a refusal at %d:%d (%s)", tt.in, err, tt.line, tt.col, tt.reason)
		}
	}
}
