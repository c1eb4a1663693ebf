package qwen

import "github.com/keydoctor/keydoctor/internal/truth"

// factsSeen is the version this package's facts were observed with
// (facts.go).
const factsSeen = Observed

// Truths are the facts internal/truth checks against the installed Qwen
// Code (docs/tools.md, "Qwen Code").
func (impl) Truths() truth.Suite {
	settings := func(key, extra string) string {
		return `{"$version": 4, "privacy": {"usageStatisticsEnabled": false},
  "security": {"auth": {"selectedType": "openai", "baseUrl": "{root}/v1", "apiKey": "` + key + `"}},
  "model": {"name": "gpt-4o"}` + extra + `}`
	}
	return truth.Suite{
		Package: Tool.Package,
		Command: []string{"-p", "{prompt}"},
		Cases: []truth.Case{
			{Fact: "settings.json security.auth: the apiKey goes as Bearer to {baseUrl}/chat/completions, model.name is the model", Seen: factsSeen,
				Files: map[string]string{"~/.qwen/settings.json": settings("{key}", "")}},
			{Fact: "OPENAI_API_KEY in the shell beats security.auth.apiKey", Seen: factsSeen,
				Files: map[string]string{"~/.qwen/settings.json": settings("{other}", "")},
				Env:   map[string]string{"OPENAI_API_KEY": "{key}"}},
			{Fact: "model.name beats OPENAI_MODEL", Seen: factsSeen,
				Files: map[string]string{"~/.qwen/settings.json": settings("{key}", "")},
				Env:   map[string]string{"OPENAI_MODEL": "gpt-4o-mini"}},
			{Fact: "the modelProviders entry of the model: its envKey variable beats the apiKey", Seen: factsSeen,
				Files: map[string]string{"~/.qwen/settings.json": settings("{other}", `,
  "modelProviders": {"openai": [{"id": "gpt-4o", "baseUrl": "{root}/v1", "envKey": "GW_API_KEY"}]}`)},
				Env: map[string]string{"GW_API_KEY": "{key}"}},
			{Fact: "OPENAI_API_KEY in ~/.qwen/.env beats security.auth.apiKey", Seen: factsSeen,
				Files: map[string]string{"~/.qwen/settings.json": settings("{other}", ""), "~/.qwen/.env": "OPENAI_API_KEY={key}\n"}},
		},
	}
}
