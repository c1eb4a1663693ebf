package discover

import (
	"testing"

	"github.com/keydoctor/keydoctor/internal/gateway"
)

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
		sends             CodexSends
		keyPlace          string // Places.Key.Key when no key is sent
		credentials       int
	}{
		{name: "http_headers Authorization", table: `http_headers = { "Authorization" = "Bearer ` + testKey + `" }`,
			key: testKey, keyName: "model_providers.gw.http_headers.Authorization", auth2: gateway.AuthBearer, sends: CodexSendsHeader, credentials: 1},
		{name: "http_headers as a sub-table, any case", table: "\n[model_providers.gw.http_headers]\nauthorization = \"bearer " + testKey + "\"",
			key: testKey, keyName: "model_providers.gw.http_headers.authorization", auth2: gateway.AuthBearer, sends: CodexSendsHeader, credentials: 1},
		{name: "env_http_headers x-api-key set", table: `env_http_headers = { "x-api-key" = "GW_KEY" }`, vars: map[string]string{"GW_KEY": testKey},
			key: testKey, keyName: "GW_KEY", auth2: gateway.AuthXAPIKey, sends: CodexSendsHeader, credentials: 1},
		{name: "env_http_headers unset sends nothing", table: `env_http_headers = { "x-api-key" = "GW_KEY" }`,
			auth2: gateway.AuthBearer, keyPlace: "GW_KEY"},
		{name: "env_key beats the bearer token", table: "env_key = \"GW_KEY\"\nexperimental_bearer_token = \"" + other + "\"", vars: map[string]string{"GW_KEY": testKey},
			key: testKey, keyName: "GW_KEY", auth2: gateway.AuthBearer, sends: CodexSendsEnvKey, credentials: 1},
		{name: "env_key unset stops Codex whatever else is there", table: "env_key = \"GW_KEY\"\nexperimental_bearer_token = \"" + other + "\"",
			keyName: "GW_KEY", auth2: gateway.AuthBearer},
		{name: "the bearer token beats http_headers", table: "experimental_bearer_token = \"" + testKey + "\"\nhttp_headers = { \"Authorization\" = \"Bearer " + other + "\" }",
			key: testKey, keyName: "experimental_bearer_token", auth2: gateway.AuthBearer, sends: CodexSendsBearer, credentials: 1},
		{name: "auth.json beats http_headers", table: "requires_openai_auth = true\nhttp_headers = { \"Authorization\" = \"Bearer " + other + "\" }", auth: `{"OPENAI_API_KEY": "` + testKey + `"}`,
			key: testKey, keyName: "auth.json OPENAI_API_KEY", auth2: gateway.AuthBearer, sends: CodexSendsAuthKey, credentials: 1},
		{name: "auth.json is not read without requires_openai_auth", table: "requires_openai_auth = false", auth: `{"OPENAI_API_KEY": "` + testKey + `"}`,
			auth2: gateway.AuthBearer},
		{name: "the ChatGPT sign-in's token", table: "requires_openai_auth = true", auth: chatgpt,
			keyName: CodexLoginKeyName, auth2: gateway.AuthBearer, sends: CodexSendsLogin},
		{name: "x-api-key goes along with Authorization", table: "experimental_bearer_token = \"" + testKey + "\"\nhttp_headers = { \"x-api-key\" = \"" + other + "\" }",
			key: testKey, keyName: "experimental_bearer_token", auth2: gateway.AuthBearer, sends: CodexSendsBearer, credentials: 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			files := map[string]string{".codex/config.toml": head + tt.table + "\n"}
			if tt.auth != "" {
				files[".codex/auth.json"] = tt.auth
			}
			e, dir := home(t, files, tt.vars)
			s := Discover(e, Options{Project: dir})
			if len(s.Problems) != 0 {
				t.Fatalf("problems = %+v", s.Problems)
			}
			c, ok := s.Tool("codex")
			if !ok {
				t.Fatal("codex not resolved")
			}
			if c.Key.Value != tt.key || c.KeyName != tt.keyName || c.Auth != tt.auth2 || s.Codex.Sends != tt.sends {
				t.Errorf("got key %q (%s) in %q, sends %q", c.Key.Value, c.KeyName, c.Auth, s.Codex.Sends)
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
