package claude

import "github.com/keydoctor/keydoctor/internal/truth"

// factsSeen are the versions this package's facts were observed with
// (facts.go; each run through the harness with both, 2026-12-02).
const factsSeen = "2.1.197, 2.1.332"

// Truths are the facts internal/truth checks against the installed
// Claude Code (docs/tools.md, "Claude Code").
func (impl) Truths() truth.Suite {
	user := "~/.claude/settings.json"
	kept := func(string) truth.Expect { return truth.Expect{Files: map[string]truth.FileState{user: truth.Kept}} }
	// builtin: an alias whose variable is unset asks for the version's
	// built-in id (Builtins), which the reader gives only for the newest.
	builtin := func(alias string) func(string) truth.Expect {
		return func(v string) truth.Expect {
			a, _ := AliasOf(alias)
			return truth.Expect{Model: a.BuiltinFor(v)}
		}
	}
	tokenOnly := `{"env": {"ANTHROPIC_BASE_URL": "{root}", "ANTHROPIC_AUTH_TOKEN": "{key}"}}`
	alias := func(a string) string {
		return `{"env": {"ANTHROPIC_BASE_URL": "{root}", "ANTHROPIC_AUTH_TOKEN": "{key}", "ANTHROPIC_MODEL": "` + a + `"}}`
	}
	return truth.Suite{
		Package: Tool.Package,
		Command: []string{"-p", "{prompt}", "--tools", "", "--strict-mcp-config", "--no-session-persistence"},
		Env:     map[string]string{"DISABLE_AUTOUPDATER": "1", "DISABLE_TELEMETRY": "1", "DISABLE_ERROR_REPORTING": "1"},
		Cases: []truth.Case{
			{Fact: "settings env: ANTHROPIC_AUTH_TOKEN goes as Bearer to {base}/v1/messages, ANTHROPIC_MODEL is the model; settings.json is left as it was", Seen: factsSeen,
				Files:  map[string]string{user: `{"env": {"ANTHROPIC_BASE_URL": "{root}", "ANTHROPIC_AUTH_TOKEN": "{key}", "ANTHROPIC_MODEL": "claude-sonnet-4-5"}}`},
				Expect: kept},
			{Fact: "a settings.json with a UTF-8 byte order mark is read", Seen: factsSeen,
				Files:  map[string]string{user: "\ufeff" + `{"env": {"ANTHROPIC_BASE_URL": "{root}", "ANTHROPIC_AUTH_TOKEN": "{key}", "ANTHROPIC_MODEL": "claude-sonnet-4-5"}}`},
				Expect: kept},
			{Fact: "a comment makes Claude Code ignore the whole settings.json: no request", Seen: factsSeen,
				Files: map[string]string{user: "// mine\n" + `{"env": {"ANTHROPIC_BASE_URL": "{root}", "ANTHROPIC_AUTH_TOKEN": "{key}", "ANTHROPIC_MODEL": "claude-sonnet-4-5"}}`},
				Expect: func(string) truth.Expect {
					return truth.Expect{NoRequest: true, Files: map[string]truth.FileState{user: truth.Kept}}
				}},
			{Fact: "CLAUDE_CONFIG_DIR moves settings.json", Seen: factsSeen,
				Files: map[string]string{"~/cfg/settings.json": `{"env": {"ANTHROPIC_BASE_URL": "{root}", "ANTHROPIC_AUTH_TOKEN": "{key}", "ANTHROPIC_MODEL": "claude-sonnet-4-5"}}`},
				Env:   map[string]string{HomeVar: "{home}/cfg"}},
			{Fact: "the shell's variables apply when no settings file sets them", Seen: factsSeen,
				Env: map[string]string{"ANTHROPIC_BASE_URL": "{root}", "ANTHROPIC_API_KEY": "{key}", "ANTHROPIC_MODEL": "claude-sonnet-4-5"}},
			{Fact: "ANTHROPIC_API_KEY goes as x-api-key", Seen: factsSeen,
				Files: map[string]string{user: `{"env": {"ANTHROPIC_BASE_URL": "{root}", "ANTHROPIC_API_KEY": "{key}", "ANTHROPIC_MODEL": "claude-sonnet-4-5"}}`}},
			{Fact: "a base URL ending in /v1 is doubled: {base}/v1/messages", Seen: factsSeen,
				Files: map[string]string{user: `{"env": {"ANTHROPIC_BASE_URL": "{root}/v1", "ANTHROPIC_AUTH_TOKEN": "{key}", "ANTHROPIC_MODEL": "claude-sonnet-4-5"}}`}},
			{Fact: "a value in a settings env beats the same variable exported in the shell", Seen: factsSeen,
				Files: map[string]string{user: `{"env": {"ANTHROPIC_BASE_URL": "{root}", "ANTHROPIC_AUTH_TOKEN": "{key}", "ANTHROPIC_MODEL": "claude-sonnet-4-5"}}`},
				Env:   map[string]string{"ANTHROPIC_MODEL": "claude-haiku-4-5", "ANTHROPIC_AUTH_TOKEN": "{other}"}},
			{Fact: "ANTHROPIC_MODEL beats the settings' model key", Seen: factsSeen,
				Files: map[string]string{user: `{"model": "claude-haiku-4-5", "env": {"ANTHROPIC_BASE_URL": "{root}", "ANTHROPIC_AUTH_TOKEN": "{key}", "ANTHROPIC_MODEL": "claude-sonnet-4-5"}}`}},
			{Fact: "the project's .claude/settings.json beats the user's", Seen: factsSeen,
				Files: map[string]string{
					user:                    `{"env": {"ANTHROPIC_BASE_URL": "{root}", "ANTHROPIC_AUTH_TOKEN": "{key}", "ANTHROPIC_MODEL": "claude-haiku-4-5"}}`,
					".claude/settings.json": `{"env": {"ANTHROPIC_MODEL": "claude-sonnet-4-5"}}`}},
			{Fact: "the key in .claude/settings.local.json beats the project's and the user's", Seen: factsSeen,
				Files: map[string]string{
					user:                          `{"env": {"ANTHROPIC_BASE_URL": "{root}", "ANTHROPIC_AUTH_TOKEN": "{other}", "ANTHROPIC_MODEL": "claude-sonnet-4-5"}}`,
					".claude/settings.json":       `{"env": {"ANTHROPIC_AUTH_TOKEN": "{other}"}}`,
					".claude/settings.local.json": `{"env": {"ANTHROPIC_AUTH_TOKEN": "{key}"}}`}},
			{Fact: "the alias sonnet is resolved through ANTHROPIC_DEFAULT_SONNET_MODEL", Seen: factsSeen,
				Files: map[string]string{user: `{"model": "sonnet", "env": {"ANTHROPIC_BASE_URL": "{root}", "ANTHROPIC_AUTH_TOKEN": "{key}", "ANTHROPIC_DEFAULT_SONNET_MODEL": "claude-sonnet-4-5"}}`}},
			{Fact: "with no model set, a turn asks for the opus alias's built-in id (2.1.197: claude-opus-4-8, 2.1.332: claude-opus-5-5)", Seen: factsSeen,
				Files: map[string]string{user: tokenOnly}, Expect: builtin("opus")},
			{Fact: "the alias sonnet without its variable asks for its built-in id", Seen: factsSeen,
				Files: map[string]string{user: alias("sonnet")}, Expect: builtin("sonnet")},
			{Fact: "the alias haiku without its variable asks for its built-in id", Seen: factsSeen,
				Files: map[string]string{user: alias("haiku")}, Expect: builtin("haiku")},
			{Fact: "the alias fable without its variable asks for its built-in id", Seen: factsSeen,
				Files: map[string]string{user: alias("fable")}, Expect: builtin("fable")},
			{Fact: "best is the opus alias on a base URL not Anthropic's", Seen: factsSeen,
				Files: map[string]string{user: alias("best")}, Expect: builtin("opus")},
		},
	}
}
