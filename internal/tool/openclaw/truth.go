package openclaw

import "github.com/keydoctor/keydoctor/internal/truth"

// factsSeen is the version this package's facts were observed with.
const factsSeen = Observed

// Truths are the facts internal/truth checks against the installed
// OpenClaw (docs/tools.md, "OpenClaw"): one provider in its JSON5 config
// per case, the turn's request by api.
func (impl) Truths() truth.Suite {
	config := func(base, key, api, declared, model string) string {
		return `// JSON5, as users write it
{
  models: {providers: {gw: {baseUrl: '` + base + `', apiKey: '` + key + `', api: '` + api + `',
    models: [{id: '` + declared + `', name: '` + declared + `'},],}}},
  agents: {defaults: {model: {primary: 'gw/` + model + `'}}},
}
`
	}
	file := "~/.openclaw/openclaw.json"
	return truth.Suite{
		Package: "openclaw",
		Command: []string{"agent", "exec", "{prompt}"},
		Env:     map[string]string{"OPENCLAW_NO_AUTO_UPDATE": "1"},
		Cases: []truth.Case{
			{Fact: "openai-completions: Bearer to {baseUrl}/chat/completions, baseUrl with /v1", Seen: factsSeen,
				Files: map[string]string{file: config("{root}/v1", "{key}", APIChat, "gpt-4o", "gpt-4o")}},
			{Fact: "openai-responses: Bearer to {baseUrl}/responses", Seen: factsSeen,
				Files: map[string]string{file: config("{root}/v1", "{key}", APIResponses, "gpt-5", "gpt-5")}},
			{Fact: "anthropic-messages: x-api-key to /v1/messages, baseUrl without /v1", Seen: factsSeen,
				Files: map[string]string{file: config("{root}", "{key}", APIMessages, "claude-sonnet-4-5", "claude-sonnet-4-5")}},
			{Fact: "anthropic-messages: the same with a baseUrl ending in /v1", Seen: factsSeen,
				Files: map[string]string{file: config("{root}/v1", "{key}", APIMessages, "claude-sonnet-4-5", "claude-sonnet-4-5")}},
			{Fact: `"${VAR}" in apiKey is the variable's value`, Seen: factsSeen,
				Files: map[string]string{file: config("{root}/v1", "${GW_API_KEY}", APIChat, "gpt-4o", "gpt-4o")},
				Env:   map[string]string{"GW_API_KEY": "{key}"}},
			{Fact: "a primary model its provider does not declare is sent as is", Seen: factsSeen,
				Files: map[string]string{file: config("{root}/v1", "{key}", APIChat, "gpt-4o-mini", "gpt-4o")}},
		},
	}
}
