package codex_test

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/internal/gateway"
	_ "github.com/keydoctor/keydoctor/internal/tool/all"
	"github.com/keydoctor/keydoctor/internal/tool/codex"
	"github.com/keydoctor/keydoctor/writers"
	"github.com/keydoctor/keydoctor/writers/writerstest"
	"github.com/pelletier/go-toml/v2"
)

// configRealLooking is a config.toml as users keep it (the writers tests
// have the same fixture).
const configRealLooking = `# Codex configuration
model = "o3"   # the default model
approval_policy = "on-request"

[features]
web_search = true

[model_providers.azure]
name = "Azure"
base_url = "https://example.openai.azure.com/openai"
env_key = "AZURE_OPENAI_API_KEY"
query_params = { api-version = "2025-04-01-preview" }

[mcp_servers.docs]
command = "npx"
args = [
  "-y",
  "@example/docs-mcp", # pinned
]
env = { "DOCS_TOKEN" = "x" }

[profiles.fast]
model = "gpt-4o-mini"
model_provider = "azure"

[notice]
text = """
[not.a.header]
model = "neither"
"""
`

func TestCodexWriter(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"missing file", "", `model = "gpt-4o"
model_provider = "taotoken"

[model_providers.taotoken]
name = "TaoToken"
base_url = "https://taotoken.net/api/v1"
wire_api = "responses"
requires_openai_auth = true
`},
		{"real looking", configRealLooking, strings.Replace(strings.Replace(configRealLooking,
			`model = "o3"   # the default model
approval_policy = "on-request"
`, `model = "gpt-4o"   # the default model
approval_policy = "on-request"
model_provider = "taotoken"
`, 1), `text = """
[not.a.header]
model = "neither"
"""
`, `text = """
[not.a.header]
model = "neither"
"""

[model_providers.taotoken]
name = "TaoToken"
base_url = "https://taotoken.net/api/v1"
wire_api = "responses"
requires_openai_auth = true
`, 1)},
		{"our table exists with extra keys and env_key", "model_provider = \"taotoken\"\r\n\r\n[model_providers.taotoken]\r\nname = \"old\"\r\nenv_key = \"X\"\r\nrequest_max_retries = 4\r\nbase_url = \"https://old/v1\"\r\n\r\n[tui]\r\nx = 1\r\n",
			"model_provider = \"taotoken\"\r\nmodel = \"gpt-4o\"\r\n\r\n[model_providers.taotoken]\r\nname = \"TaoToken\"\r\nrequest_max_retries = 4\r\nbase_url = \"https://taotoken.net/api/v1\"\r\nwire_api = \"responses\"\r\nrequires_openai_auth = true\r\n\r\n[tui]\r\nx = 1\r\n"},
		{"only a sub-table of ours", "[model_providers.taotoken.http_headers]\nX-Team = \"a\"\n", "model = \"gpt-4o\"\nmodel_provider = \"taotoken\"\n[model_providers.taotoken.http_headers]\nX-Team = \"a\"\n\n[model_providers.taotoken]\nname = \"TaoToken\"\nbase_url = \"https://taotoken.net/api/v1\"\nwire_api = \"responses\"\nrequires_openai_auth = true\n"},
		{"only tables, no final newline", "[tui]\nx = 1", "model = \"gpt-4o\"\nmodel_provider = \"taotoken\"\n[tui]\nx = 1\n\n[model_providers.taotoken]\nname = \"TaoToken\"\nbase_url = \"https://taotoken.net/api/v1\"\nwire_api = \"responses\"\nrequires_openai_auth = true\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o := writerstest.Options(t)
			path := codex.Config(o.Env)
			if tt.in != "" {
				writerstest.WriteFile(t, path, tt.in, 0o644)
			}
			p := writerstest.PlanOne(t, o, codex.ID)
			writerstest.NoKey(t, writerstest.Diff(p))
			writerstest.Apply(t, o, p)
			got := writerstest.ReadString(t, path)
			if got != tt.want {
				t.Errorf("got\n%s\nwant\n%s", got, tt.want)
			}
			if strings.Contains(got, writerstest.Key) {
				t.Error("the key went into config.toml")
			}
			auth := writerstest.ReadString(t, codex.Auth(o.Env))
			if auth != "{\n  \"OPENAI_API_KEY\": \""+writerstest.Key+"\"\n}\n" {
				t.Errorf("auth.json = %s", auth)
			}
			if again := writerstest.PlanOne(t, o, codex.ID); len(again.Pending()) != 0 {
				t.Errorf("second run would change:\n%s", writerstest.Diff(again))
			}
		})
	}
}

func TestCodexEnvAuthKeepsAuthJSON(t *testing.T) {
	o := writerstest.Options(t)
	o.ToolOptions = map[string]string{"codex-auth": "env"}
	writerstest.WriteFile(t, codex.Config(o.Env), "[model_providers.taotoken]\nrequires_openai_auth = true\n", 0o600)
	authJSON := `{"OPENAI_API_KEY": null, "tokens": {"id_token": "x"}, "last_refresh": "2026-01-01T00:00:00Z"}`
	writerstest.WriteFile(t, codex.Auth(o.Env), authJSON, 0o600)
	p := writerstest.PlanOne(t, o, codex.ID)
	if len(p.Changes) != 1 {
		t.Fatalf("planned %d files, want config.toml only", len(p.Changes))
	}
	if !strings.Contains(strings.Join(p.Changes[0].Notes, "\n"), "env_key names TAOTOKEN_API_KEY") {
		t.Errorf("notes %q", p.Changes[0].Notes)
	}
	writerstest.Apply(t, o, p)
	got := writerstest.ReadString(t, codex.Config(o.Env))
	if !strings.Contains(got, `env_key = "TAOTOKEN_API_KEY"`) || strings.Contains(got, "requires_openai_auth") {
		t.Errorf("config.toml:\n%s", got)
	}
	if writerstest.ReadString(t, codex.Auth(o.Env)) != authJSON {
		t.Error("auth.json changed")
	}
}

// TestCodexRefusesChatGPTFileAuth: with auth_mode "chatgpt" Codex sends
// the sign-in's token, not a key written beside it (0.171.0,
// docs/tools.md), so the file mode refuses and the env mode (above) is
// the way; without auth_mode the key wins and the file mode is fine.
func TestCodexRefusesChatGPTFileAuth(t *testing.T) {
	for _, mode := range []string{"chatgpt", "chatgptAuthTokens"} {
		o := writerstest.Options(t)
		writerstest.WriteFile(t, codex.Auth(o.Env), `{"auth_mode": "`+mode+`", "OPENAI_API_KEY": null, "tokens": {"access_token": "x"}}`, 0o600)
		_, err := writers.MakePlan(o, []gateway.ToolID{codex.ID})
		var re *writers.RefusedError
		if !errors.As(err, &re) || !strings.Contains(re.Error(), "ChatGPT sign-in") || !strings.Contains(re.Hint, "--codex-auth env") {
			t.Errorf("%s: err = %v", mode, err)
		}
	}
	o := writerstest.Options(t)
	writerstest.WriteFile(t, codex.Auth(o.Env), `{"OPENAI_API_KEY": null, "tokens": {"access_token": "x"}}`, 0o600)
	if _, err := writers.MakePlan(o, []gateway.ToolID{codex.ID}); err != nil {
		t.Errorf("no auth_mode: %v", err)
	}
}

func TestCodexAuthJSONKeepsOtherFields(t *testing.T) {
	o := writerstest.Options(t)
	writerstest.WriteFile(t, codex.Auth(o.Env), `{"OPENAI_API_KEY": "sk-old-999999999999999", "tokens": null, "last_refresh": "2026-01-01T00:00:00Z"}`, 0o644)
	p := writerstest.PlanOne(t, o, codex.ID)
	d := writerstest.Diff(p)
	writerstest.NoKey(t, d)
	if strings.Contains(d, "sk-old-999999999999999") {
		t.Errorf("old key shown:\n%s", d)
	}
	writerstest.Apply(t, o, p)
	want := `{"OPENAI_API_KEY": "` + writerstest.Key + `", "tokens": null, "last_refresh": "2026-01-01T00:00:00Z"}`
	if got := writerstest.ReadString(t, codex.Auth(o.Env)); got != want {
		t.Errorf("got %s", got)
	}
}

func TestCodexRefusals(t *testing.T) {
	tests := []struct{ name, in, reason string }{
		{"malformed", "model = \n", "line 1"},
		{"duplicate table", "[a]\nx = 1\n[a]\ny = 2\n", ""},
		{"inline provider", "model_providers = { taotoken = { name = \"x\" } }\n", "defined inline"},
		{"dotted provider", "[model_providers]\ntaotoken.name = \"x\"\n", "defined inline"},
		// Codex 0.171 refuses to start with a legacy selector (docs/tools.md)
		{"legacy profile", "model = \"a\"\n\"profile\" = \"glm\"\n[profiles.glm]\nmodel = \"b\"\n", "line 2, column 1: has profile = \"glm\""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o := writerstest.Options(t)
			writerstest.WriteFile(t, codex.Config(o.Env), tt.in, 0o600)
			_, err := writers.MakePlan(o, []gateway.ToolID{codex.ID})
			var re *writers.RefusedError
			if !errors.As(err, &re) {
				t.Fatalf("err = %v, want a refusal", err)
			}
			if !strings.Contains(re.Error(), tt.reason) {
				t.Errorf("err = %v, want %q", re, tt.reason)
			}
		})
	}
	o := writerstest.Options(t)
	o.ToolOptions = map[string]string{"codex-provider": "openai"}
	if _, err := writers.MakePlan(o, []gateway.ToolID{codex.ID}); err == nil || !strings.Contains(err.Error(), "built into Codex") {
		t.Errorf("reserved id: err = %v", err)
	}
}

// FuzzCodexEdit: whatever config.toml go-toml accepts, the edit either
// refuses or yields a document that parses, holds our values, and keeps
// every other key (verifyEdit), with our keys only ever appended.
func FuzzCodexEdit(f *testing.F) {
	for _, s := range []string{configRealLooking, "", "a = 1", "[x]\n", "model = 'x'\r\n[y]\r\nz = [\r\n1,\r\n]\r\n", "s = '''\n[h]\n'''\n", "[model_providers.taotoken]\nname = \"n\" # c\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		var m map[string]any
		if toml.Unmarshal([]byte(in), &m) != nil {
			return
		}
		o := writerstest.Options(t)
		path := codex.Config(o.Env)
		writerstest.WriteFile(t, path, in, 0o600)
		p, err := writers.MakePlan(o, []gateway.ToolID{codex.ID})
		if err != nil {
			var re *writers.RefusedError
			if !errors.As(err, &re) {
				t.Fatalf("not a refusal: %v", err)
			}
			return
		}
		out := p.Changes[0].New
		if err := codex.VerifyEdit(path, m, out, o); err != nil {
			t.Fatalf("verify: %v", err)
		}
	})
}

// A TOML file defining a token-shaped key twice: the refusal names the
// line, not the token.
func TestCodexRefusalHidesTokenKey(t *testing.T) {
	o := writerstest.Options(t)
	tok := "ghp_0123456789abcdefABCDEF0123456789abcd"
	writerstest.WriteFile(t, filepath.Join(o.Env.Home, ".codex", "config.toml"), tok+" = 1\n"+tok+" = 2\n", 0o600)
	_, err := writers.MakePlan(o, []gateway.ToolID{codex.ID})
	var re *writers.RefusedError
	if !errors.As(err, &re) || re.Line != 2 || strings.Contains(err.Error(), tok) {
		t.Errorf("err = %v", err)
	}
}
