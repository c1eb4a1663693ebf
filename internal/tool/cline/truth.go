package cline

import "github.com/keydoctor/keydoctor/internal/truth"

// Truths are the facts internal/truth checks against the installed Cline
// CLI (docs/tools.md, "Cline"), run headless as a user runs it: on its own
// data directory, no --data-dir; with verify's BackendMode=local (the
// harness gives every turn verify's variables), so that no hub daemon
// outlives a turn, but in the case that shows the daemon.
func (impl) Truths() truth.Suite {
	const file = "~/.cline/data/settings/providers.json"
	entry := func(kind, base, key, model string) string {
		return `"` + kind + `": {"settings": {"provider": "` + kind + `", "apiKey": "` + key + `", "model": "` + model + `", "baseUrl": "` + base + `"}, "updatedAt": "2026-11-29T21:35:09.883Z", "tokenSource": "manual"}`
	}
	providers := func(last string, entries ...string) string {
		body := `{"version": 1, "lastUsedProvider": "` + last + `", "modes": {}, "providers": {`
		for i, e := range entries {
			if i > 0 {
				body += ", "
			}
			body += e
		}
		return body + `}}`
	}
	gw := entry(Gateway, "{root}/v1", "{key}", "gpt-4o")
	// After a turn Cline writes providers.json again (indented, the
	// entry's updatedAt set to the turn's time) ✓ 3.0.65.
	rewritten := func(string) truth.Expect {
		return truth.Expect{Files: map[string]truth.FileState{file: truth.Changed}}
	}
	return truth.Suite{
		Package: Tool.Package,
		Command: []string{"--auto-approve", "false", "{prompt}"},
		Cases: []truth.Case{
			{Fact: "openai-compatible: the apiKey goes as Bearer to {baseUrl}/chat/completions; providers.json is rewritten after the turn", Seen: Observed,
				Files: map[string]string{file: providers(Gateway, gw)}, Expect: rewritten},
			{Fact: "anthropic: x-api-key to {baseUrl}/messages, no /v1 added", Seen: Observed,
				Files: map[string]string{file: providers(Anthropic, entry(Anthropic, "{root}/v1", "{key}", "claude-sonnet-4-5"))}},
			{Fact: "lastUsedProvider picks the entry used", Seen: Observed,
				Files: map[string]string{file: providers(Anthropic, entry(Gateway, "{root}/v1", "{other}", "gpt-4o"), entry(Anthropic, "{root}/v1", "{key}", "claude-sonnet-4-5"))}},
			{Fact: "CLINE_DIR moves the data directory", Seen: Observed,
				Files: map[string]string{"~/alt/data/settings/providers.json": providers(Gateway, gw)},
				Env:   map[string]string{HomeVar: "{home}/alt"}},
			{Fact: "without " + BackendMode + "=" + BackendLocal + " a headless turn leaves a hub daemon running (the harness ends it)", Seen: Observed,
				Files: map[string]string{file: providers(Gateway, gw)},
				Env:   map[string]string{BackendMode: ""},
				Expect: func(v string) truth.Expect {
					return truth.Expect{Leftover: Facts.Value(v).LeavesHub, Files: rewritten(v).Files}
				}},
			// Its built-in provider would then call api.cline.bot: a dead
			// proxy on loopback keeps the turn on this machine.
			{Fact: "a providers.json with a UTF-8 byte order mark: read, or discarded for the built-in provider (3.0.65)", Seen: Observed,
				Files: map[string]string{file: "\ufeff" + providers(Gateway, gw)},
				Env:   map[string]string{"HTTPS_PROXY": "http://127.0.0.1:9", "HTTP_PROXY": "http://127.0.0.1:9", "NO_PROXY": "127.0.0.1,localhost"},
				Expect: func(v string) truth.Expect {
					if Facts.Value(v).ReadsBOM {
						return rewritten(v)
					}
					return truth.Expect{NoRequest: true, Files: map[string]truth.FileState{file: truth.Changed}}
				}},
		},
	}
}
