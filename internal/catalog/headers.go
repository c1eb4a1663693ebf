package catalog

// headerEntries are the codes of a gateway that routes by a header the
// request must carry.
var headerEntries = []Entry{
	{Code: HeaderMissing, Class: Wire, Rung: RungRequest, Severity: Error, FixRank: 140, Title: "the gateway requires a header the tool does not send",
		Causes: []string{
			"a header-routed gateway (Portkey: x-portkey-provider or x-portkey-config, with x-portkey-api-key) picks the upstream from a header; a tool whose configuration does not add it gets 400 on every request",
			"the header is set in one place the tool reads and not in the one it uses (a project's settings, another Codex provider)",
		},
		Fix:      "add the header the gateway names to what {tool|the tool} sends[: {key}][ ({file})][!key : Claude Code's ANTHROPIC_CUSTOM_HEADERS and Copilot CLI's COPILOT_PROVIDER_HEADERS (\"Name: value\" lines), Gemini CLI's GEMINI_CLI_CUSTOM_HEADERS (comma-separated), a Codex provider's http_headers (or env_http_headers, naming a variable), Qwen Code's generationConfig.customHeaders, an OpenCode or Kilo provider's options.headers, Crush's extra_headers, Pi's and OpenClaw's provider headers, a Cline CLI provider's settings.headers, a Droid custom model's extraHeaders]; keydoctor's probes send the headers the tool's configuration carries",
		Statuses: []int{400},
		Symptoms: []string{"header is required", "missing required header", "x-portkey-provider", "x-portkey-config"},
	},
	// The command is never printed (it may hold the key: "echo sk-…"),
	// nor its output: the finding names where it is set and how it ended.
	{Code: KeyHelperFailed, Class: Wire, Rung: RungAuth, Severity: Error, FixRank: 45, Title: "the command that produces the tool's key failed",
		Causes: []string{
			"the tool's key comes from a command (Claude Code's apiKeyHelper) that exits non-zero, prints nothing or does not answer: the tool then has no key and every request fails",
			"a router wrote the command and its script is gone: claude-code-router 3.1.1 sets apiKeyHelper to ~/.claude-code-router/bin/ccr-claude-code-api-key-<profile>, a script printing its client key; removed, the shell exits 127",
		},
		Fix:      "run the command set at {file|the tool's settings (apiKeyHelper)} in a shell and make it print the key and exit 0 within 10 s (when a router wrote it, restarting the router writes it again: claude-code-router 3.1.1 does at start); keydoctor runs it as the tool does and prints neither the command nor its output",
		Symptoms: []string{"apikeyhelper failed", "apikeyhelper did not answer", "apikeyhelper printed no key"},
	},
}

// headerMissingPhrases are what a gateway says of a header the request
// lacks: Portkey's requestValidator ("Either x-portkey-config or
// x-portkey-provider header is required", Portkey-AI/gateway
// src/middlewares/requestValidator).
var headerMissingPhrases = []string{"header is required", "missing required header", "header is missing"}
