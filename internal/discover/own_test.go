package discover

import (
	"fmt"
	"path/filepath"
	"testing"

	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/tool"
)

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
		{"none", `{"env":{"ANTHROPIC_MODEL":"m"}}`, nil, "", "", tool.ClaudeDefaultBackgroundModel},
		{"an empty haiku is no model", `{"env":{"ANTHROPIC_DEFAULT_HAIKU_MODEL":""}}`, nil, "", "env.ANTHROPIC_DEFAULT_HAIKU_MODEL", tool.ClaudeDefaultBackgroundModel},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e, dir := home(t, map[string]string{".claude/settings.json": tt.settings}, tt.vars)
			c, _ := Discover(e, Options{Project: dir}).Own(gateway.Claude)
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

// Background is Claude Code's alone.
func TestBackgroundOtherTools(t *testing.T) {
	if v := (Tool{ID: gateway.Codex}).Background(); v.Set() {
		t.Errorf("codex background = %+v", v)
	}
}

// Own is a tool's own triple: Claude Code even from the shell alone, never
// an MCP server that shares the tool's id.
func TestOwn(t *testing.T) {
	mcp := `{"mcpServers":{"gw":{"command":"x","env":{"TAOTOKEN_BASE_URL":"https://mcp.example/api","TAOTOKEN_API_KEY":"k"}}}}`
	e, dir := home(t, map[string]string{".cline/data/settings/cline_mcp_settings.json": mcp},
		map[string]string{"ANTHROPIC_BASE_URL": "https://shell.example/api"})
	s := Discover(e, Options{Project: dir})
	if _, listed := s.Tool("claude"); listed {
		t.Error("claude listed with no settings file")
	}
	c, ok := s.Own(gateway.Claude)
	if !ok || c.Base.Value != "https://shell.example/api" || c.Base.Source.Key != "ANTHROPIC_BASE_URL" {
		t.Errorf("claude from the shell = %+v (%v)", c.Base, ok)
	}
	if _, listed := s.Tool("cline"); !listed {
		t.Fatal("the Cline MCP server is not listed")
	}
	if t2, ok := s.Own(gateway.Cline); ok {
		t.Errorf("Own(cline) = %s without providers.json", t2.Label)
	}
	if _, ok := s.Own(gateway.Codex); ok {
		t.Error("Own(codex) without config.toml")
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
			s := Discover(e, Options{Project: dir})
			c, ok := s.Own(gateway.Codex)
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
			if got := s.Codex.OpenAIProviderKey(); got.Value != tt.sentKey {
				t.Errorf("sent key = %q, want %q", got.Value, tt.sentKey)
			}
		})
	}
}

func TestClineEntryAuth(t *testing.T) {
	entry := `"%s":{"settings":{"provider":"%s","baseUrl":"https://gw.example","apiKey":"k","model":"m"},"updatedAt":"x"}`
	for _, tt := range []struct {
		id, provider string
		want         gateway.Auth
	}{
		{"openai-compatible", "openai-compatible", gateway.AuthBearer},
		{"anthropic", "anthropic", gateway.AuthXAPIKey},
		{"mine", "anthropic", gateway.AuthXAPIKey},
	} {
		doc := fmt.Sprintf(`{"lastUsedProvider":%q,"providers":{`+entry+`}}`, tt.id, tt.id, tt.provider)
		e, dir := home(t, map[string]string{".cline/data/settings/providers.json": doc}, nil)
		s := Discover(e, Options{Project: dir})
		c, ok := s.Own(gateway.Cline)
		en, _ := s.Cline.Active()
		if !ok || c.Auth != tt.want || en.Provider.Value != tt.provider || en.Provider.Source.Key != "providers."+tt.id+".settings.provider" {
			t.Errorf("%s/%s: auth %q provider %+v", tt.id, tt.provider, c.Auth, en.Provider)
		}
	}
}

func TestProblemsIn(t *testing.T) {
	e, dir := home(t, map[string]string{
		".codex/config.toml":                  "model = \n",
		".codex/auth.json":                    "{",
		".cline/data/settings/providers.json": `{"lastUsedProvider":"a","providers":{"a":{"settings":{"apiKey":5}}}}`,
	}, nil)
	s := Discover(e, Options{Project: dir})
	cfg := s.ProblemsIn(filepath.Join(dir, ".codex/config.toml"))
	auth := s.ProblemsIn(filepath.Join(dir, ".codex/auth.json"))
	if len(cfg) != 1 || len(auth) != 1 || cfg[0].File == auth[0].File || !cfg[0].Unusable || !auth[0].Unusable {
		t.Errorf("config %+v, auth %+v", cfg, auth)
	}
	// a value of the wrong type leaves the rest of the file in use
	cl := s.ProblemsIn(filepath.Join(dir, ".cline/data/settings/providers.json"))
	if len(cl) != 1 || cl[0].Unusable || cl[0].Line != 1 {
		t.Errorf("providers.json %+v", cl)
	}
}

func TestSourceNamed(t *testing.T) {
	e, dir := home(t, nil, nil)
	for _, tt := range []struct {
		src  Source
		want string
	}{
		{Source{File: filepath.Join(dir, ".codex/config.toml"), Line: 3, Key: "model"}, "~/.codex/config.toml model"},
		{Source{File: filepath.Join(dir, ".claude/settings.json"), Line: 2}, "~/.claude/settings.json"},
		{Source{Key: "TAOTOKEN_API_KEY", Origin: "shell"}, "$TAOTOKEN_API_KEY"},
		{Source{Default: true}, ""},
		{Source{}, ""},
	} {
		if got := tt.src.Named(e); got != filepath.FromSlash(tt.want) {
			t.Errorf("Named(%+v) = %q, want %q", tt.src, got, tt.want)
		}
	}
}

// The Anthropic SDKs' row says x-api-key; an ANTHROPIC_AUTH_TOKEN is still
// sent as a bearer token.
func TestSDKAuthHeader(t *testing.T) {
	e, dir := home(t, nil, map[string]string{"ANTHROPIC_BASE_URL": "https://gw.example/api", "ANTHROPIC_AUTH_TOKEN": "t", "OPENAI_BASE_URL": "https://gw.example/v1", "OPENAI_API_KEY": "k"})
	s := Discover(e, Options{Project: dir})
	for id, want := range map[string]gateway.Auth{"anthropic": gateway.AuthBearer, "openai": gateway.AuthBearer} {
		if tool, ok := s.Tool(id); !ok || tool.Auth != want {
			t.Errorf("%s: auth %q (%v), want %q", id, tool.Auth, ok, want)
		}
	}
	e, dir = home(t, nil, map[string]string{"ANTHROPIC_BASE_URL": "https://gw.example/api", "ANTHROPIC_API_KEY": "k"})
	if tool, _ := Discover(e, Options{Project: dir}).Tool("anthropic"); tool.Auth != gateway.AuthXAPIKey {
		t.Errorf("anthropic api key: auth %q", tool.Auth)
	}
}
