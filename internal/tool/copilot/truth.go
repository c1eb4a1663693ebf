package copilot

import "github.com/keydoctor/keydoctor/internal/truth"

// Truths are the facts internal/truth checks against the installed
// GitHub Copilot CLI (docs/tools.md, "GitHub Copilot CLI"): its variables
// as a shell that loaded the block has them (the CLI reads no file, so
// the block itself is the shell's to read, not the CLI's).
func (impl) Truths() truth.Suite {
	provider := func(base string, more map[string]string) map[string]string {
		env := map[string]string{BaseURL: base, APIKey: "{key}", Model: "gpt-4o"}
		for k, v := range more {
			env[k] = v
		}
		return env
	}
	return truth.Suite{
		Package: Tool.Package,
		Command: []string{"-p", "{prompt}", "--allow-all-tools", "-s"},
		Env:     map[string]string{Offline: "true", "COPILOT_AUTO_UPDATE": "false"},
		Models:  []string{"claude-sonnet-4-5"},
		Cases: []truth.Case{
			{Fact: "openai: COPILOT_PROVIDER_API_KEY goes as Bearer to {base}/chat/completions, the base ending in /v1", Seen: Observed,
				Env: provider("{root}/v1", nil)},
			{Fact: "anthropic: x-api-key to {base}/v1/messages, the base without /v1", Seen: Observed,
				Env: provider("{root}", map[string]string{Type: TypeAnthropic, Model: "claude-sonnet-4-5"})},
			{Fact: "COPILOT_PROVIDER_WIRE_API=responses: {base}/responses", Seen: Observed,
				Env: provider("{root}/v1", map[string]string{WireAPI: WireResponses})},
			{Fact: "COPILOT_PROVIDER_BEARER_TOKEN beats COPILOT_PROVIDER_API_KEY", Seen: Observed,
				Env: provider("{root}/v1", map[string]string{APIKey: "{other}", BearerToken: "{key}"})},
			{Fact: "a provider without COPILOT_MODEL stops every turn before any request", Seen: Observed,
				Env:    map[string]string{BaseURL: "{root}/v1", APIKey: "{key}"},
				Expect: func(v string) truth.Expect { return truth.Expect{NoRequest: Facts.Value(v).NeedsModel} }},
		},
	}
}
