package verify

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/env/envtest"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/redact"
	"github.com/keydoctor/keydoctor/internal/testutil"
)

const testKey = "sk-test-0123456789abcdef0123"

var write = envtest.Write

func testEnv(t testing.TB, vars map[string]string) *env.Env {
	e, _ := envtest.Home(t, nil, vars)
	return e
}

func TestReadClaudePrecedence(t *testing.T) {
	e := testEnv(t, map[string]string{
		"ANTHROPIC_BASE_URL":            "https://shell.example/api", // a settings env beats the shell
		"ANTHROPIC_SMALL_FAST_MODEL":    "shell-haiku",
		"ANTHROPIC_DEFAULT_HAIKU_MODEL": "",
	})
	project := testutil.TempDir(t)
	write(t, filepath.Join(e.Home, ".claude", "settings.json"),
		`{"env":{"ANTHROPIC_BASE_URL":"https://user.example/api","ANTHROPIC_API_KEY":"`+testKey+`","ANTHROPIC_MODEL":"user-model"},"model":"ignored-because-env"}`)
	write(t, filepath.Join(project, ".claude", "settings.json"), `{"env":{"ANTHROPIC_MODEL":"project-model"}}`)
	write(t, filepath.Join(project, ".claude", "settings.local.json"), `{"env":{"ANTHROPIC_BASE_URL":"https://local.example/api"}}`)
	c, _ := Read(e, gateway.Claude, project)
	if c.Base != "https://local.example/api" || !strings.HasSuffix(c.BaseSource, "settings.local.json") {
		t.Errorf("base %q from %q", c.Base, c.BaseSource)
	}
	if c.Model != "project-model" || c.Auth != gateway.AuthXAPIKey || c.Key != testKey {
		t.Errorf("model %q auth %q key %q", c.Model, c.Auth, redact.Mask(c.Key))
	}
	if c.BackgroundModel != "shell-haiku" || c.BackgroundModelSource != "$ANTHROPIC_SMALL_FAST_MODEL" {
		t.Errorf("background %q from %q", c.BackgroundModel, c.BackgroundModelSource)
	}
}

func TestReadClaudeTopLevelModelAndBrokenFile(t *testing.T) {
	e := testEnv(t, nil)
	project := testutil.TempDir(t)
	write(t, filepath.Join(e.Home, ".claude", "settings.json"),
		`{"model":"opus-from-settings","env":{"ANTHROPIC_AUTH_TOKEN":"`+testKey+`","ANTHROPIC_API_KEY":"sk-other-0123456789abcdef"}}`)
	write(t, filepath.Join(project, ".claude", "settings.json"), `{"env": {`)
	c, _ := Read(e, gateway.Claude, project)
	if c.Model != "opus-from-settings" || c.Auth != gateway.AuthBearer || c.Key != testKey {
		t.Errorf("model %q auth %q", c.Model, c.Auth)
	}
	notes := strings.Join(c.Notes, "\n")
	if !strings.Contains(notes, "auth-conflict") || !strings.Contains(notes, filepath.FromSlash(".claude/settings.json")+" does not parse") {
		t.Errorf("notes: %s", notes)
	}
}

func TestReadCodex(t *testing.T) {
	for _, tc := range []struct {
		name, config, auth string
		vars               map[string]string
		base, model, key   string
		provider, err      string
		header             gateway.Auth // bearer when empty
	}{
		{name: "env_http_headers x-api-key",
			config: "model = \"gpt-5\"\nmodel_provider = \"tt\"\n[model_providers.tt]\nbase_url = \"https://gw.example/api/v1\"\nenv_http_headers = { \"x-api-key\" = \"TT_KEY\" }\n",
			vars:   map[string]string{"TT_KEY": testKey},
			base:   "https://gw.example/api/v1", model: "gpt-5", key: testKey, provider: "tt", header: gateway.AuthXAPIKey},
		{name: "env_key provider",
			config: "model = \"gpt-5\"\nmodel_provider = \"tt\"\n[model_providers.tt]\nbase_url = \"https://gw.example/api/v1\"\nwire_api = \"responses\"\nenv_key = \"TT_KEY\"\n",
			vars:   map[string]string{"TT_KEY": testKey},
			base:   "https://gw.example/api/v1", model: "gpt-5", key: testKey, provider: "tt"},
		{name: "auth.json provider",
			config: "model = \"gpt-5\"\nmodel_provider = \"tt\"\n[model_providers.tt]\nbase_url = \"https://gw.example/v1\"\nrequires_openai_auth = true\n",
			auth:   `{"OPENAI_API_KEY":"` + testKey + `"}`,
			base:   "https://gw.example/v1", model: "gpt-5", key: testKey, provider: "tt"},
		{name: "profile",
			config: "profile = \"fast\"\nmodel = \"gpt-5\"\nmodel_provider = \"a\"\n[profiles.fast]\nmodel = \"gpt-4o-mini\"\nmodel_provider = \"b\"\n[model_providers.b]\nbase_url = \"https://b.example/v1\"\n",
			err:    `config.toml:1 has profile = "fast": Codex refuses to start with a legacy profile selector`},
		{name: "built-in openai with openai_base_url",
			config: "model = \"gpt-5\"\nopenai_base_url = \"https://gw.example/v1\"\n",
			auth:   `{"OPENAI_API_KEY":"` + testKey + `"}`,
			base:   "https://gw.example/v1", model: "gpt-5", key: testKey, provider: "openai"},
		{name: "built-in openai ignores the exported key",
			config: "model = \"gpt-5\"\nopenai_base_url = \"https://gw.example/v1\"\n",
			vars:   map[string]string{"OPENAI_API_KEY": testKey},
			base:   "https://gw.example/v1", model: "gpt-5", provider: "openai"},
		{name: "missing provider table", config: "model_provider = \"nope\"\n", err: `names model_provider "nope" but has no [model_providers.nope] table`},
		{name: "local provider", config: "model_provider = \"ollama\"\n", err: "built-in ollama provider"},
		{name: "does not parse", config: "model = \"gpt-5\"\nmodel_provider = = 1\n", err: "does not parse at line 2, column"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := testEnv(t, tc.vars)
			write(t, filepath.Join(e.Home, ".codex", "config.toml"), tc.config)
			if tc.auth != "" {
				write(t, filepath.Join(e.Home, ".codex", "auth.json"), tc.auth)
			}
			c, err := Read(e, gateway.Codex, "")
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("err = %v, want %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if tc.header == "" {
				tc.header = gateway.AuthBearer
			}
			if c.Base != tc.base || c.Model != tc.model || c.Key != tc.key || c.Provider != tc.provider || c.Auth != tc.header {
				t.Errorf("got base %q model %q key %q provider %q auth %q", c.Base, c.Model, redact.Mask(c.Key), c.Provider, c.Auth)
			}
		})
	}
}

// TestReadClineAnthropic: Cline's anthropic provider sends POST
// {baseUrl}/messages with x-api-key (3.0.65, docs/tools.md); verify
// expects that path, not /chat/completions.
func TestReadClineAnthropic(t *testing.T) {
	e := testEnv(t, nil)
	write(t, filepath.Join(e.Home, ".cline", "data", "settings", "providers.json"),
		`{"version":1,"lastUsedProvider":"anthropic","providers":{"anthropic":{"settings":{"provider":"anthropic","apiKey":"`+testKey+`","model":"claude-sonnet-4-5","baseUrl":"https://gw.example/api/v1"},"updatedAt":"2026-11-29T21:35:09.883Z","tokenSource":"manual"}}}`)
	c, err := Read(e, gateway.Cline, "")
	if err != nil {
		t.Fatal(err)
	}
	tg, err := TargetFor(c)
	if err != nil {
		t.Fatal(err)
	}
	if c.Auth != gateway.AuthXAPIKey || tg.WantPath != "/api/v1/messages" {
		t.Errorf("auth %q, want path %q", c.Auth, tg.WantPath)
	}
}

func TestReadCline(t *testing.T) {
	e := testEnv(t, nil)
	write(t, filepath.Join(e.Home, ".cline", "data", "settings", "providers.json"),
		`{"version":1,"lastUsedProvider":"openai-compatible","providers":{"openai-compatible":{"settings":{"provider":"openai-compatible","apiKey":"`+testKey+`","model":"gpt-4o","baseUrl":"https://gw.example/api/v1"},"updatedAt":"2026-11-29T21:35:09.883Z","tokenSource":"manual"}}}`)
	c, err := Read(e, gateway.Cline, "")
	if err != nil {
		t.Fatal(err)
	}
	if c.Base != "https://gw.example/api/v1" || c.Model != "gpt-4o" || c.Key != testKey || c.Auth != gateway.AuthBearer {
		t.Errorf("got %+v", c)
	}
	write(t, filepath.Join(e.Home, ".cline", "data", "settings", "providers.json"), `{"lastUsedProvider":"x","providers":{}}`)
	if _, err := Read(e, gateway.Cline, ""); err == nil || !strings.Contains(err.Error(), `lastUsedProvider "x" has no entry`) {
		t.Errorf("err = %v", err)
	}
}

func TestTargetFor(t *testing.T) {
	for _, tc := range []struct {
		tool                     gateway.ToolID
		base                     string
		upstream, basePath, want string
	}{
		{gateway.Claude, "https://gw.example/api", "https://gw.example", "/api", "/api/v1/messages"},
		{gateway.Claude, "https://gw.example/api/v1", "https://gw.example", "/api/v1", "/api/v1/messages"},
		{gateway.Codex, "http://127.0.0.1:8765/api/v1/", "http://127.0.0.1:8765", "/api/v1", "/api/v1/responses"},
		{gateway.Cline, "https://gw.example", "https://gw.example", "", "/v1/chat/completions"},
	} {
		got, err := TargetFor(Configured{Tool: tc.tool, Base: tc.base})
		if err != nil {
			t.Fatal(err)
		}
		if got.Upstream.String() != tc.upstream || got.BasePath != tc.basePath || got.WantPath != tc.want {
			t.Errorf("TargetFor(%s, %q) = %s %q %q", tc.tool, tc.base, got.Upstream, got.BasePath, got.WantPath)
		}
	}
	if _, err := TargetFor(Configured{Tool: gateway.Claude}); err == nil {
		t.Error("no base URL: want an error")
	}
	if _, err := TargetFor(Configured{Tool: gateway.Claude, Base: "gw.example/api"}); err == nil {
		t.Error("no scheme: want an error")
	}
}

func FuzzReadCodex(f *testing.F) {
	f.Add("model = \"gpt-5\"\nmodel_provider = \"tt\"\n[model_providers.tt]\nbase_url = \"https://gw.example/v1\"\nenv_key = \"K\"\n")
	f.Add("profile = \"p\"\n[profiles.p]\nmodel_provider = \"openai\"\n")
	f.Add("model_provider = = 1")
	f.Add("[model_providers]\ntt = 3\n")
	f.Add("[model.0]0")
	f.Fuzz(func(t *testing.T, config string) {
		e := testEnv(t, map[string]string{"K": testKey})
		write(t, filepath.Join(e.Home, ".codex", "config.toml"), config)
		c, err := Read(e, gateway.Codex, "")
		if err == nil && c.Provider == "" {
			t.Errorf("no provider and no error for %q", config)
		}
	})
}

func FuzzReadClaude(f *testing.F) {
	f.Add(`{"env":{"ANTHROPIC_BASE_URL":"https://gw.example/api","ANTHROPIC_AUTH_TOKEN":"k"},"model":"m"}`)
	f.Add(`{"env":{"ANTHROPIC_MODEL":3}}`)
	f.Add(`{"env":null}`)
	f.Add(`[`)
	f.Fuzz(func(t *testing.T, settings string) {
		e := testEnv(t, nil)
		write(t, filepath.Join(e.Home, ".claude", "settings.json"), settings)
		c, _ := Read(e, gateway.Claude, "")
		if c.Key != "" && c.Auth == "" {
			t.Errorf("a key without an auth kind for %q", settings)
		}
	})
}
