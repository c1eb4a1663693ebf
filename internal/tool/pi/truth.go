package pi

import "github.com/keydoctor/keydoctor/internal/truth"

// factsSeen is the version this package's facts were observed with
// (facts.go).
const factsSeen = Observed

// Truths are the facts internal/truth checks against the installed Pi
// (docs/tools.md, "Pi").
func (impl) Truths() truth.Suite {
	models := func(base, api, key, extra string) string {
		return `{
  // pi strips line comments and trailing commas
  "providers": {"gw": {"baseUrl": "` + base + `", "api": "` + api + `", "apiKey": "` + key + `",
    "models": [{"id": "gpt-4o"}, {"id": "gpt-4o-mini"}, {"id": "gpt-5"}, {"id": "claude-sonnet-4-5"},]}` + extra + `},
}`
	}
	settings := func(model string) string { return `{"defaultProvider": "gw", "defaultModel": "` + model + `"}` }
	const m, s = "~/.pi/agent/models.json", "~/.pi/agent/settings.json"
	return truth.Suite{
		Package: Tool.Package,
		Command: []string{"-p", "--no-session", "--no-tools", "--no-extensions", "--no-skills", "--no-context-files", "{prompt}"},
		Env:     map[string]string{"PI_OFFLINE": "1", "PI_SKIP_VERSION_CHECK": "1", "PI_TELEMETRY": "0"},
		Cases: []truth.Case{
			{Fact: "openai-completions: Bearer to {baseUrl}/chat/completions, the model settings.json names", Seen: factsSeen,
				Files: map[string]string{m: models("{root}/v1", APICompletions, "{key}", ""), s: settings("gpt-4o")}},
			{Fact: "a models.json with a UTF-8 byte order mark does not parse: no request; models.json is left as it was", Seen: factsSeen,
				Files: map[string]string{m: "\ufeff" + models("{root}/v1", APICompletions, "{key}", ""), s: settings("gpt-4o")},
				Expect: func(string) truth.Expect {
					return truth.Expect{NoRequest: true, Files: map[string]truth.FileState{m: truth.Kept}}
				}},
			{Fact: "openai-responses: Bearer to {baseUrl}/responses", Seen: factsSeen,
				Files: map[string]string{m: models("{root}/v1", APIResponses, "{key}", ""), s: settings("gpt-5")}},
			{Fact: "anthropic-messages: x-api-key to {baseUrl}/v1/messages (a root without /v1)", Seen: factsSeen,
				Files: map[string]string{m: models("{root}", APIMessages, "{key}", ""), s: settings("claude-sonnet-4-5")}},
			{Fact: "an apiKey naming a set variable sends the variable's value", Seen: factsSeen,
				Files: map[string]string{m: models("{root}/v1", APICompletions, "GW_API_KEY", ""), s: settings("gpt-4o")},
				Env:   map[string]string{"GW_API_KEY": "{key}"}},
			{Fact: "auth.json's api_key for the provider beats apiKey", Seen: factsSeen,
				Files: map[string]string{m: models("{root}/v1", APICompletions, "{other}", ""), s: settings("gpt-4o"),
					"~/.pi/agent/auth.json": `{"gw": {"type": "api_key", "key": "{key}"}}`}},
			{Fact: "the working directory's .pi/settings.json beats the global settings.json", Seen: factsSeen,
				Files: map[string]string{m: models("{root}/v1", APICompletions, "{key}", ""), s: settings("gpt-4o"),
					".pi/settings.json": `{"defaultModel": "gpt-4o-mini"}`}},
		},
	}
}
