package opencode_test

import (
	"fmt"
	"testing"

	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env/envtest"
	_ "github.com/keydoctor/keydoctor/internal/tool/all"
	"github.com/keydoctor/keydoctor/internal/tool/opencode"
)

const testKey = "sk-test-0123456789abcdef0123"

// OpenCode's triple is the provider its model is on: the baseURL of the
// highest layer that sets it, the key auth.json holds for the provider
// unless options.apiKey names one ({env:VAR}: the variable's value).
func TestResolveOpenCode(t *testing.T) {
	config := `{
  // the gateway
  "model": "gw/m1",
  "provider": {"gw": {"npm": "@ai-sdk/openai-compatible", "options": {"baseURL": "https://gw.example/v1"%s}, "models": {"m1": {}}}}
}`
	auth := `{"gw": {"type": "api", "key": "sk-test-from-auth-json-0000"}}`
	for _, tt := range []struct {
		name, apiKey string
		vars         map[string]string
		key, keyName string
	}{
		{"auth.json", "", nil, "sk-test-from-auth-json-0000", "auth.json gw"},
		{"{env:VAR} beats auth.json", `, "apiKey": "{env:GW_KEY}"`, map[string]string{"GW_KEY": testKey}, testKey, "GW_KEY"},
		{"{env:VAR} unset sends nothing", `, "apiKey": "{env:GW_KEY}"`, nil, "", "GW_KEY"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			e, dir := envtest.Home(t, map[string]string{
				".config/opencode/opencode.json":  fmt.Sprintf(config, tt.apiKey),
				".local/share/opencode/auth.json": auth,
			}, tt.vars)
			s := discover.Discover(e, discover.Options{Project: dir})
			o, ok := s.Tool("opencode")
			if !ok {
				t.Fatalf("opencode not resolved; problems %+v", s.Problems)
			}
			if o.Base.Value != "https://gw.example/v1" || o.Base.Source.Line != 4 || o.Model.Value != "m1" || o.Model.Source.Line != 3 {
				t.Errorf("base %+v, model %+v", o.Base, o.Model)
			}
			if o.Key.Value != tt.key || o.KeyName != tt.keyName {
				t.Errorf("key %q (%s), want %q (%s)", o.Key.Value, o.KeyName, tt.key, tt.keyName)
			}
			if _, id, _, p := opencode.StateOf(s).Effective(); id != "gw" || len(p.Models) != 1 {
				t.Errorf("effective provider %q %+v", id, p)
			}
		})
	}
}
