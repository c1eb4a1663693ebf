package catalog

// headerEntries are the codes of a gateway that routes by a header the
// request must carry.
var headerEntries = []Entry{
	{Code: HeaderMissing, Class: Wire, Rung: RungRequest, Severity: Error, FixRank: 140, Title: "the gateway requires a header the tool does not send",
		Causes: []string{
			"a header-routed gateway (Portkey: x-portkey-provider or x-portkey-config, with x-portkey-api-key) picks the upstream from a header; a tool whose configuration does not add it gets 400 on every request",
			"the header is set in one place the tool reads and not in the one it uses (a project's settings, another Codex provider)",
		},
		Fix:      "add the header the gateway names to what the tool sends: Claude Code's ANTHROPIC_CUSTOM_HEADERS (\"Name: value\" lines, in its settings' env), a Codex provider's http_headers (or env_http_headers, naming a variable); keydoctor's probes send the headers the tool's configuration carries",
		Statuses: []int{400},
		Symptoms: []string{"header is required", "missing required header", "x-portkey-provider", "x-portkey-config"},
	},
}

// headerMissingPhrases are what a gateway says of a header the request
// lacks: Portkey's requestValidator ("Either x-portkey-config or
// x-portkey-provider header is required", Portkey-AI/gateway
// src/middlewares/requestValidator).
var headerMissingPhrases = []string{"header is required", "missing required header", "header is missing"}
