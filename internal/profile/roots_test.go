package profile

import (
	"errors"
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/internal/gateway"
)

func TestLoadRoots(t *testing.T) {
	const ds = "https://api.deepseek.com/anthropic"
	for _, tc := range []struct {
		name string
		o    LoadOptions
		vars map[string]string
		want map[gateway.Family]string
		base string
	}{
		{"the preset's roots", LoadOptions{Preset: "deepseek"}, nil, map[gateway.Family]string{gateway.FamilyAnthropic: ds}, "https://api.deepseek.com"},
		{"a base URL elsewhere drops them", LoadOptions{Preset: "deepseek", BaseURL: "http://127.0.0.1:9/v1"}, nil, nil, "http://127.0.0.1:9"},
		{"the preset's base URL by hand keeps them", LoadOptions{Preset: "deepseek", BaseURL: "https://api.deepseek.com/v1"}, nil, map[gateway.Family]string{gateway.FamilyAnthropic: ds}, "https://api.deepseek.com"},
		{"a flag wins", LoadOptions{Preset: "custom", BaseURL: "http://127.0.0.1:18110/v1", Roots: map[gateway.Family]string{gateway.FamilyAnthropic: "http://127.0.0.1:18109/anthropic/"}}, nil,
			map[gateway.Family]string{gateway.FamilyAnthropic: "http://127.0.0.1:18109/anthropic"}, "http://127.0.0.1:18110"},
		{"a flag equal to the base URL is no root of its own", LoadOptions{Preset: "custom", BaseURL: "https://gw.example.com", Roots: map[gateway.Family]string{gateway.FamilyOpenAI: "https://gw.example.com/v1"}}, nil, nil, "https://gw.example.com"},
		{"taotoken has none", LoadOptions{}, nil, nil, "https://taotoken.net/api"},
		{"a preset's Anthropic root as the base URL gives its OpenAI root", LoadOptions{Preset: "custom", BaseURL: ds}, nil, map[gateway.Family]string{gateway.FamilyAnthropic: ds}, "https://api.deepseek.com"},
		{"an unknown vendor's stays the base URL", LoadOptions{Preset: "custom", BaseURL: "https://gw.example.com/anthropic"}, nil, nil, "https://gw.example.com/anthropic"},
		{"with the OpenAI root given", LoadOptions{Preset: "custom", BaseURL: ds, Roots: map[gateway.Family]string{gateway.FamilyOpenAI: "https://api.deepseek.com/beta"}}, nil,
			map[gateway.Family]string{gateway.FamilyOpenAI: "https://api.deepseek.com/beta"}, ds},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := testEnv(t, map[string]string{"DEEPSEEK_API_KEY": testKey, "TAOTOKEN_API_KEY": testKey, "GATEWAY_API_KEY": testKey})
			p, err := Load(e, tc.o)
			if err != nil {
				t.Fatal(err)
			}
			if p.BaseURL != tc.base || len(p.Roots) != len(tc.want) {
				t.Fatalf("base %q roots %v, want %q %v", p.BaseURL, p.Roots, tc.base, tc.want)
			}
			for f, r := range tc.want {
				if p.Roots[f] != r {
					t.Errorf("%s root %q, want %q", f, p.Roots[f], r)
				}
			}
		})
	}
	e := testEnv(t, nil)
	_, err := Load(e, LoadOptions{Preset: "custom", BaseURL: "https://gw.example.com", Roots: map[gateway.Family]string{gateway.FamilyAnthropic: "ftp://x"}})
	var ue *gateway.UsageError
	if !errors.As(err, &ue) || !strings.Contains(ue.Msg, "--anthropic-base-url") {
		t.Errorf("a bad root flag: %v", err)
	}
}

// A team file may not send the key to another host through a root.
func TestTeamRootsOnItsHost(t *testing.T) {
	for in, ok := range map[string]bool{
		"base_url: https://api.deepseek.com\nroots: {anthropic: https://api.deepseek.com/anthropic}\n": true,
		"preset: deepseek\nroots: {anthropic: https://api.deepseek.com/anthropic}\n":                   true,
		"preset: deepseek\nroots: {anthropic: https://evil.example/anthropic}\n":                       false,
		"base_url: https://api.deepseek.com\nroots: {cobol: https://api.deepseek.com/c}\n":             false,
	} {
		_, err := parseTeam("/repo/keydoctor.yaml", []byte(in))
		if (err == nil) != ok {
			t.Errorf("%q: err = %v", in, err)
		}
		if err != nil && !strings.Contains(err.Error(), "keydoctor.yaml:2: roots") {
			t.Errorf("%q: the error names no line: %v", in, err)
		}
	}
}

// The KEYDOCTOR_*_BASE_URL variables give a root per family: below the
// flags and the team file, above the stored profile and the preset; one
// on another host than a base URL from elsewhere is refused, naming it.
func TestRootVars(t *testing.T) {
	const ds = "https://api.deepseek.com/anthropic"
	for _, tc := range []struct {
		name string
		o    LoadOptions
		vars map[string]string
		want map[gateway.Family]string
		err  string
	}{
		{"a variable gives the root", LoadOptions{Preset: "custom", BaseURL: "https://api.deepseek.com"},
			map[string]string{"KEYDOCTOR_ANTHROPIC_BASE_URL": ds + "/"}, map[gateway.Family]string{gateway.FamilyAnthropic: ds}, ""},
		{"beside KEYDOCTOR_BASE_URL", LoadOptions{Preset: "custom"},
			map[string]string{"KEYDOCTOR_BASE_URL": "https://api.moonshot.ai/v1", "KEYDOCTOR_ANTHROPIC_BASE_URL": "https://api.moonshot.ai/anthropic"},
			map[gateway.Family]string{gateway.FamilyAnthropic: "https://api.moonshot.ai/anthropic"}, ""},
		{"the variable beats the preset's", LoadOptions{Preset: "deepseek"},
			map[string]string{"KEYDOCTOR_ANTHROPIC_BASE_URL": "https://api.deepseek.com/beta/anthropic"},
			map[gateway.Family]string{gateway.FamilyAnthropic: "https://api.deepseek.com/beta/anthropic"}, ""},
		{"the flag beats the variable", LoadOptions{Preset: "custom", BaseURL: "https://gw.example.com", Roots: map[gateway.Family]string{gateway.FamilyOpenAI: "https://gw.example.com/openai"}},
			map[string]string{"KEYDOCTOR_OPENAI_BASE_URL": "https://gw.example.com/other"}, map[gateway.Family]string{gateway.FamilyOpenAI: "https://gw.example.com/openai"}, ""},
		{"another host than the flag's base URL", LoadOptions{Preset: "custom", BaseURL: "https://gw.example.com"},
			map[string]string{"KEYDOCTOR_GEMINI_BASE_URL": "https://evil.example"}, nil, "KEYDOCTOR_GEMINI_BASE_URL https://evil.example is not on the host"},
		{"not a URL", LoadOptions{Preset: "custom", BaseURL: "https://gw.example.com"},
			map[string]string{"KEYDOCTOR_OPENAI_BASE_URL": "ftp://gw.example.com"}, nil, "(from KEYDOCTOR_OPENAI_BASE_URL)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			vars := map[string]string{"DEEPSEEK_API_KEY": testKey, "GATEWAY_API_KEY": testKey}
			for k, v := range tc.vars {
				vars[k] = v
			}
			p, err := Load(testEnv(t, vars), tc.o)
			if tc.err != "" {
				var ue *gateway.UsageError
				if !errors.As(err, &ue) || !strings.Contains(ue.Msg, tc.err) {
					t.Fatalf("err = %v, want a usage error with %q", err, tc.err)
				}
				if strings.Contains(ue.Msg+ue.Hint, testKey) {
					t.Error("the key is in the error")
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(p.Roots) != len(tc.want) {
				t.Fatalf("roots %v, want %v", p.Roots, tc.want)
			}
			for f, r := range tc.want {
				if p.Roots[f] != r {
					t.Errorf("%s root %q, want %q", f, p.Roots[f], r)
				}
			}
		})
	}
}
