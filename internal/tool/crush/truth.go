package crush

import "github.com/keydoctor/keydoctor/internal/truth"

// factsSeen is the Crush this package's facts were observed with: a
// source build of commit 37f36e9 (tag nightly, after v0.90.0), which
// reports its version as "devel".
const factsSeen = "devel (37f36e9)"

// Truths are the facts internal/truth checks against the installed Crush
// (docs/tools.md, "Crush").
func (impl) Truths() truth.Suite {
	config := func(typ, base, key, model string) string {
		return `{"providers": {"gw": {"type": "` + typ + `", "base_url": "` + base + `", "api_key": "` + key + `",
    "models": [{"id": "gpt-4o", "name": "gpt-4o"}, {"id": "gpt-4o-mini", "name": "mini"}, {"id": "claude-sonnet-4-5", "name": "sonnet"}]}},
  "models": {"large": {"provider": "gw", "model": "` + model + `"}, "small": {"provider": "gw", "model": "` + model + `"}}}`
	}
	global, data := "~/.config/crush/crush.json", "~/.local/share/crush/crush.json"
	return truth.Suite{
		Package: Tool.Package,
		Command: []string{"run", "--quiet", "{prompt}"},
		Env: map[string]string{"CRUSH_DISABLE_PROVIDER_AUTO_UPDATE": "1", "CRUSH_DISABLE_METRICS": "1", "DO_NOT_TRACK": "1",
			"HTTPS_PROXY": closedProxy},
		Cases: []truth.Case{
			{Fact: "openai-compat: Bearer to {base_url}/chat/completions, base with /v1", Seen: factsSeen,
				Files: map[string]string{global: config(TypeCompat, "{root}/v1", "{key}", "gpt-4o")}},
			{Fact: "anthropic: x-api-key to {base_url}/v1/messages, base without /v1", Seen: factsSeen,
				Files: map[string]string{global: config(TypeAnthropic, "{root}", "{key}", "claude-sonnet-4-5")}},
			{Fact: "anthropic with /v1 in base_url requests /v1/v1/messages", Seen: factsSeen,
				Files: map[string]string{global: config(TypeAnthropic, "{root}/v1", "{key}", "claude-sonnet-4-5")}},
			{Fact: "openai: Bearer to {base_url}/responses", Seen: factsSeen,
				Files: map[string]string{global: config(TypeOpenAI, "{root}/v1", "{key}", "gpt-4o")}},
			{Fact: "api_key \"$VAR\" is the variable's value", Seen: factsSeen,
				Files: map[string]string{global: config(TypeCompat, "{root}/v1", "$GW_API_KEY", "gpt-4o")},
				Env:   map[string]string{"GW_API_KEY": "{key}"}},
			{Fact: "the data file's models.large beats the global crush.json", Seen: factsSeen,
				Files: map[string]string{global: config(TypeCompat, "{root}/v1", "{key}", "gpt-4o"),
					data: `{"models": {"large": {"provider": "gw", "model": "gpt-4o-mini"}, "small": {"provider": "gw", "model": "gpt-4o-mini"}}}`}},
			{Fact: "the project's .crush.json beats crush.json beats the global file", Seen: factsSeen,
				Files: map[string]string{global: config(TypeCompat, "{root}/v1", "{other}", "gpt-4o"),
					"crush.json":  `{"providers": {"gw": {"api_key": "{other}"}}, "models": {"large": {"model": "claude-sonnet-4-5"}}}`,
					".crush.json": `{"providers": {"gw": {"api_key": "{key}"}}, "models": {"large": {"model": "gpt-4o-mini"}, "small": {"model": "gpt-4o-mini"}}}`}},
		},
	}
}
