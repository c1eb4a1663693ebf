package opencode

import "github.com/keydoctor/keydoctor/internal/truth"

// factsSeen is the version this package's facts were observed with
// (facts.go).
const factsSeen = Observed

// Truths are the facts internal/truth checks against the installed
// OpenCode (docs/tools.md, "OpenCode").
func (impl) Truths() truth.Suite {
	config := func(apiKey, model string) string {
		opts := `"baseURL": "{root}/v1"`
		if apiKey != "" {
			opts += `, "apiKey": "` + apiKey + `"`
		}
		return `{"$schema": "https://opencode.ai/config.json",
  "provider": {"gw": {"npm": "@ai-sdk/openai-compatible", "options": {` + opts + `},
    "models": {"gpt-4o": {}, "gpt-4o-mini": {}}}},
  "model": "gw/` + model + `"}`
	}
	global := "~/.config/opencode/opencode.json"
	return truth.Suite{
		Package: Tool.Package,
		Command: []string{"run", "{prompt}"},
		Cases: []truth.Case{
			{Fact: "a provider's options.apiKey goes as Bearer to {baseURL}/chat/completions, model is ID/MODEL", Seen: factsSeen,
				Files: map[string]string{global: config("{key}", "gpt-4o")}},
			{Fact: "an opencode.json with a UTF-8 byte order mark is read; it is left as it was", Seen: factsSeen,
				Files:  map[string]string{global: "\ufeff" + config("{key}", "gpt-4o")},
				Expect: func(string) truth.Expect { return truth.Expect{Files: map[string]truth.FileState{global: truth.Kept}} }},
			{Fact: "auth.json's key is sent when options has none", Seen: factsSeen,
				Files: map[string]string{global: config("", "gpt-4o"),
					"~/.local/share/opencode/auth.json": `{"gw": {"type": "api", "key": "{key}"}}`}},
			{Fact: "options.apiKey beats auth.json", Seen: factsSeen,
				Files: map[string]string{global: config("{key}", "gpt-4o"),
					"~/.local/share/opencode/auth.json": `{"gw": {"type": "api", "key": "{other}"}}`}},
			{Fact: "{env:VAR} in options.apiKey is the variable's value", Seen: factsSeen,
				Files: map[string]string{global: config("{env:GW_API_KEY}", "gpt-4o")},
				Env:   map[string]string{"GW_API_KEY": "{key}"}},
			{Fact: "a global opencode.jsonc beats opencode.json", Seen: factsSeen,
				Files: map[string]string{global: config("{key}", "gpt-4o"),
					"~/.config/opencode/opencode.jsonc": `{"model": "gw/gpt-4o-mini"}`}},
			{Fact: "the project's opencode.json beats the global one", Seen: factsSeen,
				Files: map[string]string{global: config("{key}", "gpt-4o"), "opencode.json": `{"model": "gw/gpt-4o-mini"}`}},
		},
	}
}
