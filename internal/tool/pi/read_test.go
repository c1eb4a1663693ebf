package pi_test

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/checks"
	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env/envtest"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/tool/pi"
)

const testKey = "sk-test-0123456789abcdef0123"

// models is a models.json with one provider "gw" (its fields after
// baseUrl given) holding gpt-4o.
func models(fields string) string {
	return `{
  // pi strips line comments and trailing commas
  "providers": {
    "gw": {"baseUrl": "https://gw.example/api/v1"` + fields + `, "models": [{"id": "gpt-4o"},]},
  },
}`
}

const settings = `{"defaultProvider": "gw", "defaultModel": "gpt-4o"}`

// Pi's triple is the provider settings.json selects; its key is
// auth.json's, else apiKey's command, variable (when set) or literal, as
// pi's resolveConfigValue reads it.
func TestResolvePi(t *testing.T) {
	for _, tt := range []struct {
		name, fields, auth, project string
		vars                        map[string]string
		key, keyName, model         string
		keyVar, command             bool
		rule                        gateway.Protocol
	}{
		{name: "literal", fields: `, "api": "openai-completions", "apiKey": "` + testKey + `"`, key: testKey, keyName: "apiKey", rule: gateway.Chat},
		{name: "variable set", fields: `, "api": "openai-responses", "apiKey": "GW_KEY"`, vars: map[string]string{"GW_KEY": testKey}, key: testKey, keyName: "GW_KEY", keyVar: true, rule: gateway.Responses},
		{name: "variable unset", fields: `, "api": "openai-completions", "apiKey": "GW_KEY"`, keyName: "GW_KEY", keyVar: true, rule: gateway.Chat},
		{name: "command", fields: `, "api": "anthropic-messages", "apiKey": "!pass show gw"`, key: "!pass show gw", keyName: "apiKey", command: true, rule: gateway.Messages},
		{name: "auth.json beats apiKey", fields: `, "api": "openai-completions", "apiKey": "sk-test-models-json-00000"`, auth: `{"gw": {"type": "api_key", "key": "` + testKey + `"}}`, key: testKey, keyName: "auth.json gw", rule: gateway.Chat},
		// the model entry names its own api; "x" takes the helper's models
		{name: "a model's own api", fields: `, "api": "openai-completions", "apiKey": "` + testKey + `", "models": [{"id": "gpt-4o", "api": "anthropic-messages"}]}, "x": {"baseUrl": "y"`, key: testKey, keyName: "apiKey", rule: gateway.Messages},
		{name: "project settings", fields: `, "api": "openai-completions", "apiKey": "` + testKey + `"`, project: `{"defaultModel": "gpt-4o-mini"}`, key: testKey, keyName: "apiKey", model: "gpt-4o-mini", rule: gateway.Chat},
	} {
		t.Run(tt.name, func(t *testing.T) {
			files := map[string]string{".pi/agent/models.json": models(tt.fields), ".pi/agent/settings.json": settings}
			if tt.auth != "" {
				files[".pi/agent/auth.json"] = tt.auth
			}
			if tt.project != "" {
				files["proj/.pi/settings.json"] = tt.project
			}
			e, dir := envtest.Home(t, files, tt.vars)
			s := discover.Discover(e, discover.Options{Project: dir + "/proj"})
			for _, p := range s.Problems {
				t.Errorf("problem %s: %s", p.At(e), p.Message)
			}
			got, ok := s.Own(pi.ID)
			if !ok {
				t.Fatal("pi not resolved")
			}
			model := "gpt-4o"
			if tt.model != "" {
				model = tt.model
			}
			if got.Base.Value != "https://gw.example/api/v1" || got.Base.Source.Line != 4 || got.Model.Value != model {
				t.Errorf("base %+v model %+v", got.Base, got.Model)
			}
			if got.Key.Value != tt.key || got.KeyName != tt.keyName || got.KeyVar.Set() != tt.keyVar || got.KeyCommand != tt.command {
				t.Errorf("key %q (%s) var %v command %v", got.Key.Value, got.KeyName, got.KeyVar.Set(), got.KeyCommand)
			}
			if got.Rule.Protocol != tt.rule || got.Rule.BaseHasVersion == (tt.rule == gateway.Messages) {
				t.Errorf("rule %+v", got.Rule)
			}
			if tt.project != "" && len(got.Model.Overrides) != 1 {
				t.Errorf("the project's model shadows nothing: %+v", got.Model)
			}
		})
	}
}

// Pi's models.json reader strips // comments and trailing commas outside
// strings, and nothing else.
func TestPiParses(t *testing.T) {
	for in, ok := range map[string]bool{
		"{\"a\": \"http://x//y\", // c\n \"b\": [1, 2,],\n}": true,
		`{"a": "a,]"}`:    true,
		`{"a": "\"//"}`:   true,
		"{/* c */}":       false,
		"\ufeff{}":        false, // JSON.parse refuses a BOM
		`{"a": 1 "b": 2}`: false,
	} {
		if err := pi.PiParses([]byte(in)); (err == nil) != ok {
			t.Errorf("%q: %v, want ok %v", in, err, ok)
		}
	}
}

// PI_CODING_AGENT_DIR moves the agent directory (a leading ~ is the
// home); on every OS it is otherwise ~/.pi/agent (os.homedir()).
func TestAgentDir(t *testing.T) {
	for _, tt := range []struct{ goos, dir, want string }{
		{"linux", "", "/h/.pi/agent"},
		{"windows", "", "/h/.pi/agent"},
		{"darwin", "~/pi", "/h/pi"},
		{"linux", "/srv/pi", "/srv/pi"},
	} {
		e, _ := envtest.Home(t, nil, map[string]string{pi.AgentDirVar: tt.dir})
		e.Home, e.GOOS = "/h", tt.goos
		if got := filepath.ToSlash(pi.AgentDir(e)); got != tt.want { // \h under Windows
			t.Errorf("%s %q: %s, want %s", tt.goos, tt.dir, got, tt.want)
		}
	}
}

// Pi's traps, each its code: the doubled /v1 of an anthropic-messages
// provider, a default model not declared (pi silently takes another), an
// unset variable's name sent as the key, and what beats setup's files.
func TestChecksPi(t *testing.T) {
	for _, tt := range []struct {
		name, models, settings, project, auth string
		code                                  catalog.Code
		says                                  string
	}{
		{name: "anthropic with /v1", models: models(`, "api": "anthropic-messages", "apiKey": "` + testKey + `"`), code: catalog.URLDoubleVersion, says: "/api/v1/v1/messages"},
		{name: "undeclared model", models: models(`, "api": "openai-completions", "apiKey": "` + testKey + `"`), settings: `{"defaultProvider": "gw", "defaultModel": "gpt-5"}`, code: catalog.PiModelFallback, says: "not declared under providers.gw.models"},
		{name: "no such provider", models: models(`, "api": "openai-completions", "apiKey": "` + testKey + `"`), settings: `{"defaultProvider": "other", "defaultModel": "gpt-4o"}`, code: catalog.PiModelFallback, says: `"other"`},
		{name: "provider without apiKey", models: models(`, "api": "openai-completions"`), code: catalog.PiModelFallback, says: "has models but no apiKey"},
		{name: "a block comment", models: "/* mine */\n" + models(`, "api": "openai-completions", "apiKey": "`+testKey+`"`), code: catalog.ConfigInvalid, says: "pi cannot parse it"},
		{name: "variable unset", models: models(`, "api": "openai-completions", "apiKey": "GW_KEY"`), code: catalog.EnvMissing, says: "pi sends the name itself"},
		{name: "project settings", models: models(`, "api": "openai-completions", "apiKey": "` + testKey + `"`), project: `{"defaultModel": "gpt-4o"}`, code: catalog.ValueOverridden, says: "proj/.pi/settings.json sets defaultModel"},
		{name: "auth.json key", models: models(`, "api": "openai-completions", "apiKey": "` + testKey + `"`), auth: `{"gw": {"type": "api_key", "key": "sk-test-stale-0000000000"}}`, code: catalog.ValueOverridden, says: "pi sends it, not providers.gw.apiKey"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			st := settings
			if tt.settings != "" {
				st = tt.settings
			}
			files := map[string]string{".pi/agent/models.json": tt.models, ".pi/agent/settings.json": st}
			if tt.project != "" {
				files["proj/.pi/settings.json"] = tt.project
			}
			if tt.auth != "" {
				files[".pi/agent/auth.json"] = tt.auth
			}
			e, dir := envtest.Home(t, files, nil)
			s := discover.Discover(e, discover.Options{Project: dir + "/proj"})
			list := checks.Offline(checks.Options{Snapshot: s, Git: func(context.Context, string, ...string) (string, int, error) { return "", 128, nil }})
			var seen []string
			for _, f := range doctor.Run(context.Background(), e, list, doctor.RunOptions{}) {
				if strings.Contains(f.Message+f.Fix, testKey) {
					t.Errorf("the full key in %s: %s %s", f.Code, f.Message, f.Fix)
				}
				if f.Tool == pi.ID && f.Code == tt.code && strings.Contains(filepath.ToSlash(f.Message), tt.says) {
					return
				}
				if f.Status != doctor.OK {
					seen = append(seen, fmt.Sprintf("%s %s: %s", f.Status, f.Code, f.Message))
				}
			}
			t.Errorf("no %s saying %q; found:\n%s", tt.code, tt.says, strings.Join(seen, "\n"))
		})
	}
}

// A provider's headers are resolved as its apiKey is: a set variable's
// name is its value, an unset upper-case name is sent as written (as Pi
// sends it), a literal as written; a !command is not known and is left
// out of what the probes send.
func TestResolveHeaders(t *testing.T) {
	files := map[string]string{
		".pi/agent/models.json":   models(`, "api": "openai-completions", "apiKey": "` + testKey + `", "headers": {"x-var": "HDR", "x-unset": "NOPE_HDR", "x-literal": "anthropic", "x-cmd": "!pass hdr"}`),
		".pi/agent/settings.json": settings,
	}
	e, dir := envtest.Home(t, files, map[string]string{"HDR": "from-var"})
	got, ok := discover.Discover(e, discover.Options{Project: dir + "/proj"}).Own(pi.ID)
	if !ok {
		t.Fatal("pi not resolved")
	}
	var hs []string
	for _, h := range got.Headers {
		hs = append(hs, h.Name+"="+h.Value.Value)
	}
	if want := "x-var=from-var x-unset=NOPE_HDR x-literal=anthropic"; strings.Join(hs, " ") != want {
		t.Errorf("headers %q, want %q", hs, want)
	}
}
