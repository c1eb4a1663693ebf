package droid

import "github.com/keydoctor/keydoctor/internal/truth"

// Truths are the facts internal/truth checks against the installed
// Factory Droid (docs/tools.md, "Factory Droid").
func (impl) Truths() truth.Suite {
	entry := func(name, model, base, key, provider string) string {
		return `{"model": "` + model + `", "displayName": "` + name + `", "baseUrl": "` + base + `", "apiKey": "` + key + `", "provider": "` + provider + `", "maxOutputTokens": 1024}`
	}
	settings := func(selected string, entries ...string) string {
		s := `{
  // a comment: the file is JSON with comments
  "sessionDefaultSettings": {"model": "` + selected + `"},
  "customModels": [`
		for i, e := range entries {
			if i > 0 {
				s += ","
			}
			s += "\n    " + e
		}
		return s + "\n  ]\n}"
	}
	user := "~/.factory/settings.json"
	return truth.Suite{
		Package: Tool.Package,
		Command: []string{"exec", "{prompt}"},
		Env:     map[string]string{AirgapVar: "true"},
		Cases: []truth.Case{
			{Fact: "generic-chat-completion-api: POST {baseUrl}/chat/completions, Bearer; sessionDefaultSettings.model selects the entry", Seen: Version,
				Files: map[string]string{user: settings("custom:GW-0", entry("GW", "gpt-4o", "{root}/v1", "{key}", ProviderChat))}},
			{Fact: "anthropic: POST {baseUrl}/v1/messages with x-api-key, the base without /v1", Seen: Version,
				Files: map[string]string{user: settings("custom:GW-0", entry("GW", "claude-sonnet-4-5", "{root}", "{key}", ProviderAnthropic))}},
			{Fact: "openai: POST {baseUrl}/responses, Bearer", Seen: Version,
				Files: map[string]string{user: settings("custom:GW-0", entry("GW", "gpt-5", "{root}/v1", "{key}", ProviderOpenAI))}},
			{Fact: "apiKey \"${VAR}\" is the variable's value", Seen: Version,
				Files: map[string]string{user: settings("custom:GW-0", entry("GW", "gpt-4o", "{root}/v1", "${GW_API_KEY}", ProviderChat))},
				Env:   map[string]string{"GW_API_KEY": "{key}"}},
			{Fact: "an id counts the earlier entries of its name, runs of spaces one \"-\": the second \"G W\" is custom:G-W-1", Seen: Version,
				Files: map[string]string{user: settings("custom:G-W-1",
					entry("G W", "gpt-4o", "{root}/v1", "{other}", ProviderChat), entry("Other", "gpt-5", "{root}/v1", "{other}", ProviderOpenAI),
					entry("G  W", "gpt-4o-mini", "{root}/v1", "{key}", ProviderChat))}},
			{Fact: "the working directory's .factory/settings.json selection beats the user's", Seen: Version,
				Files: map[string]string{user: settings("custom:GW-0", entry("GW", "gpt-4o", "{root}/v1", "{key}", ProviderChat),
					entry("Mini", "gpt-4o-mini", "{root}/v1", "{key}", ProviderChat)),
					".factory/settings.json": `{"sessionDefaultSettings": {"model": "custom:Mini-0"}}`}},
		},
	}
}
