package wire

import (
	"path/filepath"
	"reflect"
	"testing"

	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env/envtest"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/redact"
)

func wireSnapshot(t *testing.T, files, vars map[string]string) *discover.Snapshot {
	t.Helper()
	e, dir := envtest.Home(t, files, vars)
	return discover.Discover(e, discover.Options{Project: filepath.Join(dir, "proj")})
}

func TestPaths(t *testing.T) {
	tests := []struct {
		name  string
		files map[string]string
		vars  map[string]string
		want  Path // Tool, Base, Auth, KeyVar, Model, Protocol, Skip compared
	}{
		{"claude bearer",
			map[string]string{".claude/settings.json": `{"env":{"ANTHROPIC_BASE_URL":"http://g/api","ANTHROPIC_AUTH_TOKEN":"` + wireKey + `","ANTHROPIC_MODEL":"m"}}`}, nil,
			Path{Tool: gateway.ToolID("claude"), Base: "http://g/api", Auth: gateway.AuthBearer, KeyVar: "ANTHROPIC_AUTH_TOKEN", Model: "m", Protocol: gateway.Messages}},
		{"claude x-api-key",
			map[string]string{".claude/settings.json": `{"env":{"ANTHROPIC_BASE_URL":"http://g/api","ANTHROPIC_API_KEY":"` + wireKey + `","ANTHROPIC_MODEL":"m"}}`}, nil,
			Path{Tool: gateway.ToolID("claude"), Base: "http://g/api", Auth: gateway.AuthXAPIKey, KeyVar: "ANTHROPIC_API_KEY", Model: "m", Protocol: gateway.Messages}},
		{"claude on its vendor's default is not probed",
			map[string]string{".claude/settings.json": `{"env":{"ANTHROPIC_AUTH_TOKEN":"` + wireKey + `"}}`}, nil,
			Path{Tool: gateway.ToolID("claude"), Base: "https://api.anthropic.com", Auth: gateway.AuthBearer, KeyVar: "ANTHROPIC_AUTH_TOKEN", Protocol: gateway.Messages,
				Model: "claude-opus-5-5", // the default alias, as Claude Code 2.1.332 asks for it
				Skip:  "Claude Code uses its vendor's built-in https://api.anthropic.com, not a gateway"}},
		{"codex env_key",
			map[string]string{".codex/config.toml": "model = \"m\"\nmodel_provider = \"gw\"\n[model_providers.gw]\nbase_url = \"http://g/api/v1\"\nenv_key = \"GW_KEY\"\nwire_api = \"responses\"\n"},
			map[string]string{"GW_KEY": wireKey},
			Path{Tool: gateway.ToolID("codex"), Base: "http://g/api/v1", Auth: gateway.AuthBearer, KeyVar: "GW_KEY", Model: "m", Protocol: gateway.Responses}},
		{"anthropic sdk sends ANTHROPIC_AUTH_TOKEN as a bearer token",
			nil, map[string]string{"ANTHROPIC_BASE_URL": "http://g/api", "ANTHROPIC_AUTH_TOKEN": wireKey},
			Path{Tool: gateway.ToolID("anthropic"), Base: "http://g/api", Auth: gateway.AuthBearer, KeyVar: "ANTHROPIC_AUTH_TOKEN", Model: "profile-model", Protocol: gateway.Messages}},
		{"openai sdk takes the profile's model",
			nil, map[string]string{"OPENAI_BASE_URL": "http://g/api/v1", "OPENAI_API_KEY": wireKey},
			Path{Tool: gateway.ToolID("openai"), Base: "http://g/api/v1", Auth: gateway.AuthBearer, KeyVar: "OPENAI_API_KEY", Model: "profile-model", Protocol: gateway.Chat}},
		{".env carries the root",
			map[string]string{"proj/.env": "TAOTOKEN_BASE_URL=http://g/api\nTAOTOKEN_API_KEY=" + wireKey + "\nTAOTOKEN_MODEL=m\n"}, nil,
			Path{Tool: gateway.ToolID("env"), Base: "http://g/api", Auth: gateway.AuthBearer, KeyVar: "TAOTOKEN_API_KEY", Model: "m", Protocol: gateway.Chat}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ps := Paths(wireSnapshot(t, tt.files, tt.vars), "profile-model")
			if len(ps) != 1 {
				t.Fatalf("%d paths: %+v", len(ps), ps)
			}
			p := ps[0]
			if p.Key != wireKey {
				t.Errorf("key not carried: %q", redact.Mask(p.Key))
			}
			got := Path{Tool: p.Tool, Base: p.Base, Auth: p.Auth, KeyVar: p.KeyVar, Model: p.Model, Protocol: p.Protocol, Skip: p.Skip}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got  %+v\nwant %+v", got, tt.want)
			}
			if p.Skip == "" && p.BaseSource == "" {
				t.Error("no base source")
			}
		})
	}
}
