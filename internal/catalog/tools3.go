package catalog

// toolEntries are the configuration codes of the tools that load a single
// .env (Qwen Code, Gemini CLI), Gemini CLI's saved auth type, OpenCode's
// provider map and Claude Code's gateway switch.
var toolEntries = []Entry{
	{Code: AuthTypeUnset, Class: Config, Rung: CondValues, Severity: Error, FixRank: 44, FileFix: true, Title: "Gemini CLI's settings name no auth type",
		Causes: []string{
			"Gemini CLI takes its auth type from security.auth.selectedType in its settings (system, ~/.gemini/settings.json, the project's .gemini/settings.json); with none saved it guesses from the variables, and GOOGLE_GEMINI_BASE_URL makes it guess the IDE integration's \"gateway\" type, which a headless run refuses before any request (exit 41)",
			"with no base URL and no key either, it asks for an auth method and stops",
		},
		Fix:      "set {key|security.auth.selectedType} to \"{value|gemini-api-key}\" in {file|~/.gemini/settings.json}, or run '{command|keydoctor setup --tools gemini}' (it writes that key and nothing else there)",
		Symptoms: []string{"invalid auth method selected", "please set an auth method in your"},
		Explains: []Code{EnvMissing, AuthInvalid},
	},
	{Code: UsageStatsOn, Class: Config, Rung: CondValues, Severity: Info, FixRank: 900, Title: "Gemini CLI sends usage statistics to Google",
		Causes: []string{
			"Gemini CLI reports usage statistics to Google (play.googleapis.com) unless privacy.usageStatisticsEnabled is false in its settings, whatever gateway its requests go to: traffic a gateway user may not expect to leave the machine",
		},
		Fix:      "set [{edit}][!edit privacy.usageStatisticsEnabled to false] in {file|~/.gemini/settings.json} to keep them on this machine",
		Symptoms: []string{"play.googleapis.com", "usagestatisticsenabled"},
	},
	{Code: DotEnvShadow, Class: Config, Rung: CondPrecedence, Severity: Error, FixRank: 45, Title: "a project .env hides the tool's own .env",
		Causes: []string{
			"Qwen Code and Gemini CLI load only the first .env they find walking up from the working directory (./.qwen/.env, ./.gemini/.env, ./.env, …) and read ~/.qwen/.env or ~/.gemini/.env only when none was found: a project .env with other variables (e.g. only the preset's) leaves them without a key inside the project",
		},
		Fix:      "[{edit} ({tool} loads only the first .env it finds, walking up from its working directory)[, or run '{command}', which writes the triple where no .env can shadow it]][!edit [{remove}: {tool} already takes the triple from its settings file, and these variables, where they are loaded, beat it][!remove put the tool's variables into the project .env too, or let `keydoctor setup --tools qwen` write ~/.qwen/settings.json, which holds the whole triple and no .env can shadow]]",
		Symptoms: []string{"no auth type is selected", "works outside the project", "only inside the project", "project .env"},
		Explains: []Code{EnvMissing, AuthInvalid},
	},
	{Code: ModelUndeclared, Class: Config, Rung: CondValues, Severity: Error, FixRank: 46, Title: "OpenCode's or Kilo Code's model is not declared under its provider",
		Causes: []string{
			"OpenCode's \"model\": \"ID/MODEL\" names a model its provider's models map does not list: it fails before any request with an opaque UnknownError (the cause shows only with --print-logs)",
			"Kilo Code, OpenCode's fork, reads the same provider map and stops the same way, with \"Model not found: ID/MODEL\"",
		},
		Fix:      "[add \"{value}\": \\{\\} to {key} in {file}[, or run '{command}']][!value declare the model under the provider's models, e.g. an empty entry provider.taotoken.models.gpt-4o in ~/.config/opencode/opencode.json (`keydoctor setup --tools opencode` writes it)]",
		Symptoms: []string{"unknownerror", "unexpected server error. check server logs", "providermodelnotfounderror", "model not found: "},
		Explains: []Code{ModelNotFound},
	},
	{Code: ClaudeGatewayHTTP, Class: Config, Rung: CondURLs, Severity: Error, FixRank: 125, Title: "Claude Code will not start: its gateway switch wants https",
		Causes: []string{
			"CLAUDE_CODE_USE_GATEWAY is on (with ANTHROPIC_BASE_URL and ANTHROPIC_AUTH_TOKEN, it selects Anthropic's cloud gateway) and ANTHROPIC_BASE_URL is plain http:// to a host other than localhost, 127.0.0.1 or [::1]: that gateway's key would travel unencrypted, so Claude Code exits at start (2.1.197)",
		},
		Fix:      "set {key|ANTHROPIC_BASE_URL} to the https:// form of the gateway URL[ ({value})][ in {file}]: with CLAUDE_CODE_USE_GATEWAY on, {tool|Claude Code} accepts plain http only for localhost, 127.0.0.1 and \\[::1\\][, or run '{command}']",
		Symptoms: []string{"gateway url must use https://", "claude_code_use_gateway is set but anthropic_base_url is invalid", "plain http is only allowed for localhost"},
	},
}
