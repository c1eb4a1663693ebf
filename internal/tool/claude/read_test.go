package claude_test

import (
	"fmt"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env/envtest"
	"github.com/keydoctor/keydoctor/internal/gateway"
	_ "github.com/keydoctor/keydoctor/internal/tool/all"
	"github.com/keydoctor/keydoctor/internal/tool/claude"
)

// testKey is an obvious fake key.
const testKey = "sk-test-0123456789abcdef0123"

// home writes files (relative to a temp home) and returns an Env whose
// variables are vars plus HOME.
var home = envtest.Home

func v(value, file string, line int, key string) discover.Value {
	return discover.Value{Value: value, Source: discover.Source{File: file, Line: line, Key: key}}
}

func TestClaudeLookupPrecedence(t *testing.T) {
	layer := func(scope, val string) claude.Layer {
		return claude.Layer{Scope: scope, Path: scope + ".json", Env: map[string]discover.Value{"X": v(val, scope+".json", 1, "env.X")}}
	}
	empty := func(scope string) claude.Layer { return claude.Layer{Scope: scope, Env: map[string]discover.Value{}} }
	shell := discover.Value{Value: "shell", Source: discover.Source{Key: "X", Origin: "shell"}}
	tests := []struct {
		name   string
		layers []claude.Layer
		shell  discover.Value
		want   string
		shadow []string
	}{
		{"shell only", []claude.Layer{empty("user"), empty("project"), empty("local"), empty("managed")}, shell, "shell", nil},
		{"user beats shell", []claude.Layer{layer("user", "u"), empty("project"), empty("local"), empty("managed")}, shell, "u", []string{"shell"}},
		{"project beats user", []claude.Layer{layer("user", "u"), layer("project", "p"), empty("local"), empty("managed")}, discover.Value{}, "p", []string{"u"}},
		{"local beats project and user", []claude.Layer{layer("user", "u"), layer("project", "p"), layer("local", "l"), empty("managed")}, shell, "l", []string{"p", "u", "shell"}},
		{"managed beats all", []claude.Layer{layer("user", "u"), layer("project", "p"), layer("local", "l"), layer("managed", "m")}, shell, "m", []string{"l", "p", "u", "shell"}},
		{"nothing", []claude.Layer{empty("user")}, discover.Value{}, "", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := claude.Lookup(claude.State{Layers: tt.layers}, "X", tt.shell)
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
	s := discover.Discover(e, discover.Options{Project: filepath.Join(dir, "proj")})
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
		{"apiKeyHelper", "", `,"apiKeyHelper":"~/bin/key"`, "", nil, claude.KeyHelper, 0, ""}, // sent in both headers
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
			c, ok := discover.Discover(e, discover.Options{Project: dir}).Tool("claude")
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

// Claude Code takes the first non-empty of ANTHROPIC_DEFAULT_HAIKU_MODEL
// and the older ANTHROPIC_SMALL_FAST_MODEL, each settings-over-shell.
func TestClaudeBackgroundModel(t *testing.T) {
	tests := []struct {
		name, settings string
		vars           map[string]string
		want, key      string
		effective      string // Background(): the configured one, else Claude Code's default
	}{
		{"haiku in settings", `{"env":{"ANTHROPIC_DEFAULT_HAIKU_MODEL":"h"}}`, map[string]string{"ANTHROPIC_SMALL_FAST_MODEL": "s"}, "h", "env.ANTHROPIC_DEFAULT_HAIKU_MODEL", "h"},
		{"settings beat the shell", `{"env":{"ANTHROPIC_DEFAULT_HAIKU_MODEL":"h"}}`, map[string]string{"ANTHROPIC_DEFAULT_HAIKU_MODEL": "shell"}, "h", "env.ANTHROPIC_DEFAULT_HAIKU_MODEL", "h"},
		{"an empty haiku falls back to small-fast", `{"env":{"ANTHROPIC_MODEL":"m"}}`,
			map[string]string{"ANTHROPIC_DEFAULT_HAIKU_MODEL": "", "ANTHROPIC_SMALL_FAST_MODEL": "shell-small"}, "shell-small", "ANTHROPIC_SMALL_FAST_MODEL", "shell-small"},
		{"small-fast in settings", `{"env":{"ANTHROPIC_SMALL_FAST_MODEL":"s"}}`, nil, "s", "env.ANTHROPIC_SMALL_FAST_MODEL", "s"},
		{"none", `{"env":{"ANTHROPIC_MODEL":"m"}}`, nil, "", "", claude.DefaultBackgroundModel},
		{"an empty haiku is no model", `{"env":{"ANTHROPIC_DEFAULT_HAIKU_MODEL":""}}`, nil, "", "env.ANTHROPIC_DEFAULT_HAIKU_MODEL", claude.DefaultBackgroundModel},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e, dir := home(t, map[string]string{".claude/settings.json": tt.settings}, tt.vars)
			c, _ := discover.Discover(e, discover.Options{Project: dir}).Own(claude.ID)
			if c.BackgroundModel.Value != tt.want || c.BackgroundModel.Source.Key != tt.key {
				t.Errorf("background = %q from %q, want %q from %q", c.BackgroundModel.Value, c.BackgroundModel.Source.Key, tt.want, tt.key)
			}
			eff := c.Background()
			if eff.Value != tt.effective || eff.Source.Default != (tt.want == "") {
				t.Errorf("Background() = %q (default %v), want %q", eff.Value, eff.Source.Default, tt.effective)
			}
		})
	}
}

// TestClaudeRequest: the model and headers Claude Code 2.1.197 was seen to
// send for each configuration (docs/tools.md), as discovery computes them.
func TestClaudeRequest(t *testing.T) {
	const base = `"ANTHROPIC_BASE_URL": "https://gw.example/api", `
	const token = `"ANTHROPIC_AUTH_TOKEN": "` + testKey + `"`
	login := map[string]string{".claude/.credentials.json": `{"claudeAiOauth": {"accessToken": "sk-ant-oat01-x"}}`}
	tests := []struct {
		name     string
		settings string
		vars     map[string]string
		extra    map[string]string
		model    string // what the turn asks for
		alias    string // the alias it came through
		builtin  bool   // Claude Code's own id, nothing set it
		header   string
		login    bool
	}{
		{"no model: default alias opus, built-in id", `{"env": {` + base + token + `}}`, nil, nil,
			"claude-opus-5-5", "opus", true, "Authorization: Bearer", false},
		{"GLM: the defaults serve the default alias", `{"env": {` + base + token + `, "ANTHROPIC_DEFAULT_OPUS_MODEL": "glm-4.6", "ANTHROPIC_DEFAULT_SONNET_MODEL": "glm-4.6"}}`, nil, nil,
			"glm-4.6", "opus", false, "Authorization: Bearer", false},
		{"only the sonnet default: a turn still asks for opus", `{"env": {` + base + token + `, "ANTHROPIC_DEFAULT_SONNET_MODEL": "glm-4.6"}}`, nil, nil,
			"claude-opus-5-5", "opus", true, "Authorization: Bearer", false},
		{"settings alias through its default", `{"model": "sonnet", "env": {` + base + token + `, "ANTHROPIC_DEFAULT_SONNET_MODEL": "glm-4.6"}}`, nil, nil,
			"glm-4.6", "sonnet", false, "Authorization: Bearer", false},
		{"alias case and [1m] do not matter", `{"model": "Sonnet[1m]", "env": {` + base + token + `, "ANTHROPIC_DEFAULT_SONNET_MODEL": "glm-4.6"}}`, nil, nil,
			"glm-4.6", "Sonnet[1m]", false, "Authorization: Bearer", false},
		{"opusplan outside plan mode is sonnet", `{"model": "opusplan", "env": {` + base + token + `, "ANTHROPIC_DEFAULT_OPUS_MODEL": "a", "ANTHROPIC_DEFAULT_SONNET_MODEL": "b"}}`, nil, nil,
			"b", "opusplan", false, "Authorization: Bearer", false},
		{"haiku alias without its default", `{"model": "haiku", "env": {` + base + token + `}}`, nil, nil,
			"claude-haiku-5-5", "haiku", true, "Authorization: Bearer", false},
		{"default is no alias: sent as it is", `{"model": "default", "env": {` + base + token + `}}`, nil, nil,
			"default", "", false, "Authorization: Bearer", false},
		{"ANTHROPIC_MODEL alias from the shell", `{"env": {` + base + token + `, "ANTHROPIC_DEFAULT_SONNET_MODEL": "glm-4.6"}}`, map[string]string{"ANTHROPIC_MODEL": "sonnet"}, nil,
			"glm-4.6", "sonnet", false, "Authorization: Bearer", false},
		{"an empty ANTHROPIC_MODEL is unset", `{"model": "m1", "env": {` + base + token + `, "ANTHROPIC_MODEL": ""}}`, nil, nil,
			"m1", "", false, "Authorization: Bearer", false},
		{"a model id is no alias", `{"env": {` + base + token + `, "ANTHROPIC_MODEL": "glm-4.6"}}`, nil, nil,
			"glm-4.6", "", false, "Authorization: Bearer", false},
		{"apiKeyHelper beside the token: two headers", `{"apiKeyHelper": "get-key", "env": {` + base + token + `, "ANTHROPIC_MODEL": "m"}}`, nil, nil,
			"m", "", false, "Authorization: Bearer + x-api-key", false},
		{"apiKeyHelper alone: both headers", `{"apiKeyHelper": "get-key", "env": {` + base + `"ANTHROPIC_MODEL": "m"}}`, nil, nil,
			"m", "", false, "Authorization: Bearer + x-api-key", false},
		{"a base URL, no key, a login: the login's token goes to the gateway", `{"env": {` + base + `"ANTHROPIC_MODEL": "m"}}`, nil, login,
			"m", "", false, "Authorization: Bearer (the subscription login's token)", true},
		{"an exported base URL and a login: judged too", `{"model": "m"}`, map[string]string{"ANTHROPIC_BASE_URL": "https://gw.example/api"}, login,
			"m", "", false, "Authorization: Bearer (the subscription login's token)", true},
		{"a base URL, no key, no login: nothing is sent", `{"env": {` + base + `"ANTHROPIC_MODEL": "m"}}`, nil, nil,
			"m", "", false, "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			files := map[string]string{".claude/settings.json": tt.settings}
			for k, v := range tt.extra {
				files[k] = v
			}
			e, _ := home(t, files, tt.vars)
			s := discover.Discover(e, discover.Options{})
			c, ok := s.Tool("claude")
			if !ok {
				t.Fatalf("claude not resolved; problems %+v", s.Problems)
			}
			if c.Model.Value != tt.model || c.ModelAlias.Value != tt.alias || c.Model.Source.Default != tt.builtin {
				t.Errorf("model %q (alias %q, built-in %v), want %q (alias %q, built-in %v)",
					c.Model.Value, c.ModelAlias.Value, c.Model.Source.Default, tt.model, tt.alias, tt.builtin)
			}
			r, _ := c.Request()
			if r.Header != tt.header {
				t.Errorf("header %q, want %q", r.Header, tt.header)
			}
			if c.Login.Set() != tt.login {
				t.Errorf("login %v, want %v", c.Login.Set(), tt.login)
			}
		})
	}
}

// FuzzClaudeSettings: whatever settings.json holds, Claude Code's triple
// resolves, and a key always comes with the header it is sent in (an
// apiKeyHelper's key has no value here).
func FuzzClaudeSettings(f *testing.F) {
	f.Add(`{"env":{"ANTHROPIC_BASE_URL":"https://gw.example/api","ANTHROPIC_AUTH_TOKEN":"k"},"model":"m"}`)
	f.Add(`{"env":{"ANTHROPIC_API_KEY":"k","ANTHROPIC_DEFAULT_HAIKU_MODEL":"","ANTHROPIC_SMALL_FAST_MODEL":"s"}}`)
	f.Add(`{"env":{"ANTHROPIC_MODEL":3}}`)
	f.Add(`{"env":null}`)
	f.Add(`{"apiKeyHelper":"x","env":{"ANTHROPIC_MODEL":"m"}}`)
	f.Add(`[`)
	f.Fuzz(func(t *testing.T, settings string) {
		e, dir := home(t, map[string]string{".claude/settings.json": settings}, nil)
		c, ok := discover.Discover(e, discover.Options{Project: dir}).Own("claude")
		if !ok || !c.Base.Set() {
			t.Fatalf("claude = %+v (%v) for %q", c, ok, settings)
		}
		if c.Key.Value != "" && c.Auth == "" {
			t.Errorf("a key without an auth header for %q", settings)
		}
		if c.BackgroundModel.Set() && c.BackgroundModel.Source.Key == "" {
			t.Errorf("a background model without a source for %q", settings)
		}
	})
}
