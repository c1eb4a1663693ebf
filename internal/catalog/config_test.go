package catalog

import (
	"regexp"
	"strings"
	"testing"
)

// configFixes fill each configuration code's template as its offline
// check does (checks/), one case per shape of finding: the filled text
// is the finding's fix, word for word. Every config code has a case.
var configFixes = []struct {
	code Code
	s    Slots
	want string
}{
	{MCPServerBroken, Slots{Command: "keydoctor setup --mcp --tools gemini", File: "~/.gemini/settings.json:3"},
		"run 'keydoctor setup --mcp --tools gemini' to point the entry in ~/.gemini/settings.json:3 at this keydoctor again, or remove the entry"},
	{EnvMissing, Slots{Edit: `set "env.ANTHROPIC_BASE_URL" to "<gateway base URL>" in ~/.claude/settings.json`, Command: "keydoctor setup --tools claude"},
		`set "env.ANTHROPIC_BASE_URL" to "<gateway base URL>" in ~/.claude/settings.json, or run 'keydoctor setup --tools claude'`},
	{EnvMissing, Slots{Edit: "export OPENAI_API_KEY=<your gateway key> (and in your shell profile)"},
		"export OPENAI_API_KEY=<your gateway key> (and in your shell profile)"},
	{EnvMissing, Slots{Edit: "export OPENAI_API_KEY=… OPENAI_MODEL=… (and in your shell profile)", Command: "keydoctor setup --tools qwen",
		Value: "the whole triple and security.auth.selectedType", File: "~/.qwen/settings.json"},
		"export OPENAI_API_KEY=… OPENAI_MODEL=… (and in your shell profile), or run 'keydoctor setup --tools qwen', which writes the whole triple and security.auth.selectedType into ~/.qwen/settings.json"},
	{KeyMalformed, Slots{Edit: `set "env.ANTHROPIC_AUTH_TOKEN" to the key exactly as the gateway issued it in ~/.claude/settings.json (line 4)`, Command: "keydoctor setup --tools claude --key-env TAOTOKEN_API_KEY"},
		`set "env.ANTHROPIC_AUTH_TOKEN" to the key exactly as the gateway issued it in ~/.claude/settings.json (line 4), or run 'keydoctor setup --tools claude --key-env TAOTOKEN_API_KEY' with the real key exported`},
	{KeyPlaceholder, Slots{Edit: "set OPENAI_API_KEY=the key exactly as the gateway issued it in ~/proj/.env (line 2)"},
		"set OPENAI_API_KEY=the key exactly as the gateway issued it in ~/proj/.env (line 2)"},
	{URLInvalid, Slots{Edit: `set base_url = "https://gw.example/api/v1" in ~/.codex/config.toml (line 6)`, Command: "keydoctor setup --tools codex"},
		`set base_url = "https://gw.example/api/v1" in ~/.codex/config.toml (line 6), or run 'keydoctor setup --tools codex'`},
	{URLInsecure, Slots{Edit: "export OPENAI_BASE_URL=https://gw.example/v1 (and in your shell profile)"},
		"export OPENAI_BASE_URL=https://gw.example/v1 (and in your shell profile); plain http is only safe for 127.0.0.1 or localhost"},
	{URLDoubleVersion, Slots{Edit: `set "env.ANTHROPIC_BASE_URL" to "https://gw.example/api" in ~/.claude/settings.json (line 3)`, Command: "keydoctor setup --tools claude"},
		`set "env.ANTHROPIC_BASE_URL" to "https://gw.example/api" in ~/.claude/settings.json (line 3), or run 'keydoctor setup --tools claude'`},
	{URLMissingVersion, Slots{Edit: `set base_url = "https://gw.example/api/v1" in ~/.codex/config.toml (line 6)`},
		`set base_url = "https://gw.example/api/v1" in ~/.codex/config.toml (line 6)`},
	{URLHasEndpoint, Slots{Edit: "set OPENAI_BASE_URL=https://gw.example/v1 in ~/proj/.env (line 1)", Command: "keydoctor setup --tools env"},
		"set OPENAI_BASE_URL=https://gw.example/v1 in ~/proj/.env (line 1), or run 'keydoctor setup --tools env'"},
	{URLHasQuery, Slots{Edit: `set "env.ANTHROPIC_BASE_URL" to "https://gw.example/api" in ~/.claude/settings.json (line 3)`},
		`set "env.ANTHROPIC_BASE_URL" to "https://gw.example/api" in ~/.claude/settings.json (line 3); credentials go in the key variable, never in the URL`},
	{TripleDrift, Slots{Edit: `set model = "gpt-4o" in ~/.codex/config.toml (line 1)`, Command: "keydoctor setup"},
		`set model = "gpt-4o" in ~/.codex/config.toml (line 1), or run 'keydoctor setup' to write one triple into every tool`},
	{ValueOverridden, Slots{Remove: `delete "env.ANTHROPIC_MODEL" from ~/.claude/settings.local.json (line 3)`, Was: `"gpt-4o"`,
		Edit: `set "env.ANTHROPIC_MODEL" to "gpt-4o" in ~/.claude/settings.json (line 5)`},
		`delete "env.ANTHROPIC_MODEL" from ~/.claude/settings.local.json (line 3); if "gpt-4o" is the value you want, set "env.ANTHROPIC_MODEL" to "gpt-4o" in ~/.claude/settings.json (line 5)`},
	{ValueOverridden, Slots{Remove: "remove model from ~/proj/opencode.json", File: "~/.config/opencode/opencode.json"},
		"remove model from ~/proj/opencode.json, or make it agree with ~/.config/opencode/opencode.json (`keydoctor status` shows every layer)"},
	{ValueOverridden, Slots{Edit: "add GEMINI_API_KEY to ~/proj/.env", Command: "keydoctor setup --tools gemini", File: "~/proj/.gemini/.env", Was: "~/proj/.env"},
		"add GEMINI_API_KEY to ~/proj/.env, or run 'keydoctor setup --tools gemini', which writes ~/proj/.gemini/.env, read before ~/proj/.env"},
	{AuthConflict, Slots{Remove: `delete "env.ANTHROPIC_API_KEY" from ~/.claude/settings.json (line 6)`, File: "~/.claude/settings.json:4 (env.ANTHROPIC_AUTH_TOKEN)", Command: "keydoctor setup --tools claude"},
		`delete "env.ANTHROPIC_API_KEY" from ~/.claude/settings.json (line 6) so that only ~/.claude/settings.json:4 (env.ANTHROPIC_AUTH_TOKEN) remains, or run 'keydoctor setup --tools claude'`},
	{ConfigInvalid, Slots{File: "~/.codex/config.toml:3:7", Command: "keydoctor setup --tools codex"},
		"edit ~/.codex/config.toml:3:7 and correct it there (keydoctor setup refuses to edit a file it cannot parse; once it parses, 'keydoctor setup --tools codex' rewrites the gateway keys)"},
	{ConfigInvalid, Slots{Edit: "fix the syntax of ~/.qwen/settings.json before starting qwen", Remove: "delete ~/.qwen/settings.json.orig", File: "~/.qwen/settings.json"},
		"fix the syntax of ~/.qwen/settings.json before starting qwen (or delete ~/.qwen/settings.json.orig if ~/.qwen/settings.json is what you want)"},
	{ConfigInvalid, Slots{Edit: `add "updatedAt": "2026-01-01T00:00:00.000Z" beside "settings" in providers.gw of ~/.cline/data/settings/providers.json:6`, Command: "keydoctor setup --tools cline"},
		`add "updatedAt": "2026-01-01T00:00:00.000Z" beside "settings" in providers.gw of ~/.cline/data/settings/providers.json:6, or run 'keydoctor setup --tools cline'`},
	{ConfigIgnored, Slots{Edit: `rename [model_providers.openai] to a new id (e.g. [model_providers.gateway]) in ~/.codex/config.toml:4 and set model_provider = "gateway"`, Command: "keydoctor setup --tools codex"},
		`rename [model_providers.openai] to a new id (e.g. [model_providers.gateway]) in ~/.codex/config.toml:4 and set model_provider = "gateway", or run 'keydoctor setup --tools codex'`},
	{CodexChatWire, Slots{Edit: `set wire_api = "responses" in ~/.codex/config.toml (line 8)`, Command: "keydoctor setup --tools codex"},
		`set wire_api = "responses" in ~/.codex/config.toml (line 8) (the gateway must serve /v1/responses), or run 'keydoctor setup --tools codex'`},
	{CodexEnvKeyUnset, Slots{Key: "GATEWAY_KEY", Edit: "export GATEWAY_KEY=<your gateway key> in the shell that starts Codex (and in your shell profile)"},
		"export GATEWAY_KEY=<your gateway key> in the shell that starts Codex (and in your shell profile), or switch to the key file: `keydoctor setup --tools codex --codex-auth file` writes ~/.codex/auth.json"},
	{SecretPerms, Slots{File: "~/proj/.env"}, "chmod 600 ~/proj/.env"},
	{SecretPerms, Slots{File: `~\proj\.env`, Command: `icacls "$HOME\proj\.env" /inheritance:r`}, `icacls "$HOME\proj\.env" /inheritance:r`},
	{SecretInGit, Slots{Value: ".env", File: "~/proj/.gitignore"}, "add the line .env to ~/proj/.gitignore"},
	{SecretInGit, Slots{Value: ".env", File: "~/proj/.gitignore", Command: "git -C ~/proj rm --cached .env"},
		"git -C ~/proj rm --cached .env, add .env to ~/proj/.gitignore, then rotate the key: it is in the repository's history"},
	{ProxyUnreachable, Slots{Value: "http://127.0.0.1:7890", Key: "HTTPS_PROXY", Host: "gw.example"},
		"start the proxy at http://127.0.0.1:7890, or unset HTTPS_PROXY (and its other-case twin) in the shell that starts it and in your shell profile, or add gw.example to NO_PROXY"},
	{ProxyUnreachable, Slots{Value: "http://127.0.0.1:7890", Key: "HTTP_PROXY and http_proxy"},
		"start the proxy at http://127.0.0.1:7890, or unset HTTP_PROXY and http_proxy in your shell profile"},
	{EnvNotLoaded, Slots{Key: "ANTHROPIC_BASE_URL", Edit: "$env:ANTHROPIC_BASE_URL = 'http://127.0.0.1:3456'"},
		"open a new terminal and start the tool from there (a running terminal keeps the environment it started with), or set it in this one: $env:ANTHROPIC_BASE_URL = 'http://127.0.0.1:3456'; to change the kept value: [Environment]::SetEnvironmentVariable('ANTHROPIC_BASE_URL', '<value>', 'User') in PowerShell, or setx ANTHROPIC_BASE_URL <value> in cmd"},
	{EnvNotLoaded, Slots{Key: "ANTHROPIC_API_KEY"},
		"open a new terminal and start the tool from there (a running terminal keeps the environment it started with); to change the kept value: [Environment]::SetEnvironmentVariable('ANTHROPIC_API_KEY', '<value>', 'User') in PowerShell, or setx ANTHROPIC_API_KEY <value> in cmd"},
	{CopilotModelUnset, Slots{Edit: "change line 9 of ~/.bashrc to export COPILOT_MODEL='gpt-4o'", Command: "keydoctor setup --tools copilot --shell-profile"},
		"change line 9 of ~/.bashrc to export COPILOT_MODEL='gpt-4o', or run 'keydoctor setup --tools copilot --shell-profile'"},
	{ProfileNotLoaded, Slots{Command: "'. ~/.bashrc'", File: "~/.bashrc", Key: "COPILOT_PROVIDER_BASE_URL"},
		"open a new terminal and start the tool from there, or read the profile into this one: '. ~/.bashrc' (~/.bashrc sets COPILOT_PROVIDER_BASE_URL)"},
	{LaunchdEnvDiffers, Slots{Key: "ANTHROPIC_BASE_URL", Edit: "export ANTHROPIC_BASE_URL=http://127.0.0.1:3456 (and in ~/.zshrc)"},
		"make them agree: launchctl setenv ANTHROPIC_BASE_URL <the value your shell has> (or launchctl unsetenv ANTHROPIC_BASE_URL), then quit and restart the app; a LaunchAgent that sets it at login (~/Library/LaunchAgents) sets it again at the next login, or set it in this shell too: export ANTHROPIC_BASE_URL=http://127.0.0.1:3456 (and in ~/.zshrc)"},
	{WSLLoopbackCrossed, Slots{Tool: "Claude Code", Value: "Windows", Host: "127.0.0.1:15721"},
		"run the relay on the side the tool runs on (Windows for Claude Code), or set networkingMode=mirrored under [wsl2] in .wslconfig in your Windows profile folder (Windows 11 22H2 and later) so that both sides share 127.0.0.1, then wsl --shutdown; a Linux-side tool can also reach Windows at the address `ip route show default` names"},
	{SystemProxyCapturesLocal, Slots{Value: "<local>;127.0.0.1;localhost"},
		"add <local>;127.0.0.1;localhost to the proxy's exceptions (Settings › Network & internet › Proxy › Manual proxy setup, \"Use the proxy server except for addresses\"; or in PowerShell: Set-ItemProperty 'HKCU:\\Software\\Microsoft\\Windows\\CurrentVersion\\Internet Settings' ProxyOverride '<local>;127.0.0.1;localhost'), or switch the system proxy off and clear its address"},
	{ProxyCapturesLocal, Slots{Edit: "export NO_PROXY=localhost,127.0.0.1,::1 no_proxy=localhost,127.0.0.1,::1 in the shell that starts it and in your shell profile"},
		"export NO_PROXY=localhost,127.0.0.1,::1 no_proxy=localhost,127.0.0.1,::1 in the shell that starts it and in your shell profile"},
	{LocalRelayDown, Slots{Value: "start CC Switch and turn its local proxy on", Host: "127.0.0.1:15721", Tool: "Claude Code", Command: "keydoctor setup --tools claude"},
		"start CC Switch and turn its local proxy on so that it listens on 127.0.0.1:15721, or point Claude Code at the gateway itself: 'keydoctor setup --tools claude'"},
	{LocalRelayDown, Slots{Host: "127.0.0.1:9999", Tool: "OpenAI SDK"},
		"start the program that should listen on 127.0.0.1:9999"},
	{GatewayDown, Slots{Host: "127.0.0.1:8765", URL: "http://127.0.0.1:8765/api"},
		"start the gateway that should listen on 127.0.0.1:8765, or correct the base URL everywhere with 'keydoctor setup --base-url URL' (it is http://127.0.0.1:8765/api now)"},
	{ClaudeKeyRejected, Slots{Value: `"0123"`, File: "~/.claude.json:5", Command: "keydoctor setup --tools claude"},
		`delete the entry ending in "0123" from customApiKeyResponses.rejected in ~/.claude.json:5 (or add it to "approved"), or pass the key as ANTHROPIC_AUTH_TOKEN instead, which needs no approval: 'keydoctor setup --tools claude'`},
	{TempFileLeft, Slots{File: "~/.claude/.settings.json.keydoctor-12-ab.tmp"},
		"run 'keydoctor setup' again, which removes it, or delete it: rm ~/.claude/.settings.json.keydoctor-12-ab.tmp"},
	{ProviderBypass, Slots{Remove: `remove the line "CLAUDE_CODE_USE_BEDROCK": "1" from ~/.claude/settings.json (line 3)`, Command: "keydoctor setup --tools claude"},
		`remove the line "CLAUDE_CODE_USE_BEDROCK": "1" from ~/.claude/settings.json (line 3), or run 'keydoctor setup --tools claude'`},
	{ProviderBypass, Slots{Remove: "remove the line that exports CLAUDE_CODE_USE_VERTEX from ~/.bashrc (line 9)", Key: "CLAUDE_CODE_USE_VERTEX",
		Edit: `set "CLAUDE_CODE_USE_VERTEX" to "0" in the env of ~/.claude/settings.json`},
		`remove the line that exports CLAUDE_CODE_USE_VERTEX from ~/.bashrc (line 9) and open a new shell (or run 'unset CLAUDE_CODE_USE_VERTEX' in this one), or set "CLAUDE_CODE_USE_VERTEX" to "0" in the env of ~/.claude/settings.json`},
	{ProviderBypass, Slots{Edit: `set "lastUsedProvider" to "openai-compatible" in ~/.cline/data/settings/providers.json (line 3)`, Command: "keydoctor setup --tools cline"},
		`set "lastUsedProvider" to "openai-compatible" in ~/.cline/data/settings/providers.json (line 3), or run 'keydoctor setup --tools cline'`},
	{RouteInfo, Slots{}, "nothing to do; to send the tool through the gateway instead, run `keydoctor setup --tools TOOL`, which removes the switch from its settings"},
	{ProfileInUse, Slots{Tool: "Claude Code"}, "'keydoctor use NAME' switches Claude Code to a profile"},
	{KeyOrphaned, Slots{File: "~/.claude/settings.json:4", Command: `printf '%s\n' "$KEY" | keydoctor profile add NAME --key-stdin`},
		`'keydoctor use NAME' writes a profile's key into ~/.claude/settings.json:4; or add this key as a profile (printf '%s\n' "$KEY" | keydoctor profile add NAME --key-stdin)`},
	{TeamDrift, Slots{Command: "keydoctor setup --yes --tools codex"},
		"run 'keydoctor setup --yes --tools codex' in the repository (it takes the team file's gateway, model, background model, key variable and tools)"},
	{TeamDrift, Slots{Key: "model", Value: "gpt-5", File: "~/.codex/config.toml:1", Command: "keydoctor setup --yes --tools codex"},
		"set model to gpt-5 in ~/.codex/config.toml:1, or run 'keydoctor setup --yes --tools codex' in the repository (it takes the team file's gateway, model, background model, key variable and tools)"},
	{DotEnvShadow, Slots{Tool: "Qwen Code", Command: "keydoctor setup --tools qwen", Edit: "add OPENAI_API_KEY to ~/proj/.env as they are in ~/.qwen/.env"},
		"add OPENAI_API_KEY to ~/proj/.env as they are in ~/.qwen/.env (Qwen Code loads only the first .env it finds, walking up from its working directory), or run 'keydoctor setup --tools qwen', which writes the triple where no .env can shadow it"},
	{DotEnvShadow, Slots{Tool: "Qwen Code", Remove: "delete OPENAI_API_KEY from ~/.qwen/.env"},
		"delete OPENAI_API_KEY from ~/.qwen/.env: Qwen Code already takes the triple from its settings file, and these variables, where they are loaded, beat it"},
	{ClaudeGatewayHTTP, Slots{Tool: "Claude Code", Key: "ANTHROPIC_BASE_URL", File: "~/.claude/settings.json:4", Value: "https://gw.example/api", Command: "keydoctor setup --tools claude"},
		"set ANTHROPIC_BASE_URL to the https:// form of the gateway URL (https://gw.example/api) in ~/.claude/settings.json:4: with CLAUDE_CODE_USE_GATEWAY on, Claude Code accepts plain http only for localhost, 127.0.0.1 and [::1], or run 'keydoctor setup --tools claude'"},
	{KeyHelperConflict, Slots{Remove: `delete "env.ANTHROPIC_AUTH_TOKEN" from ~/.claude/settings.json (line 5)`, Key: "ANTHROPIC_AUTH_TOKEN"},
		`delete "env.ANTHROPIC_AUTH_TOKEN" from ~/.claude/settings.json (line 5) so apiKeyHelper's key goes in both headers, or delete apiKeyHelper if ANTHROPIC_AUTH_TOKEN holds the key you mean`},
	{LoginToGateway, Slots{Edit: `set "env.ANTHROPIC_AUTH_TOKEN" to <your gateway key> in ~/.claude/settings.json`, Command: "keydoctor setup --tools claude",
		Remove: `delete "env.ANTHROPIC_BASE_URL" from ~/.claude/settings.json (line 3)`},
		`set "env.ANTHROPIC_AUTH_TOKEN" to <your gateway key> in ~/.claude/settings.json, or run 'keydoctor setup --tools claude'; or, to use the subscription with Anthropic itself, delete "env.ANTHROPIC_BASE_URL" from ~/.claude/settings.json (line 3)`},
	{KeyOverridden, Slots{Remove: `delete "env.ANTHROPIC_AUTH_TOKEN" from ~/proj/.claude/settings.local.json (line 3)`, Command: "keydoctor setup --tools claude --scope local"},
		`delete "env.ANTHROPIC_AUTH_TOKEN" from ~/proj/.claude/settings.local.json (line 3) so the profile's key beneath it is sent, or run 'keydoctor setup --tools claude --scope local' to write the profile's base URL, key and model into that file`},
	{KeyOverridden, Slots{Command: "keydoctor setup --tools claude --scope local"},
		`run 'keydoctor setup --tools claude --scope local' to write the profile's base URL, key and model into that file`},
	{DroidExecFailed, Slots{File: "~/.factory/logs/droid-log-single.log", Command: "keydoctor verify droid"},
		`read what Droid's log, ~/.factory/logs/droid-log-single.log, says of the last run (its WARN and ERROR lines) and fix that: a 401 is the key of the custom model, a 404 its baseUrl (an anthropic provider's has no /v1), "Invalid model" the -m id or sessionDefaultSettings.model; then 'keydoctor verify droid' runs one turn and shows the log's lines if it fails`},
	{DroidModelUnselected, Slots{Key: "sessionDefaultSettings.model", Value: `"custom:taotoken-0"`, File: "~/.factory/settings.json", Command: "keydoctor setup --tools droid"},
		`set sessionDefaultSettings.model to "custom:taotoken-0" in ~/.factory/settings.json, or run 'keydoctor setup --tools droid'`},
	{FactsOlder, Slots{Tool: "Claude Code", Command: "keydoctor verify claude"},
		`nothing to change in your files; if a finding about Claude Code looks wrong, run 'keydoctor verify claude': one real turn of it shows what it really sends`},
	{UsageStatsOn, Slots{Edit: `"privacy": {"usageStatisticsEnabled": false}`, File: "~/.gemini/settings.json"},
		`set "privacy": {"usageStatisticsEnabled": false} in ~/.gemini/settings.json to keep them on this machine`},
	{AuthTypeUnset, Slots{Tool: "Gemini CLI", File: "~/.gemini/settings.json", Key: "security.auth.selectedType", Value: "gemini-api-key", Command: "keydoctor setup --tools gemini"},
		`set security.auth.selectedType to "gemini-api-key" in ~/.gemini/settings.json, or run 'keydoctor setup --tools gemini' (it writes that key and nothing else there)`},
	{ModelUndeclared, Slots{Value: "gpt-4o", Key: "provider.taotoken.models", File: "~/.config/opencode/opencode.json", Command: "keydoctor setup --tools opencode"},
		`add "gpt-4o": {} to provider.taotoken.models in ~/.config/opencode/opencode.json, or run 'keydoctor setup --tools opencode'`},
	{PiModelFallback, Slots{Edit: `add the model "gpt-5" to providers.taotoken.models in ~/.pi/agent/models.json`, Command: "keydoctor setup --tools pi"},
		`add the model "gpt-5" to providers.taotoken.models in ~/.pi/agent/models.json, or run 'keydoctor setup --tools pi'`},
	{CrushModelFallback, Slots{Value: "gpt-4o", Key: "providers.taotoken.models", File: "~/.config/crush/crush.json", Was: "~/.local/share/crush/crush.json", Command: "keydoctor setup --tools crush"},
		`add an entry with id and name "gpt-4o" to providers.taotoken.models in ~/.config/crush/crush.json, or run 'keydoctor setup --tools crush', and delete models.large and models.small from ~/.local/share/crush/crush.json if Crush already wrote its fallback there`},
	{CrushScriptUnread, Slots{File: "~/.config/crush/crushrc", Key: "~/.config/crush/crush.json"},
		"check that ~/.config/crush/crushrc sets no provider or model for the gateway (its `provider add` and `model` lines beat crush.json), or move them into ~/.config/crush/crush.json"},
	{CodexLegacyProfile, Slots{Value: "glm", File: "~/.codex/config.toml", Line: 1, Key: "~/.codex/glm.config.toml"},
		"delete the line profile = \"glm\" from ~/.codex/config.toml (line 1) and move the settings of [profiles.glm] to the top level of that file, which is what the selector did; a profile you only want now and then goes into ~/.codex/glm.config.toml, used with `codex --profile glm`"},
	{CodexAuthUnsent, Slots{Key: "custom", File: "~/.codex/config.toml", Line: 4, Value: "TAOTOKEN_API_KEY", Command: "keydoctor setup --tools codex"},
		"set requires_openai_auth = true in [model_providers.custom] of ~/.codex/config.toml (line 4), or run `keydoctor setup --tools codex`"},
	{CodexLoginSent, Slots{Key: "gateway", File: "~/.codex/config.toml", Line: 4, Value: "TAOTOKEN_API_KEY", Command: "keydoctor setup --tools codex"},
		"give the provider a key of its own: in [model_providers.gateway] of ~/.codex/config.toml (line 4) replace requires_openai_auth = true with env_key = \"TAOTOKEN_API_KEY\" and export TAOTOKEN_API_KEY=<your gateway key> (the ChatGPT sign-in stays for OpenAI's own provider); `keydoctor setup --tools codex --codex-auth env` makes that edit"},
	{OpenClawModelName, Slots{Value: "gpt-4o", File: "~/.openclaw/openclaw.json:9:9", Key: "models.providers.gw.models[0]", Command: "keydoctor setup --tools openclaw"},
		`add name: "gpt-4o" to the entry at ~/.openclaw/openclaw.json:9:9 (models.providers.gw.models[0]), or run 'keydoctor setup --tools openclaw' (it names the entry of the model it writes)`},
	{URLAnthropicRoot, Slots{Tool: "Cline CLI (provider openai-compatible)", Key: "providers.openai-compatible.settings.baseUrl", File: "~/.cline/data/settings/providers.json:11",
		Value: "https://api.deepseek.com/v1", Was: "https://api.deepseek.com/anthropic"},
		"set providers.openai-compatible.settings.baseUrl in ~/.cline/data/settings/providers.json:11 to the vendor's OpenAI API base URL from its documentation (often https://api.deepseek.com/v1) instead of its Anthropic root https://api.deepseek.com/anthropic; adding /v1 to the Anthropic root does not help"},
}

// Each config code's one template gives the finding's own fix when its
// check fills the slots, and a sensible generic text for explain: no slot
// name left in capitals, no half sentence.
func TestConfigFixesFilledAndGeneric(t *testing.T) {
	covered := map[Code]bool{}
	for _, tt := range configFixes {
		covered[tt.code] = true
		if got := Render(tt.code, tt.s); got != tt.want {
			t.Errorf("%s filled:\n got %s\nwant %s", tt.code, got, tt.want)
		}
	}
	// An empty slot renders as its name in capitals; `git rm --cached
	// FILE` and `--tools TOOL` are placeholders the templates write.
	placeholder := regexp.MustCompile(`\b(TOOL|FILE|LINE|KEY|VALUE|WAS|COMMAND|HOST|MODEL|WAIT|EDIT|REMOVE)\b`)
	for _, e := range All() {
		if e.Class != Config {
			continue
		}
		if !covered[e.Code] {
			t.Errorf("%s: no filled case in configFixes", e.Code)
		}
		g := Generic(e.Code)
		if p := placeholder.FindString(strings.NewReplacer("--cached FILE", "", "--tools TOOL", "").Replace(g)); p != "" {
			t.Errorf("%s: generic fix shows the empty slot %s: %q", e.Code, p, g)
		}
		if strings.HasPrefix(g, ",") || strings.HasPrefix(g, ";") || strings.Contains(g, "''") || len(g) < 30 {
			t.Errorf("%s: generic fix is not a sentence: %q", e.Code, g)
		}
	}
}
