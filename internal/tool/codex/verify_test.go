package codex_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/internal/env/envtest"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/redact"
	_ "github.com/keydoctor/keydoctor/internal/tool/all"
	"github.com/keydoctor/keydoctor/internal/tool/codex"
	"github.com/keydoctor/keydoctor/internal/verify"
)

// verifyKey is the fake key of verify's tests.
const verifyKey = "sk-test-0123456789abcdef0123"

func TestVerifyRead(t *testing.T) {
	for _, tc := range []struct {
		name, config, auth string
		vars               map[string]string
		base, model, key   string
		provider, err      string
		header             gateway.Auth // bearer when empty
	}{
		{name: "env_http_headers x-api-key",
			config: "model = \"gpt-5\"\nmodel_provider = \"tt\"\n[model_providers.tt]\nbase_url = \"https://gw.example/api/v1\"\nenv_http_headers = { \"x-api-key\" = \"TT_KEY\" }\n",
			vars:   map[string]string{"TT_KEY": verifyKey},
			base:   "https://gw.example/api/v1", model: "gpt-5", key: verifyKey, provider: "tt", header: gateway.AuthXAPIKey},
		{name: "env_key provider",
			config: "model = \"gpt-5\"\nmodel_provider = \"tt\"\n[model_providers.tt]\nbase_url = \"https://gw.example/api/v1\"\nwire_api = \"responses\"\nenv_key = \"TT_KEY\"\n",
			vars:   map[string]string{"TT_KEY": verifyKey},
			base:   "https://gw.example/api/v1", model: "gpt-5", key: verifyKey, provider: "tt"},
		{name: "auth.json provider",
			config: "model = \"gpt-5\"\nmodel_provider = \"tt\"\n[model_providers.tt]\nbase_url = \"https://gw.example/v1\"\nrequires_openai_auth = true\n",
			auth:   `{"OPENAI_API_KEY":"` + verifyKey + `"}`,
			base:   "https://gw.example/v1", model: "gpt-5", key: verifyKey, provider: "tt"},
		{name: "profile",
			config: "profile = \"fast\"\nmodel = \"gpt-5\"\nmodel_provider = \"a\"\n[profiles.fast]\nmodel = \"gpt-4o-mini\"\nmodel_provider = \"b\"\n[model_providers.b]\nbase_url = \"https://b.example/v1\"\n",
			err:    `config.toml:1 has profile = "fast": Codex refuses to start with a legacy profile selector`},
		{name: "built-in openai with openai_base_url",
			config: "model = \"gpt-5\"\nopenai_base_url = \"https://gw.example/v1\"\n",
			auth:   `{"OPENAI_API_KEY":"` + verifyKey + `"}`,
			base:   "https://gw.example/v1", model: "gpt-5", key: verifyKey, provider: "openai"},
		{name: "built-in openai ignores the exported key",
			config: "model = \"gpt-5\"\nopenai_base_url = \"https://gw.example/v1\"\n",
			vars:   map[string]string{"OPENAI_API_KEY": verifyKey},
			base:   "https://gw.example/v1", model: "gpt-5", provider: "openai"},
		{name: "missing provider table", config: "model_provider = \"nope\"\n", err: `names model_provider "nope" but has no [model_providers.nope] table`},
		{name: "local provider", config: "model_provider = \"ollama\"\n", err: "built-in ollama provider"},
		{name: "does not parse", config: "model = \"gpt-5\"\nmodel_provider = = 1\n", err: "does not parse at line 2, column"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e, _ := envtest.Home(t, nil, tc.vars)
			envtest.Write(t, filepath.Join(e.Home, ".codex", "config.toml"), tc.config)
			if tc.auth != "" {
				envtest.Write(t, filepath.Join(e.Home, ".codex", "auth.json"), tc.auth)
			}
			c, err := verify.Read(e, codex.ID, "")
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

func TestVerifyReadFromDiscover(t *testing.T) {
	t.Run("codex: a value of the wrong type stops the turn", func(t *testing.T) {
		e, _ := envtest.Home(t, nil, nil)
		envtest.Write(t, filepath.Join(e.Home, ".codex", "config.toml"), "model = 5\nmodel_provider = \"tt\"\n[model_providers.tt]\nbase_url = \"https://gw.example/v1\"\n")
		if _, err := verify.Read(e, codex.ID, ""); err == nil || !strings.Contains(err.Error(), "config.toml:1: model must be a string") {
			t.Errorf("err = %v", err)
		}
	})
}

func FuzzVerifyRead(f *testing.F) {
	f.Add("model = \"gpt-5\"\nmodel_provider = \"tt\"\n[model_providers.tt]\nbase_url = \"https://gw.example/v1\"\nenv_key = \"K\"\n")
	f.Add("profile = \"p\"\n[profiles.p]\nmodel_provider = \"openai\"\n")
	f.Add("model_provider = = 1")
	f.Add("[model_providers]\ntt = 3\n")
	f.Add("[model.0]0")
	f.Fuzz(func(t *testing.T, config string) {
		e, _ := envtest.Home(t, nil, map[string]string{"K": verifyKey})
		envtest.Write(t, filepath.Join(e.Home, ".codex", "config.toml"), config)
		c, err := verify.Read(e, codex.ID, "")
		if err == nil && c.Provider == "" {
			t.Errorf("no provider and no error for %q", config)
		}
	})
}
