package discover_test

import (
	"path/filepath"
	"testing"

	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env/envtest"
	"github.com/keydoctor/keydoctor/internal/gateway"
	_ "github.com/keydoctor/keydoctor/internal/tool/all"
)

// testKey is an obvious fake key.
const testKey = "sk-test-0123456789abcdef0123"

// home writes files (relative to a temp home) and returns an Env whose
// variables are vars plus HOME.
var home = envtest.Home

func TestProblemsKeepLineAndColumn(t *testing.T) {
	e, dir := home(t, map[string]string{
		".claude/settings.json":               "{\n  \"env\": {\"A\": 1,}\n}\n",
		".codex/config.toml":                  "model = \n",
		".config/Code/User/settings.json":     "{\n  // c\n  \"a\": 1,\n  \"a\": 2\n}\n",
		".cline/data/settings/providers.json": "[]",
	}, nil)
	s := discover.Discover(e, discover.Options{Project: dir})
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

// Own is a tool's own triple: Claude Code even from the shell alone, never
// an MCP server that shares the tool's id.
func TestOwn(t *testing.T) {
	mcp := `{"mcpServers":{"gw":{"command":"x","env":{"TAOTOKEN_BASE_URL":"https://mcp.example/api","TAOTOKEN_API_KEY":"k"}}}}`
	e, dir := home(t, map[string]string{".cline/data/settings/cline_mcp_settings.json": mcp},
		map[string]string{"ANTHROPIC_BASE_URL": "https://shell.example/api"})
	s := discover.Discover(e, discover.Options{Project: dir})
	if _, listed := s.Tool("claude"); listed {
		t.Error("claude listed with no settings file")
	}
	c, ok := s.Own(gateway.ToolID("claude"))
	if !ok || c.Base.Value != "https://shell.example/api" || c.Base.Source.Key != "ANTHROPIC_BASE_URL" {
		t.Errorf("claude from the shell = %+v (%v)", c.Base, ok)
	}
	if _, listed := s.Tool("cline"); !listed {
		t.Fatal("the Cline MCP server is not listed")
	}
	if t2, ok := s.Own(gateway.ToolID("cline")); ok {
		t.Errorf("Own(cline) = %s without providers.json", t2.Label)
	}
	if _, ok := s.Own(gateway.ToolID("codex")); ok {
		t.Error("Own(codex) without config.toml")
	}
}

func TestProblemsIn(t *testing.T) {
	e, dir := home(t, map[string]string{
		".codex/config.toml":                  "model = \n",
		".codex/auth.json":                    "{",
		".cline/data/settings/providers.json": `{"lastUsedProvider":"a","providers":{"a":{"settings":{"apiKey":5}}}}`,
	}, nil)
	s := discover.Discover(e, discover.Options{Project: dir})
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

// The Anthropic SDKs' row says x-api-key; an ANTHROPIC_AUTH_TOKEN is still
// sent as a bearer token.
func TestSDKAuthHeader(t *testing.T) {
	e, dir := home(t, nil, map[string]string{"ANTHROPIC_BASE_URL": "https://gw.example/api", "ANTHROPIC_AUTH_TOKEN": "t", "OPENAI_BASE_URL": "https://gw.example/v1", "OPENAI_API_KEY": "k"})
	s := discover.Discover(e, discover.Options{Project: dir})
	for id, want := range map[string]gateway.Auth{"anthropic": gateway.AuthBearer, "openai": gateway.AuthBearer} {
		if tool, ok := s.Tool(id); !ok || tool.Auth != want {
			t.Errorf("%s: auth %q (%v), want %q", id, tool.Auth, ok, want)
		}
	}
	e, dir = home(t, nil, map[string]string{"ANTHROPIC_BASE_URL": "https://gw.example/api", "ANTHROPIC_API_KEY": "k"})
	if tool, _ := discover.Discover(e, discover.Options{Project: dir}).Tool("anthropic"); tool.Auth != gateway.AuthXAPIKey {
		t.Errorf("anthropic api key: auth %q", tool.Auth)
	}
}
