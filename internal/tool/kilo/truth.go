package kilo

import "github.com/keydoctor/keydoctor/internal/truth"

// factsSeen is the version this package's facts were observed with.
const factsSeen = "7.7.7"

// Truths are the facts internal/truth checks against the installed Kilo
// Code CLI (docs/tools.md, "Kilo Code CLI").
func (impl) Truths() truth.Suite {
	config := func(npm, apiKey, model string) string {
		return `{"$schema": "` + Schema + `",
  "provider": {"gw": {"npm": "` + npm + `", "options": {"baseURL": "{root}/v1", "apiKey": "` + apiKey + `"},
    "models": {"gpt-4o": {}, "gpt-4o-mini": {}, "claude-sonnet-4-5": {}}}},
  "model": "gw/` + model + `"}`
	}
	const compat, anthropic = "@ai-sdk/openai-compatible", "@ai-sdk/anthropic"
	global := "~/.config/kilo/kilo.jsonc"
	return truth.Suite{
		Package: "@kilocode/cli",
		Command: []string{"run", "{prompt}"},
		Env:     map[string]string{"KILO_DISABLE_MODELS_FETCH": "1", "KILO_TELEMETRY_LEVEL": "off", "KILO_DISABLE_AUTOUPDATE": "1"},
		Cases: []truth.Case{
			{Fact: "an openai-compatible provider's options.apiKey goes as Bearer to {baseURL}/chat/completions, model is ID/MODEL", Seen: factsSeen,
				Files: map[string]string{global: config(compat, "{key}", "gpt-4o")}},
			{Fact: "an @ai-sdk/anthropic provider posts {baseURL}/messages with x-api-key (its baseURL ends in /v1 too)", Seen: factsSeen,
				Files: map[string]string{global: config(anthropic, "{key}", "claude-sonnet-4-5")}},
			{Fact: "{env:VAR} in options.apiKey is the variable's value", Seen: factsSeen,
				Files: map[string]string{global: config(compat, "{env:GW_API_KEY}", "gpt-4o")},
				Env:   map[string]string{"GW_API_KEY": "{key}"}},
			{Fact: "the global kilo.jsonc beats kilo.json", Seen: factsSeen,
				Files: map[string]string{"~/.config/kilo/kilo.json": config(compat, "{key}", "gpt-4o"),
					global: `{"model": "gw/gpt-4o-mini"}`}},
			{Fact: "the project's kilo.json beats the global config", Seen: factsSeen,
				Files: map[string]string{global: config(compat, "{key}", "gpt-4o"), "kilo.json": `{"model": "gw/gpt-4o-mini"}`}},
		},
	}
}
