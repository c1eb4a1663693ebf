package codex_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env/envtest"
	"github.com/keydoctor/keydoctor/internal/format/tomlbound"
	"github.com/keydoctor/keydoctor/internal/gateway"
	_ "github.com/keydoctor/keydoctor/internal/tool/all"
	"github.com/keydoctor/keydoctor/internal/tool/codex"
)

// testKey is an obvious fake key.
const testKey = "sk-test-0123456789abcdef0123"

// home writes files (relative to a temp home) and returns an Env whose
// variables are vars plus HOME.
var home = envtest.Home

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
			// Codex 0.171.0 reads a config.toml with a UTF-8 BOM (the
			// truth harness, docs/tools.md): so does keydoctor, lines kept
			name:   "a byte order mark is read past",
			config: "\ufeff" + `model = "gpt-4o"` + "\n" + `model_provider = "gw"` + "\n" + `model_providers = { gw = { base_url = "https://gw.example/v1", experimental_bearer_token = "` + testKey + `" } }` + "\n",
			base:   "https://gw.example/v1", key: testKey, kn: "experimental_bearer_token", model: "gpt-4o", modelLine: 1,
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
			s := discover.Discover(e, discover.Options{Project: dir})
			if len(s.Problems) != tt.problems {
				t.Fatalf("problems = %+v", s.Problems)
			}
			c, ok := s.Tool("codex")
			if !ok && tt.kn == "ChatGPT sign-in (auth.json)" && len(s.Elsewhere) == 1 {
				// A ChatGPT sign-in on the built-in provider is the login
				// route: shown, not judged against a gateway.
				c, ok = &s.Elsewhere[0], s.Elsewhere[0].Route.Kind == discover.RouteLogin
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

// TestCodexSends follows what Codex 0.171.0 was seen to send to a custom
// provider (docs/tools.md): env_key > experimental_bearer_token >
// auth.json (requires_openai_auth = true) > an Authorization header of
// http_headers / env_http_headers; an x-api-key header goes along.
func TestCodexSends(t *testing.T) {
	const other = "sk-test-fedcba9876543210fedc"
	const head = "model = \"gpt-4o\"\nmodel_provider = \"gw\"\n\n[model_providers.gw]\nbase_url = \"https://gw.example/v1\"\n"
	const chatgpt = `{"auth_mode": "chatgpt", "OPENAI_API_KEY": "` + other + `", "tokens": {"access_token": "eyJhbGciOiJub25lIn0.e30.c2ln", "account_id": "a"}}`
	tests := []struct {
		name, table, auth string
		vars              map[string]string
		key, keyName      string
		auth2             gateway.Auth
		sends             codex.Sends
		keyPlace          string // Places.Key.Key when no key is sent
		credentials       int
	}{
		{name: "http_headers Authorization", table: `http_headers = { "Authorization" = "Bearer ` + testKey + `" }`,
			key: testKey, keyName: "model_providers.gw.http_headers.Authorization", auth2: gateway.AuthBearer, sends: codex.SendsHeader, credentials: 1},
		{name: "http_headers as a sub-table, any case", table: "\n[model_providers.gw.http_headers]\nauthorization = \"bearer " + testKey + "\"",
			key: testKey, keyName: "model_providers.gw.http_headers.authorization", auth2: gateway.AuthBearer, sends: codex.SendsHeader, credentials: 1},
		{name: "env_http_headers x-api-key set", table: `env_http_headers = { "x-api-key" = "GW_KEY" }`, vars: map[string]string{"GW_KEY": testKey},
			key: testKey, keyName: "GW_KEY", auth2: gateway.AuthXAPIKey, sends: codex.SendsHeader, credentials: 1},
		{name: "env_http_headers unset sends nothing", table: `env_http_headers = { "x-api-key" = "GW_KEY" }`,
			auth2: gateway.AuthBearer, keyPlace: "GW_KEY"},
		{name: "env_key beats the bearer token", table: "env_key = \"GW_KEY\"\nexperimental_bearer_token = \"" + other + "\"", vars: map[string]string{"GW_KEY": testKey},
			key: testKey, keyName: "GW_KEY", auth2: gateway.AuthBearer, sends: codex.SendsEnvKey, credentials: 1},
		{name: "env_key unset stops Codex whatever else is there", table: "env_key = \"GW_KEY\"\nexperimental_bearer_token = \"" + other + "\"",
			keyName: "GW_KEY", auth2: gateway.AuthBearer},
		{name: "the bearer token beats http_headers", table: "experimental_bearer_token = \"" + testKey + "\"\nhttp_headers = { \"Authorization\" = \"Bearer " + other + "\" }",
			key: testKey, keyName: "experimental_bearer_token", auth2: gateway.AuthBearer, sends: codex.SendsBearer, credentials: 1},
		{name: "auth.json beats http_headers", table: "requires_openai_auth = true\nhttp_headers = { \"Authorization\" = \"Bearer " + other + "\" }", auth: `{"OPENAI_API_KEY": "` + testKey + `"}`,
			key: testKey, keyName: "auth.json OPENAI_API_KEY", auth2: gateway.AuthBearer, sends: codex.SendsAuthKey, credentials: 1},
		{name: "auth.json is not read without requires_openai_auth", table: "requires_openai_auth = false", auth: `{"OPENAI_API_KEY": "` + testKey + `"}`,
			auth2: gateway.AuthBearer},
		{name: "the ChatGPT sign-in's token", table: "requires_openai_auth = true", auth: chatgpt,
			keyName: codex.LoginKeyName, auth2: gateway.AuthBearer, sends: codex.SendsLogin},
		{name: "x-api-key goes along with Authorization", table: "experimental_bearer_token = \"" + testKey + "\"\nhttp_headers = { \"x-api-key\" = \"" + other + "\" }",
			key: testKey, keyName: "experimental_bearer_token", auth2: gateway.AuthBearer, sends: codex.SendsBearer, credentials: 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			files := map[string]string{".codex/config.toml": head + tt.table + "\n"}
			if tt.auth != "" {
				files[".codex/auth.json"] = tt.auth
			}
			e, dir := home(t, files, tt.vars)
			s := discover.Discover(e, discover.Options{Project: dir})
			if len(s.Problems) != 0 {
				t.Fatalf("problems = %+v", s.Problems)
			}
			c, ok := s.Tool("codex")
			if !ok {
				t.Fatal("codex not resolved")
			}
			if c.Key.Value != tt.key || c.KeyName != tt.keyName || c.Auth != tt.auth2 || codex.StateOf(s).Sends != tt.sends {
				t.Errorf("got key %q (%s) in %q, sends %q", c.Key.Value, c.KeyName, c.Auth, codex.StateOf(s).Sends)
			}
			if len(c.Credentials) != tt.credentials {
				t.Errorf("credentials = %d, want %d", len(c.Credentials), tt.credentials)
			}
			if tt.keyPlace != "" && c.Places.Key.Key != tt.keyPlace {
				t.Errorf("key place = %q, want %q", c.Places.Key.Key, tt.keyPlace)
			}
		})
	}
}

func TestCodexOpenAIProvider(t *testing.T) {
	config := "model = \"gpt-5\"\nopenai_base_url = \"https://gw.example/v1\"\n"
	tests := []struct {
		name, auth string
		vars       map[string]string
		shadowed   int
		sentKey    string
	}{
		{"openai_base_url and auth.json", `{"OPENAI_API_KEY":"` + testKey + `"}`, nil, 0, testKey},
		{"openai_base_url beats OPENAI_BASE_URL; an exported key is not sent", "",
			map[string]string{"OPENAI_BASE_URL": "https://shell.example/v1", "OPENAI_API_KEY": testKey}, 1, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			files := map[string]string{".codex/config.toml": config}
			if tt.auth != "" {
				files[".codex/auth.json"] = tt.auth
			}
			e, dir := home(t, files, tt.vars)
			s := discover.Discover(e, discover.Options{Project: dir})
			c, ok := s.Own(codex.ID)
			if !ok || c.Base.Value != "https://gw.example/v1" || c.Base.Source.Key != "openai_base_url" || c.Base.Source.Line != 2 {
				t.Fatalf("base = %+v", c.Base)
			}
			wantAuth := gateway.AuthBearer
			if tt.sentKey == "" {
				wantAuth = "" // no key, no header: what Codex sent
			}
			if len(c.Base.Overrides) != tt.shadowed || c.Auth != wantAuth || c.Key.Value != tt.sentKey {
				t.Errorf("overrides %+v, auth %q", c.Base.Overrides, c.Auth)
			}
			if got := codex.StateOf(s).OpenAIProviderKey(); got.Value != tt.sentKey {
				t.Errorf("sent key = %q, want %q", got.Value, tt.sentKey)
			}
		})
	}
}

// A config.toml of 300,000 tables (4 MB) took go-toml's decoder over a
// minute; it is refused in one pass, at the table over the bound.
func TestCodexConfigOfTooManyTables(t *testing.T) {
	var b strings.Builder
	b.WriteString("model = \"gpt-5\"\n")
	for i := 0; i < 300000; i++ {
		fmt.Fprintf(&b, "[projects.\"/home/u/p%d\"]\n", i)
	}
	e, dir := home(t, map[string]string{".codex/config.toml": b.String()}, nil)
	s := discover.Discover(e, discover.Options{Project: dir})
	ps := s.ProblemsIn(codex.StateOf(s).ConfigPath)
	if len(ps) != 1 || ps[0].Line != tomlbound.MaxEntries+1 || !strings.Contains(ps[0].Message, "more than 5000 keys and tables") {
		t.Fatalf("problems %+v, want one at line %d", ps, tomlbound.MaxEntries+1)
	}
}

// FuzzCodexConfig: whatever config.toml holds, discovery does not panic
// (go-toml before v2.4.3 panicked on "[model.0]": the committed corpus
// keeps that input), a file that parses always yields Codex's triple with
// a provider (model_provider = "" is a problem: Codex finds no such
// provider), and a problem never points past the file's last line.
func FuzzCodexConfig(f *testing.F) {
	f.Add("model = \"gpt-5\"\nmodel_provider = \"tt\"\n[model_providers.tt]\nbase_url = \"https://gw.example/v1\"\nenv_key = \"K\"\n")
	f.Add("profile = \"p\"\n[profiles.p]\nmodel_provider = \"openai\"\n")
	f.Add("openai_base_url = \"https://gw.example/v1\"\n")
	f.Add("model_provider = = 1")
	f.Add("[model_providers]\ntt = 3\n")
	f.Add("[model.0]\n")
	f.Add("model_provider = \"tt\"\n[model_providers.tt]\nhttp_headers = { \"Authorization\" = \"Bearer k\", \"x-api-key\" = 1 }\nenv_http_headers = { \"x-api-key\" = \"K\" }\n")
	f.Add("model_provider = \"tt\"\n[model_providers.tt.http_headers]\nauthorization = \"k\"\n")
	f.Fuzz(func(t *testing.T, config string) {
		e, dir := home(t, map[string]string{".codex/config.toml": config, ".codex/auth.json": `{"OPENAI_API_KEY":"k"}`},
			map[string]string{"K": testKey})
		s := discover.Discover(e, discover.Options{Project: dir})
		c, ok := s.Own("codex")
		named := codex.StateOf(s).SelectedProvider().Value != "" || len(s.ProblemsIn(codex.StateOf(s).ConfigPath)) > 0
		if !ok || !named || (c.Key.Set() && c.Auth == "") {
			t.Errorf("codex = %+v (%v) for %q", c, ok, config)
		}
		n := strings.Count(config, "\n") + 1
		for _, p := range s.Problems {
			if p.Line > n {
				t.Fatalf("problem at line %d of a %d-line file: %+v", p.Line, n, p)
			}
		}
	})
}

// auth.json's key is a stored key whether or not the selected provider
// sends it (the key-file checks and masking see it); a ChatGPT sign-in's
// file holds none Codex would use.
func TestCodexStoredKey(t *testing.T) {
	const config = "model_provider = \"gw\"\n[model_providers.gw]\nbase_url = \"https://gw.example/v1\"\nenv_key = \"GW_KEY\"\n"
	for _, tt := range []struct {
		name, auth string
		stored     bool
	}{
		{"a key the provider does not send", `{"OPENAI_API_KEY": "` + testKey + `"}`, true},
		{"a ChatGPT sign-in", `{"auth_mode": "chatgpt", "OPENAI_API_KEY": "` + testKey + `", "tokens": {"access_token": "x"}}`, false},
		{"no auth.json", "", false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			files := map[string]string{".codex/config.toml": config}
			if tt.auth != "" {
				files[".codex/auth.json"] = tt.auth
			}
			e, dir := home(t, files, nil)
			s := discover.Discover(e, discover.Options{Project: dir})
			var got []discover.StoredKey
			for _, k := range s.Stored {
				if k.Tool == codex.ID {
					got = append(got, k)
				}
			}
			if tt.stored != (len(got) == 1) || len(got) > 1 || tt.stored && (got[0].Value.Value != testKey || got[0].Value.Source.File != codex.StateOf(s).AuthPath) {
				t.Errorf("stored = %+v", got)
			}
		})
	}
}
