package discover

import (
	"fmt"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/keydoctor/keydoctor/internal/env/envtest"
	"github.com/keydoctor/keydoctor/internal/gateway"
)

const testKey = "sk-test-0123456789abcdef0123"

// home writes files (relative to a temp home) and returns an Env whose
// variables are vars plus HOME.
var home = envtest.Home

func v(value, file string, line int, key string) Value {
	return Value{Value: value, Source: Source{File: file, Line: line, Key: key}}
}

func TestClaudeLookupPrecedence(t *testing.T) {
	layer := func(scope, val string) ClaudeLayer {
		return ClaudeLayer{Scope: scope, Path: scope + ".json", Env: map[string]Value{"X": v(val, scope+".json", 1, "env.X")}}
	}
	empty := func(scope string) ClaudeLayer { return ClaudeLayer{Scope: scope, Env: map[string]Value{}} }
	shell := Value{Value: "shell", Source: Source{Key: "X", Origin: "shell"}}
	tests := []struct {
		name   string
		layers []ClaudeLayer
		shell  Value
		want   string
		shadow []string
	}{
		{"shell only", []ClaudeLayer{empty("user"), empty("project"), empty("local"), empty("managed")}, shell, "shell", nil},
		{"user beats shell", []ClaudeLayer{layer("user", "u"), empty("project"), empty("local"), empty("managed")}, shell, "u", []string{"shell"}},
		{"project beats user", []ClaudeLayer{layer("user", "u"), layer("project", "p"), empty("local"), empty("managed")}, Value{}, "p", []string{"u"}},
		{"local beats project and user", []ClaudeLayer{layer("user", "u"), layer("project", "p"), layer("local", "l"), empty("managed")}, shell, "l", []string{"p", "u", "shell"}},
		{"managed beats all", []ClaudeLayer{layer("user", "u"), layer("project", "p"), layer("local", "l"), layer("managed", "m")}, shell, "m", []string{"l", "p", "u", "shell"}},
		{"nothing", []ClaudeLayer{empty("user")}, Value{}, "", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Claude{Layers: tt.layers}.lookup("X", tt.shell)
			if got.Value != tt.want {
				t.Errorf("value = %q, want %q", got.Value, tt.want)
			}
			var shadow []string
			for _, o := range got.Overrides {
				shadow = append(shadow, o.Value)
			}
			if !reflect.DeepEqual(shadow, tt.shadow) {
				t.Errorf("overrides = %q, want %q", shadow, tt.shadow)
			}
		})
	}
}

func TestResolveClaude(t *testing.T) {
	e, dir := home(t, map[string]string{
		".claude/settings.json": `{
  "model": "from-model-key",
  "env": {
    "ANTHROPIC_BASE_URL": "https://user.example/api",
    "ANTHROPIC_AUTH_TOKEN": "` + testKey + `"
  }
}`,
		"proj/.claude/settings.local.json": `{"env": {"ANTHROPIC_BASE_URL": "https://local.example/api"}}`,
	}, map[string]string{"ANTHROPIC_BASE_URL": "https://shell.example", "ANTHROPIC_MODEL": "shell-model"})
	s := Discover(e, Options{Project: filepath.Join(dir, "proj")})
	c, ok := s.Tool("claude")
	if !ok {
		t.Fatal("claude not resolved")
	}
	if c.Base.Value != "https://local.example/api" || c.Base.Source.File != filepath.Join(dir, "proj/.claude/settings.local.json") || c.Base.Source.Line != 1 {
		t.Errorf("base = %+v", c.Base)
	}
	if len(c.Base.Overrides) != 2 || c.Base.Overrides[0].Source.Line != 4 || c.Base.Overrides[1].Source.Key != "ANTHROPIC_BASE_URL" {
		t.Errorf("base overrides = %+v", c.Base.Overrides)
	}
	if c.Key.Value != testKey || c.KeyName != "ANTHROPIC_AUTH_TOKEN" || c.Key.Source.Line != 5 {
		t.Errorf("key = %+v (%s)", c.Key.Source, c.KeyName)
	}
	// ANTHROPIC_MODEL (here from the shell) beats the "model" key.
	if c.Model.Value != "shell-model" || len(c.Model.Overrides) != 1 || c.Model.Overrides[0].Source.Line != 2 {
		t.Errorf("model = %+v", c.Model)
	}
}

func TestResolveCodex(t *testing.T) {
	tests := []struct {
		name                 string
		config, auth         string
		vars                 map[string]string
		base, key, model, kn string
		modelLine            int
		problems             int
	}{
		{
			name: "env_key provider",
			config: `model = "gpt-4o"
model_provider = "gw"

[model_providers.gw]
base_url = "https://gw.example/v1"
env_key = "GW_KEY"
wire_api = "responses"
`,
			vars: map[string]string{"GW_KEY": testKey},
			base: "https://gw.example/v1", key: testKey, kn: "GW_KEY", model: "gpt-4o", modelLine: 1,
		},
		{
			// Codex refuses a legacy selector and never applies the table
			// (0.171.0, docs/tools.md): the top level is what is shown.
			name: "a legacy profile is not applied",
			config: `model = "top"
model_provider = "gw"
profile = "work"

[profiles.work]
model = "from-profile"
model_provider = "other"

[model_providers.gw]
base_url = "https://gw.example/v1"

[model_providers.other]
base_url = "https://other.example/v1"
requires_openai_auth = true
`,
			auth: `{"OPENAI_API_KEY": "` + testKey + `"}`,
			base: "https://gw.example/v1", key: "", kn: "", model: "top", modelLine: 1,
		},
		{
			// the built-in provider reads its key from auth.json only: an
			// exported OPENAI_API_KEY is not sent (observed with Codex 0.171)
			name:   "built-in openai reads OPENAI_BASE_URL but not OPENAI_API_KEY",
			config: `model = "gpt-4o"` + "\n",
			vars:   map[string]string{"OPENAI_BASE_URL": "https://proxy.example/v1", "OPENAI_API_KEY": testKey},
			base:   "https://proxy.example/v1", key: "", kn: "auth.json OPENAI_API_KEY", model: "gpt-4o", modelLine: 1,
		},
		{
			name:   "ChatGPT sign-in needs no key",
			config: `model = "gpt-5"` + "\n",
			auth:   `{"OPENAI_API_KEY": null, "tokens": {"id_token": "x"}}`,
			base:   "https://api.openai.com/v1", kn: "ChatGPT sign-in (auth.json)", model: "gpt-5", modelLine: 1,
		},
		{
			name:     "undefined provider is a problem",
			config:   `model_provider = "nowhere"` + "\n",
			problems: 1,
		},
		{
			name:   "inline provider table",
			config: `model_provider = "gw"` + "\n" + `model_providers = { gw = { base_url = "https://gw.example/v1", experimental_bearer_token = "` + testKey + `" } }` + "\n",
			base:   "https://gw.example/v1", key: testKey, kn: "experimental_bearer_token",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			files := map[string]string{".codex/config.toml": tt.config}
			if tt.auth != "" {
				files[".codex/auth.json"] = tt.auth
			}
			e, dir := home(t, files, tt.vars)
			s := Discover(e, Options{Project: dir})
			if len(s.Problems) != tt.problems {
				t.Fatalf("problems = %+v", s.Problems)
			}
			c, ok := s.Tool("codex")
			if !ok && tt.kn == "ChatGPT sign-in (auth.json)" && len(s.Elsewhere) == 1 {
				// A ChatGPT sign-in on the built-in provider is the login
				// route: shown, not judged against a gateway.
				c, ok = &s.Elsewhere[0], s.Elsewhere[0].Route.Kind == RouteLogin
			}
			if !ok {
				t.Fatal("codex not resolved")
			}
			if c.Base.Value != tt.base || c.Key.Value != tt.key || c.KeyName != tt.kn || c.Model.Value != tt.model {
				t.Errorf("got base %q key %q (%s) model %q", c.Base.Value, c.Key.Value, c.KeyName, c.Model.Value)
			}
			if c.Model.Source.Line != tt.modelLine {
				t.Errorf("model line = %d, want %d", c.Model.Source.Line, tt.modelLine)
			}
		})
	}
}

func TestResolveDotEnvShellWins(t *testing.T) {
	e, dir := home(t, map[string]string{
		"p/.env": "# gateway\nexport TAOTOKEN_BASE_URL=https://file.example/api\nTAOTOKEN_API_KEY='" + testKey + "'\nTAOTOKEN_MODEL=gpt-4o\n",
	}, map[string]string{"TAOTOKEN_MODEL": "shell-model"})
	s := Discover(e, Options{Project: filepath.Join(dir, "p")})
	d, ok := s.Tool("env")
	if !ok {
		t.Fatal(".env not resolved")
	}
	if d.Base.Value != "https://file.example/api" || d.Base.Source.Line != 2 {
		t.Errorf("base = %+v", d.Base)
	}
	if d.Key.Value != testKey || d.Key.Source.Line != 3 {
		t.Errorf("key source = %+v", d.Key.Source)
	}
	if d.Model.Value != "shell-model" || d.Model.Source.Key != "TAOTOKEN_MODEL" || d.Model.Source.File != "" ||
		len(d.Model.Overrides) != 1 || d.Model.Overrides[0].Source.Line != 4 {
		t.Errorf("model = %+v", d.Model)
	}
}

func TestClineActiveProvider(t *testing.T) {
	e, dir := home(t, map[string]string{
		".cline/data/settings/providers.json": `{"version":1,"lastUsedProvider":"b","providers":{
"a":{"settings":{"baseUrl":"https://a.example/v1","apiKey":"k","model":"m"},"updatedAt":"x"},
"b":{"settings":{"baseUrl":"https://b.example/v1","apiKey":"` + testKey + `","model":"mb"},"updatedAt":"x"}}}`,
	}, nil)
	s := Discover(e, Options{Project: dir})
	c, ok := s.Tool("cline")
	if !ok {
		t.Fatal("cline not resolved")
	}
	if c.Base.Value != "https://b.example/v1" || c.Base.Source.Line != 3 || c.Model.Value != "mb" {
		t.Errorf("cline = %+v", c)
	}
}

func TestProblemsKeepLineAndColumn(t *testing.T) {
	e, dir := home(t, map[string]string{
		".claude/settings.json":               "{\n  \"env\": {\"A\": 1,}\n}\n",
		".codex/config.toml":                  "model = \n",
		".config/Code/User/settings.json":     "{\n  // c\n  \"a\": 1,\n  \"a\": 2\n}\n",
		".cline/data/settings/providers.json": "[]",
	}, nil)
	s := Discover(e, Options{Project: dir})
	got := map[string][2]int{}
	for _, p := range s.Problems {
		rel, _ := filepath.Rel(dir, p.File)
		got[filepath.ToSlash(rel)] = [2]int{p.Line, p.Col}
	}
	want := map[string][2]int{
		".claude/settings.json":               {2, 18}, // the } after a trailing comma
		".config/Code/User/settings.json":     {4, 3},  // a duplicate key
		".codex/config.toml":                  {1, 9},
		".cline/data/settings/providers.json": {1, 1}, // not an object
	}
	for f, w := range want {
		if got[f] != w {
			t.Errorf("%s at %v, want %v (all: %+v)", f, got[f], w, s.Problems)
		}
	}
}

func TestClaudeKeySources(t *testing.T) {
	base := `{"env":{"ANTHROPIC_BASE_URL":"https://g.example/api"%s}%s}`
	tests := []struct {
		name, env, extra, state string
		vars                    map[string]string
		keyName                 string
		creds                   int
		auth                    gateway.Auth // the header the key is sent in
	}{
		{"auth token", `,"ANTHROPIC_AUTH_TOKEN":"t"`, "", "", nil, "ANTHROPIC_AUTH_TOKEN", 1, gateway.AuthBearer},
		{"api key from the shell", "", "", "", map[string]string{"ANTHROPIC_API_KEY": "k"}, "ANTHROPIC_API_KEY", 1, gateway.AuthXAPIKey},
		{"both: token wins, both are credentials", `,"ANTHROPIC_AUTH_TOKEN":"t","ANTHROPIC_API_KEY":"k"`, "", "", nil, "ANTHROPIC_AUTH_TOKEN", 2, gateway.AuthBearer},
		{"apiKeyHelper", "", `,"apiKeyHelper":"~/bin/key"`, "", nil, KeyHelper, 0, ""}, // sent in both headers
		{"primaryApiKey last", "", "", `{"primaryApiKey":"p"}`, nil, "primaryApiKey", 0, gateway.AuthXAPIKey},
		{"no key", "", "", "", nil, "", 0, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			files := map[string]string{".claude/settings.json": fmt.Sprintf(base, tt.env, tt.extra)}
			if tt.state != "" {
				files[".claude.json"] = tt.state
			}
			e, dir := home(t, files, tt.vars)
			c, ok := Discover(e, Options{Project: dir}).Tool("claude")
			if !ok {
				t.Fatal("claude not resolved")
			}
			if c.KeyName != tt.keyName || len(c.Credentials) != tt.creds {
				t.Errorf("key %s with %d credentials, want %s with %d", c.KeyName, len(c.Credentials), tt.keyName, tt.creds)
			}
			if c.Auth != tt.auth {
				t.Errorf("auth = %q, want %q", c.Auth, tt.auth)
			}
		})
	}
}
