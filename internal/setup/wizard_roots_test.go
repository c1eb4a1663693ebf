package setup

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/templates"
)

// TestWizardRoots: the wizard asks for a root per API family when the
// chosen preset serves one apart (Enter keeps it), when the user picks
// "another gateway with its own Anthropic API root", and when the typed
// base URL is a vendor's Anthropic root (then the OpenAI root is needed);
// what each tool receives follows.
func TestWizardRoots(t *testing.T) {
	const ds, dsAnthropic = "https://api.deepseek.com", "https://api.deepseek.com/anthropic"
	// the script asker answers a Select with the option's value
	separate, custom := separateRoots, templates.CustomPreset
	for _, tc := range []struct {
		name    string
		base    string // a --base-url ("" none)
		answers []any
		asked   string
		wantB   string
		want    map[gateway.Family]string
		shows   string // a line of "each tool will receive"
	}{
		{"a preset's root, kept", "", []any{"deepseek", ""}, "Gateway|Anthropic API root (Enter keeps DeepSeek's " + dsAnthropic + ")",
			ds, map[gateway.Family]string{gateway.FamilyAnthropic: dsAnthropic}, dsAnthropic + "/v1/messages"},
		{"a preset's root, typed", "", []any{"deepseek", "https://api.deepseek.com/beta/anthropic/"}, "Gateway|Anthropic API root (Enter keeps DeepSeek's " + dsAnthropic + ")",
			ds, map[gateway.Family]string{gateway.FamilyAnthropic: "https://api.deepseek.com/beta/anthropic"}, "https://api.deepseek.com/beta/anthropic/v1/messages"},
		{"a preset without roots asks none", "", []any{"taotoken"}, "Gateway", "https://taotoken.net/api", nil, "https://taotoken.net/api/v1/chat/completions"},
		{"separate roots, typed", "", []any{separate, "https://gw.example.com/v1", "https://gw.example.com/claude"},
			"Gateway|Base URL|Anthropic API root (Enter: the base URL serves it)",
			"https://gw.example.com", map[gateway.Family]string{gateway.FamilyAnthropic: "https://gw.example.com/claude"}, "https://gw.example.com/claude/v1/messages"},
		{"separate roots, Enter: one root after all", "", []any{separate, "https://gw.example.com", ""},
			"Gateway|Base URL|Anthropic API root (Enter: the base URL serves it)", "https://gw.example.com", nil, "https://gw.example.com/v1/messages"},
		{"an Anthropic root typed: the OpenAI root asked", "", []any{custom, "https://api.example.com/anthropic", "https://api.example.com/v1"},
			"Gateway|Base URL|OpenAI API root", "https://api.example.com", map[gateway.Family]string{gateway.FamilyAnthropic: "https://api.example.com/anthropic"}, "https://api.example.com/v1/chat/completions"},
		{"an Anthropic root from --base-url: the OpenAI root asked", "https://api.example.com/anthropic", []any{"https://api.example.com/openai"},
			"OpenAI API root", "https://api.example.com/openai", map[gateway.Family]string{gateway.FamilyAnthropic: "https://api.example.com/anthropic"}, "https://api.example.com/openai/v1/chat/completions"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			answers := tc.answers
			var out strings.Builder
			ask := &script{answers: answers}
			p := gateway.Profile{Preset: "taotoken", BaseURL: "https://taotoken.net/api", Key: testKey, Sources: map[gateway.Field]string{gateway.FieldBaseURL: "preset taotoken"}}
			if tc.base != "" {
				p.Preset, p.BaseURL, p.Sources[gateway.FieldBaseURL] = "custom", tc.base, "--base-url"
			}
			w := &Wizard{Ask: ask, Env: env.FromMap(nil), Out: &out, Err: &out, Profile: p}
			if err := w.AskGateway(context.Background()); err != nil {
				t.Fatalf("%v\nasked %q", err, ask.asked)
			}
			if got := strings.Join(ask.asked, "|"); got != tc.asked {
				t.Errorf("asked %s\nwant  %s", got, tc.asked)
			}
			if w.Profile.BaseURL != tc.wantB || fmt.Sprint(w.Profile.Roots) != fmt.Sprint(tc.want) {
				t.Errorf("base %q roots %v, want %q %v", w.Profile.BaseURL, w.Profile.Roots, tc.wantB, tc.want)
			}
			if !strings.Contains(out.String(), tc.shows) {
				t.Errorf("each tool will receive lacks %s:\n%s", tc.shows, out.String())
			}
			if strings.Contains(out.String(), "anthropic/v1/chat") || strings.Contains(out.String(), "anthropic/v1/responses") {
				t.Errorf("a tool speaking OpenAI's API would get an Anthropic root:\n%s", out.String())
			}
		})
	}
}
