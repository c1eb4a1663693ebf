package catalog

// configText is the long text of the configuration codes: what `keydoctor
// explain CODE` prints. The findings' own fixes name the exact file, key
// and value; these say it in general. Kept apart from entries so that the
// table of codes stays one line per code.
var configText = map[string]struct {
	causes []string
	fix    string
}{
	"env-missing": {[]string{
		"the tool has a base URL but no key, or a key but no base URL, so it cannot reach the gateway",
		"no model is set, so the tool asks for its own default model, which the gateway may not serve",
		"nothing at all is configured yet"},
		"set the missing part where the tool reads it (the finding names the file and key), or run 'keydoctor setup' to write the whole triple into every tool"},
	"key-malformed": {[]string{
		"the key was pasted with a trailing space, a line break or quotes",
		"the file was saved as UTF-8 with a byte-order mark, or the key picked up an invisible character"},
		"paste the key again exactly as the gateway issued it, or export it once and run 'keydoctor setup --key-env VAR'"},
	"key-placeholder": {[]string{
		"a guide's example value (sk-xxx, <your-key>, sk-你的key) was never replaced",
		"the key is empty"},
		"put the real key where the placeholder is, or run 'keydoctor setup --key-env VAR' with the real key exported"},
	"url-invalid": {[]string{
		"the base URL has a scheme other than http or https, no host, white space or credentials in it"},
		"set the gateway's base URL in the form the tool wants (the finding gives the value)"},
	"url-insecure": {[]string{
		"the base URL uses plain http to a host that is not this machine: the key travels unencrypted"},
		"use https (the finding gives the URL); keep plain http for loopback relays only"},
	"url-double-version": {[]string{
		"the tool appends /v1 itself (Claude Code, Anthropic SDKs: /v1/messages) and the base URL already ends in /v1, so it requests /v1/v1/…, gets 404, and Claude Code then says the model \"may not exist or you may not have access to it\"",
		"/v1 was written twice"},
		"drop the trailing /v1 for that tool (the finding gives the exact value)"},
	"url-missing-version": {[]string{
		"the tool appends only the endpoint (Codex: /responses, Cline and OpenAI SDKs: /chat/completions) and the base URL lacks /v1, so the request misses the API"},
		"end the base URL in /v1 for that tool (the finding gives the exact value)"},
	"url-has-endpoint": {[]string{
		"a full endpoint (…/chat/completions, …/messages, …/responses) was pasted where the base URL goes; the tool appends the endpoint again"},
		"cut the URL before the endpoint (the finding gives the exact value)"},
	"url-has-query": {[]string{
		"the base URL carries ?query: tools append paths after it, producing URLs the gateway does not know"},
		"remove the query string; put parameters the gateway needs in headers or the key"},
	"triple-drift": {[]string{
		"one tool was set up by hand or with another gateway, key or model than the others",
		"the key was rotated in one place only"},
		"set the same base URL, key and model everywhere, or run 'keydoctor setup' to write one triple into every tool"},
	"value-overridden": {[]string{
		"Claude Code: a value in settings.json env beats the same variable exported in the shell; local beats project beats user settings; managed settings beat all",
		"Codex: a profile's model and model_provider beat the top-level ones",
		"a .env value is not loaded when the variable is already exported (dotenv loaders do not override)"},
		"change the value where it wins (the finding names it), or delete the shadowed one so the two cannot disagree"},
	"auth-conflict": {[]string{
		"ANTHROPIC_AUTH_TOKEN (sent as Authorization: Bearer) and ANTHROPIC_API_KEY (sent as x-api-key) are both set with different keys",
		"Codex has an experimental_bearer_token, an env_key variable and auth.json with different keys"},
		"keep one credential (keydoctor setup writes ANTHROPIC_AUTH_TOKEN for Claude Code) and delete the other"},
	"config-invalid": {[]string{
		"a syntax error (a trailing comma in JSON, an unclosed TOML table, a .env line that is no assignment): the tool refuses the file or ignores it",
		"a value of the wrong type, a duplicate key, or a file that is not readable",
		"a Cline provider entry without updatedAt: Cline discards providers.json and resets it to its default provider, losing every provider in it",
		"Codex model_provider names a provider no [model_providers.ID] table defines"},
		"correct the file at the line and column given (setup refuses to edit a file it cannot parse), then run 'keydoctor setup' for the gateway keys"},
	"config-ignored": {[]string{
		"a guide said to put cline.mcpServers into VS Code's settings.json: nothing reads it; Cline reads cline_mcp_settings.json",
		"a [model_providers.ID] table uses a reserved id (openai, ollama, lmstudio): Codex uses its built-in provider and ignores the table"},
		"move the setting where the tool reads it (the finding names the file), or rename the Codex provider"},
	"codex-chat-wire": {[]string{
		"wire_api = \"chat\" in a [model_providers.ID] table: current Codex speaks only the Responses API and refuses to load such a config"},
		"set wire_api = \"responses\" (the gateway must serve /v1/responses), or run 'keydoctor setup --tools codex'"},
	"codex-env-key-unset": {[]string{
		"the provider's env_key names a variable that is not exported in the shell that starts Codex (set in another shell profile, or only in .env, which Codex does not read)"},
		"export the variable in your shell profile, or run 'keydoctor setup --tools codex'"},
	"secret-perms": {[]string{
		"a file holding a key is readable by other users of the machine (group or world bits set)"},
		"chmod 600 the file (the finding names it)"},
	"secret-in-git": {[]string{
		"a .env or settings file holding a key is tracked by git: the key is in the history and leaves with every push",
		"the file lies in a git work tree and no .gitignore rule covers it: the next 'git add .' commits it"},
		"add the file to .gitignore; if it was tracked, 'git rm --cached' it and rotate the key"},
	"proxy-unreachable": {[]string{
		"HTTP_PROXY, HTTPS_PROXY or ALL_PROXY (either case) names a proxy that is not running (Clash, V2Ray or a corporate proxy was closed)",
		"the proxy variable is not a URL"},
		"start the proxy, or unset the variable in the shell that starts the tool and in your shell profile"},
	"proxy-captures-local": {[]string{
		"a tool points at a loopback relay (CC Switch 127.0.0.1:15721, claude-code-router 127.0.0.1:3456) or a LAN gateway, a proxy variable is set, and NO_PROXY does not list that host: Node and Rust clients send the request to the proxy, which cannot reach the relay (\"local proxy failed\")",
		"NO_PROXY lists localhost but not 127.0.0.1 (or the other way round): the entries are matched by name, not by address"},
		"add the host to NO_PROXY and no_proxy, keeping the existing entries: export NO_PROXY=localhost,127.0.0.1,::1"},
	"local-relay-down": {[]string{
		"the tool points at a loopback relay that is not running (CC Switch closed or its proxy switched off, claude-code-router not started)",
		"the relay listens on another port than the base URL names"},
		"start the relay, or point the tool at the gateway itself with 'keydoctor setup --tools TOOL'"},
	"claude-key-rejected": {[]string{
		"once, at Claude Code's \"Do you want to use this API key?\" prompt, the answer was No: ~/.claude.json keeps the key's last 20 characters in customApiKeyResponses.rejected and Claude Code silently does not use it"},
		"delete the entry from customApiKeyResponses.rejected in ~/.claude.json, or pass the key as ANTHROPIC_AUTH_TOKEN, which needs no approval ('keydoctor setup --tools claude')"},
}

func init() {
	for i, e := range entries {
		t, ok := configText[e.Code]
		if !ok {
			continue
		}
		if len(e.Causes) == 0 {
			entries[i].Causes = t.causes
		}
		if e.Fix == "" {
			entries[i].Fix = t.fix
		}
		byCode[e.Code] = entries[i]
	}
}
