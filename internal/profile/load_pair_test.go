package profile

import (
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/redact"
)

// TestLoadPairsKeyWithItsHost: the resolution keeps a key only with a
// base URL of the host it belongs to, or one named on the command line.
func TestLoadPairsKeyWithItsHost(t *testing.T) {
	work := &Layer{Source: "profile work", Preset: "custom", BaseURL: "https://work.example.com/api", Key: testKey}
	team := func(base, keyEnv string) *Layer {
		return &Layer{Source: "keydoctor.yaml", BaseURL: base, KeyEnv: keyEnv}
	}
	for _, tc := range []struct {
		name    string
		vars    map[string]string
		o       LoadOptions
		refused string // "" the key is kept; else a part of the refusal
	}{
		{"stored key, its own host", nil, LoadOptions{Saved: work}, ""},
		{"stored key, the team's host", nil, LoadOptions{Saved: work, Team: team("https://evil.example/api", "")}, "the key from profile work belongs to work.example.com, not to evil.example (the base URL from keydoctor.yaml)"},
		{"stored key, --base-url", nil, LoadOptions{Saved: work, BaseURL: "https://evil.example/api"}, ""},
		{"stored key, a stale KEYDOCTOR_BASE_URL", map[string]string{"KEYDOCTOR_BASE_URL": "https://old.example/api"}, LoadOptions{Saved: work}, "belongs to work.example.com, not to old.example (the base URL from KEYDOCTOR_BASE_URL)"},
		{"stored key, same host other port", nil, LoadOptions{Saved: work, Team: team("https://work.example.com:8443/api", "")}, "not to work.example.com:8443"},
		{"stored key, same host other scheme", nil, LoadOptions{Saved: work, Team: team("http://work.example.com/api", "")}, "not to work.example.com"},
		{"preset variable a stored profile names, its host", map[string]string{"TAOTOKEN_API_KEY": testKey}, LoadOptions{Saved: &Layer{Source: "profile taotoken", Preset: "taotoken", BaseURL: "https://gateway.example/api", KeyEnv: "TAOTOKEN_API_KEY"}}, ""},
		{"preset variable a stored profile names, the team's host", map[string]string{"TAOTOKEN_API_KEY": testKey}, LoadOptions{Saved: &Layer{Source: "profile taotoken", Preset: "taotoken", BaseURL: "https://gateway.example/api", KeyEnv: "TAOTOKEN_API_KEY"}, Team: &Layer{Source: "keydoctor.yaml", Preset: "taotoken", BaseURL: "https://evil.example/api"}}, "the key from profile taotoken belongs to gateway.example, not to evil.example"},
		{"preset variable, its base variable", map[string]string{"TAOTOKEN_API_KEY": testKey, "TAOTOKEN_BASE_URL": "http://127.0.0.1:9/api"}, LoadOptions{}, ""},
		{"preset variable, the preset's root", map[string]string{"TAOTOKEN_API_KEY": testKey}, LoadOptions{}, ""},
		{"preset variable, KEYDOCTOR_BASE_URL", map[string]string{"TAOTOKEN_API_KEY": testKey, "KEYDOCTOR_BASE_URL": "http://127.0.0.1:9/api"}, LoadOptions{}, ""},
		{"preset variable, the team's host", map[string]string{"TAOTOKEN_API_KEY": testKey}, LoadOptions{Team: &Layer{Source: "keydoctor.yaml", Preset: "taotoken", BaseURL: "https://evil.example/api"}}, "the key from TAOTOKEN_API_KEY belongs to taotoken.net, not to evil.example"},
		{"team key_env naming a preset variable", map[string]string{"TAOTOKEN_API_KEY": testKey}, LoadOptions{Team: team("https://evil.example/api", "TAOTOKEN_API_KEY")}, "the key from TAOTOKEN_API_KEY belongs to taotoken.net"},
		{"the team's own variable", map[string]string{"TEAM_KEY": testKey}, LoadOptions{Team: team("https://team.example/api", "TEAM_KEY")}, ""},
		{"the custom preset's variable, named by the team", map[string]string{"GATEWAY_API_KEY": testKey}, LoadOptions{Team: team("https://team.example/api", "GATEWAY_API_KEY")}, ""},
		{"the custom preset's variable, not named", map[string]string{"GATEWAY_API_KEY": testKey}, LoadOptions{Team: team("https://team.example/api", "")}, "the key from GATEWAY_API_KEY was given for no gateway in particular"},
		{"KEYDOCTOR_API_KEY, the team's host", map[string]string{"KEYDOCTOR_API_KEY": testKey}, LoadOptions{Team: team("https://team.example/api", "")}, "the key from KEYDOCTOR_API_KEY was given for no gateway"},
		{"KEYDOCTOR_API_KEY, --base-url", map[string]string{"KEYDOCTOR_API_KEY": testKey}, LoadOptions{BaseURL: "https://any.example/api", Preset: "custom"}, ""},
		{"--key-env, the team's host", map[string]string{"MINE": testKey}, LoadOptions{KeyEnv: "MINE", Team: team("https://team.example/api", "")}, ""},
		{"stdin, the team's host", nil, LoadOptions{KeyStdin: strings.NewReader(testKey + "\n"), Team: team("https://team.example/api", "")}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := Load(testEnv(t, tc.vars), tc.o)
			if err != nil {
				t.Fatal(err)
			}
			if tc.refused == "" {
				if p.Key != testKey || p.Refused != nil {
					t.Fatalf("key %q refused %v, want it kept", redact.Mask(p.Key), p.Refused)
				}
				return
			}
			if p.Key != "" || p.Refused == nil || !strings.Contains(p.Refused.Error(), tc.refused) {
				t.Fatalf("key %q refused %v, want refused: %s", redact.Mask(p.Key), p.Refused, tc.refused)
			}
			err = Require(p, gateway.FieldKey)
			if err == nil || !strings.Contains(err.Error(), "it is not sent there") || strings.Contains(err.Error(), testKey) {
				t.Errorf("Require: %v", err)
			}
		})
	}
}
