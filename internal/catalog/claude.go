package catalog

// claudeEntries are the configuration codes found by computing the
// request Claude Code will really send (docs/tools.md, 2.1.197): which
// credential goes in which header, and to which host.
var claudeEntries = []Entry{
	{Code: KeyHelperConflict, Class: Config, Rung: CondValues, Severity: Error, FixRank: 85, Title: "apiKeyHelper's key and a key variable go out in different headers",
		Causes: []string{
			"apiKeyHelper is set beside ANTHROPIC_AUTH_TOKEN: Claude Code sends the token as Authorization: Bearer and the helper's key only as x-api-key, and after a 401 it retries with the token alone; a gateway that reads Bearer first refuses a stale token",
			"apiKeyHelper is set beside ANTHROPIC_API_KEY: the helper's key goes as Bearer and the variable as x-api-key; a gateway that reads x-api-key first takes the variable",
		},
		Fix:      "[{remove}][!remove delete ANTHROPIC_AUTH_TOKEN (or ANTHROPIC_API_KEY) where it is set] so apiKeyHelper's key goes in both headers, or delete apiKeyHelper if {key|that variable} holds the key you mean",
		Statuses: []int{401},
		Symptoms: []string{"apikeyhelper"},
		Explains: []Code{AuthInvalid, AuthConflict},
	},
	{Code: LoginToGateway, Class: Config, Rung: CondValues, Severity: Error, FixRank: 42, FileFix: true, Title: "Claude Code would send your subscription login to the gateway",
		Causes: []string{
			"ANTHROPIC_BASE_URL points at a gateway but no ANTHROPIC_AUTH_TOKEN, ANTHROPIC_API_KEY or apiKeyHelper is set: Claude Code then sends the token of its own Claude subscription sign-in (~/.claude/.credentials.json, the keychain, CLAUDE_CODE_OAUTH_TOKEN) to that host as Authorization: Bearer; a third party receives the user's Anthropic login, and the gateway answers 401",
		},
		Fix:      "[{edit}[, or run '{command}']][!edit set the gateway's key as ANTHROPIC_AUTH_TOKEN in Claude Code's settings env (`keydoctor setup --tools claude` writes it)]; or, to use the subscription with Anthropic itself, {remove|delete ANTHROPIC_BASE_URL}",
		Statuses: []int{401},
		Symptoms: []string{"failed to authenticate. api error: 401", "sk-ant-oat01"},
		Explains: []Code{EnvMissing, AuthInvalid},
	},
	{Code: KeyOverridden, Class: Config, Rung: CondPrecedence, Severity: Error, FixRank: 155, Title: "a stale key in a higher-precedence file is the one sent",
		Causes: []string{
			"a project's .claude/settings.local.json (or .claude/settings.json) sets another key than the profile's: it beats ~/.claude/settings.json, so Claude Code sends the stale key and the gateway answers 401 inside that project only",
		},
		Fix:      "[{remove} so the profile's key beneath it is sent, or ]run '{command|keydoctor setup --scope local}' to write the profile's base URL, key and model into that file",
		Statuses: []int{401},
		Symptoms: []string{"only in this project", "settings.local.json"},
		Explains: []Code{ValueOverridden, TripleDrift, AuthInvalid},
	},
}
