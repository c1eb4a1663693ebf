package catalog

// codexEntries are configuration codes found by computing the request a
// tool really sends (issue 18): mostly what Codex CLI really does
// with its config.toml and auth.json (observed with Codex 0.171.0,
// docs/tools.md): the request it sends, not what the file seems to say.
var codexEntries = []Entry{
	{Code: CodexLegacyProfile, Class: Config, Rung: CondFiles, Severity: Error, FixRank: 31, Title: "Codex refuses a legacy profile selector",
		Causes: []string{
			"config.toml has a top-level profile = \"NAME\" (usually beside a [profiles.NAME] table, as older guides wrote it): Codex 0.134 and later refuse to start with it; a profile now lives in $CODEX_HOME/NAME.config.toml and is chosen with `codex --profile NAME`",
		},
		Fix:      "delete the line profile = \"{value|NAME}\" from {file|~/.codex/config.toml}[ (line {line})] and move the settings of \\[profiles.{value|NAME}\\] to the top level of that file, which is what the selector did; a profile you only want now and then goes into {key|~/.codex/NAME.config.toml}, used with `codex --profile {value|NAME}`",
		Symptoms: []string{"legacy `profile", "config is no longer supported; use `--profile", "remove the legacy profile selector/table"},
		// What is missing at the top level was in the profile.
		Explains: []Code{EnvMissing},
	},
	{Code: CodexAuthUnsent, Class: Config, Rung: CondValues, Severity: Error, FixRank: 51, Title: "Codex sends no key: the provider does not read auth.json",
		Causes: []string{
			"the key is only in auth.json (OPENAI_API_KEY), but the provider's table does not say requires_openai_auth = true (it is absent or false): Codex sends no Authorization header and the gateway answers 401; exporting a variable changes nothing, because the provider names no env_key",
		},
		Fix:      "set requires_openai_auth = true in \\[model_providers.{key|ID}\\] of {file|~/.codex/config.toml}[ (line {line})], or run `{command|keydoctor setup --tools codex}`",
		Symptoms: []string{"you didn't provide an api key", "missing bearer or basic authentication"},
		Explains: []Code{AuthInvalid},
	},
	{Code: CodexLoginSent, Class: Config, Rung: CondValues, Severity: Error, FixRank: 52, Title: "Codex sends the ChatGPT sign-in's token to the gateway",
		Causes: []string{
			"the provider's table says requires_openai_auth = true and auth.json holds a ChatGPT sign-in (auth_mode \"chatgpt\"): Codex sends the sign-in's access token and chatgpt-account-id to the gateway instead of a key, a credential meant for OpenAI going to another host; the gateway answers 401, and an OPENAI_API_KEY written beside the sign-in is ignored",
		},
		Fix:      "give the provider a key of its own: in \\[model_providers.{key|ID}\\] of {file|~/.codex/config.toml}[ (line {line})] replace requires_openai_auth = true with env_key = \"{value|GATEWAY_API_KEY}\" and export {value|GATEWAY_API_KEY}=<your gateway key> (the ChatGPT sign-in stays for OpenAI's own provider); `keydoctor setup --tools codex --codex-auth env` makes that edit",
		Symptoms: []string{"auth.openai.com/oauth/token", "chatgpt-account-id"},
		Explains: []Code{AuthInvalid},
	},
	{Code: URLAnthropicRoot, Class: Config, Rung: CondURLs, Severity: Warning, FixRank: 141, Title: "a tool speaking OpenAI's API points at a vendor's Anthropic root",
		Causes: []string{
			"vendors such as DeepSeek, Kimi, GLM and MiniMax serve Anthropic's API under …/anthropic and OpenAI's under a root of its own (…/v1): the Anthropic base URL from a Claude Code guide was copied into Codex, Cline's openai-compatible provider or an OpenAI SDK, which request …/anthropic/chat/completions or, with /v1 added, …/anthropic/v1/chat/completions, neither of which exists",
		},
		Fix:      "set {key|the base URL}[ in {file}] to the vendor's OpenAI API base URL from its documentation[ (often {value})] instead of its Anthropic root[ {was}]; adding /v1 to the Anthropic root does not help",
		Statuses: []int{404},
		Symptoms: []string{"/anthropic/chat/completions", "/anthropic/v1/chat/completions", "/anthropic/responses", "/anthropic/v1/responses"},
		Explains: []Code{EndpointNotFound},
	},
}
