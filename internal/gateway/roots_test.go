package gateway

import (
	"testing"

	"github.com/keydoctor/keydoctor/templates"
)

// Wire rules shaped like Claude Code's (Messages, no /v1 in its base),
// Codex's (Responses, /v1 in its base), a Chat tool's and Gemini CLI's.
var (
	messagesTool  = Tool{Protocol: Messages}
	responsesTool = Tool{Protocol: Responses, BaseHasVersion: true}
	chatTool      = Tool{Protocol: Chat, BaseHasVersion: true}
	geminiTool    = Tool{Protocol: Gemini}
)

func TestRootFor(t *testing.T) {
	deepseek := Profile{BaseURL: "https://api.deepseek.com", Roots: map[Family]string{FamilyAnthropic: "https://api.deepseek.com/anthropic"}}
	glm := Profile{BaseURL: "https://open.bigmodel.cn/api/paas/v4", Roots: map[Family]string{FamilyAnthropic: "https://open.bigmodel.cn/api/anthropic"}}
	one := Profile{BaseURL: "https://gw.example.com/api"}
	for _, tc := range []struct {
		name       string
		p          Profile
		t          Tool
		root, base string
	}{
		{"messages at its own root", deepseek, messagesTool, "https://api.deepseek.com/anthropic", "https://api.deepseek.com/anthropic"},
		{"responses at the base URL", deepseek, responsesTool, "https://api.deepseek.com", "https://api.deepseek.com/v1"},
		{"chat at the base URL", deepseek, chatTool, "https://api.deepseek.com", "https://api.deepseek.com/v1"},
		{"gemini falls back", deepseek, geminiTool, "https://api.deepseek.com", "https://api.deepseek.com"},
		{"vendor version: no /v1", glm, chatTool, "https://open.bigmodel.cn/api/paas/v4", "https://open.bigmodel.cn/api/paas/v4"},
		{"anthropic root never gets /v1 for a chat tool", glm, messagesTool, "https://open.bigmodel.cn/api/anthropic", "https://open.bigmodel.cn/api/anthropic"},
		{"one root for all", one, messagesTool, "https://gw.example.com/api", "https://gw.example.com/api"},
		{"one root, /v1 rule", one, chatTool, "https://gw.example.com/api", "https://gw.example.com/api/v1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.p.RootFor(tc.t); got != tc.root {
				t.Errorf("RootFor = %q, want %q", got, tc.root)
			}
			if got := tc.t.BaseFor(tc.p); got != tc.base {
				t.Errorf("BaseFor = %q, want %q", got, tc.base)
			}
		})
	}
	if !deepseek.HasRoots() || one.HasRoots() {
		t.Error("HasRoots: the DeepSeek profile has a root of its own, the one-root profile none")
	}
}

func TestNormalizeRoots(t *testing.T) {
	rs, _, err := NormalizeRoots(map[string]string{"Anthropic": " https://api.deepseek.com/anthropic/ ", "openai": "api.deepseek.com/v1/chat/completions", "gemini": ""})
	if err != nil {
		t.Fatal(err)
	}
	if rs[FamilyAnthropic] != "https://api.deepseek.com/anthropic" || rs[FamilyOpenAI] != "https://api.deepseek.com" || len(rs) != 2 {
		t.Errorf("roots = %v", rs)
	}
	for _, bad := range []map[string]string{{"cobol": "https://h"}, {"openai": "ftp://h"}, {"anthropic": "https://h/a b"}} {
		if _, _, err := NormalizeRoots(bad); err == nil {
			t.Errorf("%v accepted", bad)
		}
	}
}

// TestPresetRoots: every preset's roots parse, normalise and sit on the
// preset's own host (a key belongs to a host: a preset may not send it
// elsewhere), and each vendor preset names its sources.
func TestPresetRoots(t *testing.T) {
	names := map[string]bool{}
	for _, pr := range templates.Presets() {
		if names[pr.Name] {
			t.Errorf("preset %s twice", pr.Name)
		}
		names[pr.Name] = true
		rs, _, err := NormalizeRoots(pr.Roots)
		if err != nil {
			t.Errorf("%s: %v", pr.Name, err)
			continue
		}
		if pr.BaseURL == "" {
			if len(rs) > 0 {
				t.Errorf("%s: roots without a base URL", pr.Name)
			}
			continue
		}
		base, err := Normalize(pr.BaseURL)
		if err != nil {
			t.Errorf("%s: base URL: %v", pr.Name, err)
			continue
		}
		for f, r := range rs {
			if !SameGateway(r, base.Root) || r == base.Root {
				t.Errorf("%s: %s root %s is not a root of its own on %s", pr.Name, f, r, base.Root)
			}
		}
		if pr.Name != templates.DefaultPreset && len(pr.Docs) == 0 {
			t.Errorf("%s: no documentation cited", pr.Name)
		}
		if PresetForRoot(base.Root) != pr.Name {
			t.Errorf("%s: its root %s is taken as preset %s", pr.Name, base.Root, PresetForRoot(base.Root))
		}
	}
	for _, want := range []string{"openrouter", "deepseek", "kimi", "kimi-cn", "zai", "bigmodel", "minimax", "dashscope", "dashscope-intl", "siliconflow", "ark-coding", "modelscope"} {
		if !names[want] {
			t.Errorf("no preset %s", want)
		}
	}
}

func TestIsAnthropicRoot(t *testing.T) {
	for root, want := range map[string]bool{
		"https://api.deepseek.com/anthropic":     true,
		"https://open.bigmodel.cn/api/anthropic": true,
		"https://api.moonshot.ai/Anthropic":      true,
		"https://api.deepseek.com":               false,
		"https://gw.example/anthropic/v1x":       false,
		"https://anthropic.example":              false,
		"/anthropic":                             false,
	} {
		if got := IsAnthropicRoot(root); got != want {
			t.Errorf("IsAnthropicRoot(%q) = %v, want %v", root, got, want)
		}
	}
}
