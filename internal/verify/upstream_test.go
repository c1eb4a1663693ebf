package verify

import (
	"testing"

	"github.com/keydoctor/keydoctor/internal/gateway"
)

// A vendor with a root per family is named by any one of its roots; each
// tool is relayed to the root of the family it speaks (issue 25).
func TestUpstreamBaseRootPerFamily(t *testing.T) {
	claude, _ := Runs("claude")
	codex, _ := Runs("codex")
	own := gateway.Profile{BaseURL: "https://gw.example.test/api",
		Roots: map[gateway.Family]string{gateway.FamilyAnthropic: "https://gw.example.test/claude"}}
	for _, c := range []struct {
		name     string
		desc     string
		upstream string
		roots    gateway.Profile
		want     string
	}{
		{"preset base, Anthropic tool", "claude", "https://api.deepseek.com", gateway.Profile{}, "https://api.deepseek.com/anthropic"},
		{"preset Anthropic root, OpenAI tool", "codex", "https://api.deepseek.com/anthropic", gateway.Profile{}, codex.Base("https://api.deepseek.com")},
		{"profile base, Anthropic tool", "claude", "https://gw.example.test/api", own, "https://gw.example.test/claude"},
		{"profile Anthropic root, OpenAI tool", "codex", "https://gw.example.test/claude", own, codex.Base("https://gw.example.test/api")},
		{"a root no profile has", "claude", "https://other.example.test/api/v1", own, claude.Base("https://other.example.test/api")},
	} {
		desc := claude
		if c.desc == "codex" {
			desc = codex
		}
		got, err := upstreamBase(desc, c.upstream, c.roots)
		if err != nil || got != c.want {
			t.Errorf("%s: upstreamBase(%s, %q) = %q, %v; want %q", c.name, c.desc, c.upstream, got, err, c.want)
		}
	}
	if _, err := upstreamBase(claude, "not a url with space", gateway.Profile{}); err == nil {
		t.Error("an invalid --upstream is an error")
	}
}
