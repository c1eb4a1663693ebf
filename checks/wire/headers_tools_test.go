package wire

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/mock"
)

// headerPK is an obvious fake of a header-routed gateway's own key.
const headerPK = "pk-test-fedcba9876543210fedcba"

// toolHeaderFixtures are, per tool, its files and variables configured
// for the gateway at {ROOT}, where {H} is replaced by the tool's own way of
// sending x-portkey-provider and x-portkey-api-key (or by nothing).
var toolHeaderFixtures = []struct {
	tool  gateway.ToolID
	files map[string]string
	vars  map[string]string
	with  string // what replaces {H} to carry the headers
	// setting is where the fix of header-missing says to add it
	setting string
}{
	{"gemini",
		map[string]string{".gemini/settings.json": `{"security": {"auth": {"selectedType": "gemini-api-key"}}}`,
			".gemini/.env": "GOOGLE_GEMINI_BASE_URL={ROOT}\nGEMINI_API_KEY=" + wireKey + "\nGEMINI_MODEL=gpt-4o\n{H}"},
		nil, "GEMINI_CLI_CUSTOM_HEADERS=x-portkey-provider: google, x-portkey-api-key: " + headerPK + "\n", ": GEMINI_CLI_CUSTOM_HEADERS (~/.gemini/.env)"},
	{"qwen",
		map[string]string{".qwen/settings.json": `{"$version": 4, "security": {"auth": {"selectedType": "openai", "baseUrl": "{ROOT}/v1", "apiKey": "` + wireKey + `"}}, "model": {"name": "gpt-4o"{H}}}`},
		nil, `, "generationConfig": {"customHeaders": {"x-portkey-provider": "openai", "x-portkey-api-key": "` + headerPK + `"}}`, ": model.generationConfig.customHeaders (~/.qwen/settings.json)"},
	{"opencode",
		map[string]string{".config/opencode/opencode.json": `{"model": "gw/gpt-4o", "provider": {"gw": {"npm": "@ai-sdk/openai-compatible", "options": {"baseURL": "{ROOT}/v1", "apiKey": "` + wireKey + `"{H}}, "models": {"gpt-4o": {}}}}}`},
		map[string]string{"PORTKEY_API_KEY": headerPK}, `, "headers": {"x-portkey-provider": "openai", "x-portkey-api-key": "{env:PORTKEY_API_KEY}"}`, ": provider.gw.options.headers (~/.config/opencode/opencode.json)"},
	{"kilo",
		map[string]string{".config/kilo/kilo.jsonc": `{"model": "gw/gpt-4o", "provider": {"gw": {"npm": "@ai-sdk/openai-compatible", "options": {"baseURL": "{ROOT}/v1", "apiKey": "` + wireKey + `"{H}}, "models": {"gpt-4o": {}}}}}`},
		nil, `, "headers": {"x-portkey-provider": "openai"}`, ": provider.gw.options.headers (~/.config/kilo/kilo.jsonc)"},
	{"crush",
		map[string]string{".config/crush/crush.json": `{"providers": {"gw": {"type": "openai", "base_url": "{ROOT}/v1", "api_key": "` + wireKey + `"{H}, "models": [{"id": "gpt-4o", "name": "GPT"}]}}, "models": {"large": {"provider": "gw", "model": "gpt-4o"}}}`},
		map[string]string{"PORTKEY_API_KEY": headerPK}, `, "extra_headers": {"x-portkey-provider": "openai", "x-portkey-api-key": "$PORTKEY_API_KEY"}`, ": providers.gw.extra_headers (~/.config/crush/crush.json)"},
	{"pi",
		map[string]string{".pi/agent/models.json": `{"providers": {"gw": {"baseUrl": "{ROOT}/v1", "api": "openai-completions", "apiKey": "` + wireKey + `"{H}, "models": [{"id": "gpt-4o"}]}}}`,
			".pi/agent/settings.json": `{"defaultProvider": "gw", "defaultModel": "gpt-4o"}`},
		map[string]string{"PORTKEY_API_KEY": headerPK}, `, "headers": {"x-portkey-provider": "openai", "x-portkey-api-key": "PORTKEY_API_KEY"}`, ": providers.gw.headers (~/.pi/agent/models.json)"},
	{"openclaw",
		map[string]string{".openclaw/openclaw.json": "{models: {providers: {gw: {baseUrl: '{ROOT}/v1', apiKey: '" + wireKey + "', api: 'openai-completions'{H}, models: [{id: 'gpt-4o', name: 'GPT'}]}}}, agents: {defaults: {model: {primary: 'gw/gpt-4o'}}}}"},
		map[string]string{"PORTKEY_API_KEY": headerPK}, `, headers: {'x-portkey-provider': 'openai', 'x-portkey-api-key': '${PORTKEY_API_KEY}'}`, ": models.providers.gw.headers (~/.openclaw/openclaw.json)"},
	{"droid",
		map[string]string{".factory/settings.json": `{"sessionDefaultSettings": {"model": "custom:GW-0"}, "customModels": [{"model": "gpt-4o", "displayName": "GW", "baseUrl": "{ROOT}/v1", "apiKey": "` + wireKey + `", "provider": "generic-chat-completion-api"{H}}]}`},
		nil, `, "extraHeaders": {"x-portkey-provider": "openai"}`, ": customModels.0.extraHeaders (~/.factory/settings.json)"},
	{"cline",
		map[string]string{".cline/data/settings/providers.json": `{"version": 1, "lastUsedProvider": "openai-compatible", "modes": {}, "providers": {"openai-compatible": {"settings": {"provider": "openai-compatible", "baseUrl": "{ROOT}/v1", "apiKey": "` + wireKey + `", "model": "gpt-4o"{H}}, "updatedAt": "2026-12-02T00:00:00.000Z", "tokenSource": "manual"}}}`},
		nil, `, "headers": {"x-portkey-provider": "openai", "x-portkey-api-key": "` + headerPK + `"}`, ": providers.openai-compatible.settings.headers (~/.cline/data/settings/providers.json:1)"},
	{"copilot", nil,
		map[string]string{"COPILOT_PROVIDER_BASE_URL": "{ROOT}/v1", "COPILOT_PROVIDER_API_KEY": wireKey, "COPILOT_MODEL": "gpt-4o", "COPILOT_PROVIDER_HEADERS": "{H}"},
		"x-portkey-provider: openai\nx-portkey-api-key: " + headerPK, ": COPILOT_PROVIDER_HEADERS"},
}

// Every tool that can be configured to send extra headers is probed
// with them: through a header-routed gateway (the mock's portkey-header
// scenario, Portkey's 400 without x-portkey-provider) the ladder passes
// for a tool whose configuration carries the header and finds
// header-missing for one whose does not. ping --tool and bench --tool
// build their requests from the same path (Path.Header).
func TestEveryToolSendsItsHeaders(t *testing.T) {
	srv := startMock(t, mock.Options{Scenario: mock.PortkeyHeader})
	fill := func(m map[string]string, h string) map[string]string {
		out := map[string]string{}
		for k, v := range m {
			out[k] = strings.ReplaceAll(strings.ReplaceAll(v, "{ROOT}", srv.Root()), "{H}", h)
		}
		return out
	}
	for _, tt := range toolHeaderFixtures {
		for _, with := range []bool{true, false} {
			name := string(tt.tool) + "/without"
			h := ""
			if with {
				name, h = string(tt.tool)+"/with", tt.with
			}
			t.Run(name, func(t *testing.T) {
				s := wireSnapshot(t, fill(tt.files, h), fill(tt.vars, h))
				var p *Path
				for _, q := range RunKeyHelpers(context.Background(), s, Paths(s, "gpt-4o")) {
					if q.Tool == tt.tool {
						p = &q
						break
					}
				}
				if p == nil || p.Skip != "" {
					t.Fatalf("no path probed for %s: %+v", tt.tool, p)
				}
				if with && p.Header().Get("x-portkey-provider") == "" {
					t.Fatalf("the path sends no x-portkey-provider: %v", p.Header())
				}
				fs, _ := wireRun(t, []Path{*p}, 5*time.Second)
				f := find2(fs, string(catalog.HeaderMissing))
				if missing := f != nil; missing == with {
					t.Fatalf("header-missing %v, want %v: %+v", missing, !with, fs)
				}
				if f != nil && !strings.Contains(f.Fix, tt.setting) && !strings.Contains(f.Fix, filepath.FromSlash(tt.setting)) { // ~\.gemini\.env on Windows
					t.Errorf("the fix does not name the tool's setting %q: %s", tt.setting, f.Fix)
				}
				for _, f := range fs {
					if strings.Contains(f.Message+f.Fix, headerPK) {
						t.Errorf("the gateway's key in a finding: %s", f.Message)
					}
				}
			})
		}
	}
}
