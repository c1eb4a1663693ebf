package copilot_test

import (
	"path/filepath"
	"testing"

	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env/envtest"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/tool/copilot"
)

const testKey = "sk-test-0123456789abcdef0123"

const block = "# mine\n# >>> keydoctor copilot >>>\n" +
	"export COPILOT_PROVIDER_BASE_URL='https://gw.example/api'\n" +
	"export COPILOT_PROVIDER_TYPE='anthropic'\n" +
	"export COPILOT_PROVIDER_API_KEY=\"${TAOTOKEN_API_KEY}\"\n" +
	"export COPILOT_MODEL='claude-sonnet-4-5'\n" +
	"# <<< keydoctor copilot <<<\n"

// TestResolve: the environment beats the block (a shell that loaded it
// has the same values); the block alone is what a new shell gets; the
// provider type picks the wire rule; a key named by reference is that
// variable's.
func TestResolve(t *testing.T) {
	tests := []struct {
		name      string
		files     map[string]string
		vars      map[string]string
		found     bool
		base      string
		baseLine  int
		proto     gateway.Protocol
		auth      gateway.Auth
		keyFrom   string // the key's source: the variable
		notLoaded bool
	}{
		{"nothing", nil, nil, false, "", 0, "", "", "", false},
		{"the block, not loaded", map[string]string{".bashrc": block}, map[string]string{"TAOTOKEN_API_KEY": testKey},
			true, "https://gw.example/api", 3, gateway.Messages, gateway.AuthXAPIKey, "TAOTOKEN_API_KEY", true},
		{"the block, loaded", map[string]string{".bashrc": block},
			map[string]string{"TAOTOKEN_API_KEY": testKey, copilot.BaseURL: "https://gw.example/api", copilot.Type: "anthropic", copilot.APIKey: testKey},
			true, "https://gw.example/api", 0, gateway.Messages, gateway.AuthXAPIKey, copilot.APIKey, false},
		{"the environment only, openai", nil, map[string]string{copilot.BaseURL: "https://gw.example/api/v1", copilot.APIKey: testKey, copilot.Model: "gpt-4o"},
			true, "https://gw.example/api/v1", 0, gateway.Chat, gateway.AuthBearer, copilot.APIKey, false},
		{"responses", nil, map[string]string{copilot.BaseURL: "https://gw.example/api/v1", copilot.WireAPI: "responses", copilot.BearerToken: testKey},
			true, "https://gw.example/api/v1", 0, gateway.Responses, gateway.AuthBearer, copilot.BearerToken, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.vars = withShell(tt.vars)
			e, dir := envtest.Home(t, tt.files, tt.vars)
			s := discover.Discover(e, discover.Options{Project: filepath.Join(dir, "p")})
			got, ok := s.Tool(string(copilot.ID))
			if ok != tt.found {
				t.Fatalf("found %v, want %v", ok, tt.found)
			}
			if !ok {
				return
			}
			if got.Base.Value != tt.base || got.Base.Source.Line != tt.baseLine {
				t.Errorf("base %q at line %d, want %q at %d", got.Base.Value, got.Base.Source.Line, tt.base, tt.baseLine)
			}
			if got.Rule.Protocol != tt.proto || got.Auth != tt.auth {
				t.Errorf("protocol %s auth %s, want %s %s", got.Rule.Protocol, got.Auth, tt.proto, tt.auth)
			}
			if got.Key.Value != testKey || got.Key.Source.Key != tt.keyFrom || got.Key.Source.File != "" {
				t.Errorf("key from %+v, want $%s", got.Key.Source, tt.keyFrom)
			}
			if nl := copilot.StateOf(s).NotLoaded(s); nl != tt.notLoaded {
				t.Errorf("not loaded = %v, want %v", nl, tt.notLoaded)
			}
		})
	}
}

// TestResolveBlockRefused: markers that do not pair up are a problem of
// the profile at their line, and no triple is taken from the file.
func TestResolveBlockRefused(t *testing.T) {
	e, dir := envtest.Home(t, map[string]string{".bashrc": "a\n# >>> keydoctor copilot >>>\nexport COPILOT_PROVIDER_BASE_URL='x'\n"}, withShell(nil))
	s := discover.Discover(e, discover.Options{Project: dir})
	ps := s.ProblemsIn(filepath.Join(dir, ".bashrc"))
	if len(ps) != 1 || ps[0].Line != 2 {
		t.Fatalf("problems %+v", ps)
	}
	if _, ok := s.Tool(string(copilot.ID)); ok {
		t.Error("a triple was taken from a refused block")
	}
}

func withShell(vars map[string]string) map[string]string {
	out := map[string]string{"SHELL": "/bin/bash"}
	for k, v := range vars {
		out[k] = v
	}
	return out
}
