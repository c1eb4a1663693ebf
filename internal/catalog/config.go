package catalog

// configEntries are the codes found without network. Their fix text is
// the generic advice `explain` prints; the offline checks compose the
// finding's own fix from the file, key and value they found.
var configEntries = []Entry{
	{Code: EnvMissing, Class: Config, Rung: CondValues, Severity: Error, FixRank: 40, Title: "a value the tool needs is not set",
		Causes: []string{
			"the tool has a base URL but no key, or a key but no base URL, so it cannot reach the gateway",
			"no model is set, so the tool asks for its own default model, which the gateway may not serve",
			"nothing at all is configured yet",
		},
		Fix: "run `keydoctor setup` to write the triple into every tool, or set the variable the finding names (e.g. export TAOTOKEN_API_KEY=… in ~/.bashrc)"},
	{Code: KeyMalformed, Class: Config, Rung: CondValues, Severity: Error, FixRank: 60, Title: "the API key contains characters no key has",
		Causes: []string{
			"the key was pasted with a trailing space, a line break or quotes",
			"the file was saved as UTF-8 with a byte-order mark, or the key picked up an invisible character",
		},
		Fix: "copy the key again from the gateway's console and write it with `keydoctor setup --key-stdin`, which refuses malformed keys"},
	{Code: KeyPlaceholder, Class: Config, Rung: CondValues, Severity: Error, FixRank: 70, Title: "the API key is a placeholder, not a key",
		Causes: []string{
			"a guide's example value (sk-xxx, <your-key>, sk-你的key) was never replaced",
			"the key is empty",
		},
		Fix: "create a key in the gateway's console and run `keydoctor setup --key-env NAME` (or --key-stdin) with it"},
	{Code: URLInvalid, Class: Config, Rung: CondURLs, Severity: Error, FixRank: 100, Title: "the base URL is not a usable URL",
		Causes: []string{
			"the base URL has a scheme other than http or https, no host, white space or credentials in it",
		},
		Fix: "set the gateway root, e.g. https://taotoken.net/api: `keydoctor setup --base-url https://taotoken.net/api`"},
	{Code: URLInsecure, Class: Config, Rung: CondURLs, Severity: Warning, FixRank: 150, Title: "the key would travel over plain http",
		Causes: []string{
			"the base URL uses plain http to a host that is not this machine: the key travels unencrypted",
		},
		Fix: "use the https:// form of the gateway URL; plain http is only safe for 127.0.0.1 or localhost"},
	{Code: URLDoubleVersion, Class: Config, Rung: CondURLs, Severity: Error, FixRank: 130, Title: "the tool will request /v1/v1/…",
		Causes: []string{
			"the tool appends /v1 itself (Claude Code, Anthropic SDKs: /v1/messages) and the base URL already ends in /v1, so it requests /v1/v1/…, gets 404, and Claude Code then says the model \"may not exist or you may not have access to it\"",
			"/v1 was written twice",
		},
		Fix: "give Claude Code the gateway root without /v1: ANTHROPIC_BASE_URL=https://taotoken.net/api in ~/.claude/settings.json \"env\" (`keydoctor setup --tools claude` writes it)"},
	{Code: URLMissingVersion, Class: Config, Rung: CondURLs, Severity: Error, FixRank: 140, Title: "the base URL lacks the /v1 this tool needs",
		Causes: []string{
			"the tool appends only the endpoint (Codex: /responses, Cline and OpenAI SDKs: /chat/completions) and the base URL lacks /v1, so the request misses the API",
		},
		Fix: "end the base URL in /v1 for this tool, e.g. base_url = \"https://taotoken.net/api/v1\" in ~/.codex/config.toml (`keydoctor setup --tools codex,cline` writes it)"},
	{Code: URLHasEndpoint, Class: Config, Rung: CondURLs, Severity: Error, FixRank: 120, Title: "the base URL includes an endpoint path",
		Causes: []string{
			"a full endpoint (…/chat/completions, …/messages, …/responses) was pasted where the base URL goes; the tool appends the endpoint again",
		},
		Fix: "cut the base URL before the endpoint: the gateway root (https://taotoken.net/api), plus /v1 for Codex, Cline and OpenAI SDKs"},
	{Code: URLHasQuery, Class: Config, Rung: CondURLs, Severity: Error, FixRank: 110, Title: "the base URL has a query string",
		Causes: []string{
			"the base URL carries ?query: tools append paths after it, producing URLs the gateway does not know",
		},
		Fix: "remove everything from the ? on; credentials go in the key variable, never in the URL"},
	{Code: TripleDrift, Class: Config, Rung: CondPrecedence, Severity: Warning, FixRank: 170, Title: "tools disagree on base URL, key or model",
		Causes: []string{
			"one tool was set up by hand or with another gateway, key or model than the others",
			"the key was rotated in one place only",
		},
		Fix: "run `keydoctor setup --tools claude,codex,cline,env` to write one triple everywhere; `keydoctor status` shows what each tool uses now"},
	{Code: ValueOverridden, Class: Config, Rung: CondPrecedence, Severity: Warning, FixRank: 160, Title: "a value is shadowed by a higher-precedence source",
		Causes: []string{
			"Claude Code: a value in settings.json env beats the same variable exported in the shell; local beats project beats user settings; managed settings beat all",
			"Codex: a profile's model and model_provider beat the top-level ones",
			"a .env value is not loaded when the variable is already exported (dotenv loaders do not override)",
		},
		Fix: "edit or remove the winning source the finding names, or rerun `keydoctor setup --scope` for that layer; `keydoctor status` shows every layer"},
	{Code: AuthConflict, Class: Config, Rung: CondValues, Severity: Error, FixRank: 90, Title: "two different credentials are set for one tool",
		Causes: []string{
			"ANTHROPIC_AUTH_TOKEN (sent as Authorization: Bearer) and ANTHROPIC_API_KEY (sent as x-api-key) are both set with different keys",
			"Codex has an experimental_bearer_token, an env_key variable and auth.json with different keys",
		},
		Fix: "keep one: `keydoctor setup --tools claude` writes ANTHROPIC_AUTH_TOKEN and removes a stale ANTHROPIC_API_KEY (or use --claude-auth api-key for the reverse)"},
	{Code: ConfigInvalid, Class: Config, Rung: CondFiles, Severity: Error, FixRank: 10, Title: "a config file the tool would reject or reset",
		Causes: []string{
			"a syntax error (a trailing comma in JSON, an unclosed TOML table, a .env line that is no assignment): the tool refuses the file or ignores it",
			"a value of the wrong type, a duplicate key, or a file that is not readable",
			"a Cline provider entry without updatedAt: Cline discards providers.json and resets it to its default provider, losing every provider in it",
			"Codex model_provider names a provider no [model_providers.ID] table defines",
		},
		Fix: "fix the file at the line and column named (keydoctor setup refuses to edit a file it cannot parse); or restore it with `keydoctor restore --last`"},
	{Code: ConfigIgnored, Class: Config, Rung: CondFiles, Severity: Warning, FixRank: 20, Title: "a setting the tool never reads",
		Causes: []string{
			"a guide said to put cline.mcpServers into VS Code's settings.json: nothing reads it; Cline reads cline_mcp_settings.json",
			"a [model_providers.ID] table uses a reserved id (openai, ollama, lmstudio): Codex uses its built-in provider and ignores the table",
		},
		Fix: "move the setting where the tool reads it: `keydoctor setup --tools vscode --fix-vscode-mcp` moves cline.mcpServers; rename a reserved Codex provider (e.g. \\[model_providers.taotoken\\])"},
	{Code: CodexChatWire, Class: Config, Rung: CondFiles, Severity: Error, FixRank: 30, Title: "Codex provider uses wire_api = \"chat\"",
		Causes: []string{
			"wire_api = \"chat\" in a [model_providers.ID] table: current Codex speaks only the Responses API and refuses to load such a config",
		},
		Fix: "set wire_api = \"responses\" in the provider's table of ~/.codex/config.toml (the gateway must serve /v1/responses)"},
	{Code: CodexEnvKeyUnset, Class: Config, Rung: CondValues, Severity: Error, FixRank: 50, Title: "Codex env_key names an unset variable",
		Causes: []string{
			"the provider's env_key names a variable that is not exported in the shell that starts Codex (set in another shell profile, or only in .env, which Codex does not read)",
		},
		Fix: "export the variable env_key names, or switch to the key file: `keydoctor setup --tools codex --codex-auth file` writes ~/.codex/auth.json"},
	{Code: SecretPerms, Class: Config, Rung: CondHygiene, Severity: Warning, FixRank: 220, Title: "a file holding a key is readable by others",
		Causes: []string{
			"a file holding a key is readable by other users of the machine (group or world bits set)",
		},
		Fix: "chmod 600 the file the finding names (keydoctor setup tightens files it writes a key into)"},
	{Code: SecretInGit, Class: Config, Rung: CondHygiene, Severity: Warning, FixRank: 210, Title: "a file holding a key is tracked or not ignored by git",
		Causes: []string{
			"a .env or settings file holding a key is tracked by git: the key is in the history and leaves with every push",
			"the file lies in a git work tree and no .gitignore rule covers it: the next 'git add .' commits it",
		},
		Fix: "add the file to .gitignore; if it was committed, `git rm --cached FILE`, commit, and rotate the key: it is in the history"},
	{Code: ProxyUnreachable, Class: Config, Rung: CondEnvironment, Severity: Error, FixRank: 180, Title: "the configured HTTP proxy does not answer",
		Causes: []string{
			"HTTP_PROXY, HTTPS_PROXY or ALL_PROXY (either case) names a proxy that is not running (Clash, V2Ray or a corporate proxy was closed)",
			"the proxy variable is not a URL",
		},
		Fix: "start the proxy, or unset the variable the finding names in your shell profile"},
	{Code: ProxyCapturesLocal, Class: Config, Rung: CondEnvironment, Severity: Error, FixRank: 190, Title: "the proxy captures traffic meant for a local address",
		Causes: []string{
			"a tool points at a loopback relay (CC Switch 127.0.0.1:15721, claude-code-router 127.0.0.1:3456) or a LAN gateway, a proxy variable is set, and NO_PROXY does not list that host: Node and Rust clients send the request to the proxy, which cannot reach the relay (\"local proxy failed\")",
			"NO_PROXY lists localhost but not 127.0.0.1 (or the other way round): the entries are matched by name, not by address",
		},
		Fix: "export NO_PROXY=127.0.0.1,localhost,::1 (and no_proxy likewise), adding the gateway's host if it is on your LAN"},
	{Code: LocalRelayDown, Class: Config, Rung: CondEnvironment, Severity: Error, FixRank: 200, Title: "the local relay a tool points at is not listening",
		Causes: []string{
			"the tool points at a loopback relay that is not running (CC Switch closed or its proxy switched off, claude-code-router not started)",
			"the relay listens on another port than the base URL names",
		},
		Fix: "start the relay, or point the tool straight at the gateway: `keydoctor setup --tools claude --base-url https://taotoken.net/api`"},
	{Code: ClaudeKeyRejected, Class: Config, Rung: CondValues, Severity: Error, FixRank: 80, Title: "Claude Code silently ignores this key",
		Causes: []string{
			"once, at Claude Code's \"Do you want to use this API key?\" prompt, the answer was No: ~/.claude.json keeps the key's last 20 characters in customApiKeyResponses.rejected and Claude Code silently does not use it",
		},
		Fix: "remove the entry from customApiKeyResponses.rejected in ~/.claude.json, or pass the key as ANTHROPIC_AUTH_TOKEN, which needs no approval (`keydoctor setup --tools claude` writes it)"},
}
