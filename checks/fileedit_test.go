package checks_test

import (
	"context"
	"errors"
	"net"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/checks"
	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env/envtest"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/writers"
)

const editKey = "sk-test-0123456789abcdef0123"

func claudeSettings(env string) map[string]string {
	return map[string]string{".claude/settings.json": `{"env": {` + env + `}}`}
}

func claudeTriple(base string) string {
	return `"ANTHROPIC_BASE_URL": "` + base + `", "ANTHROPIC_AUTH_TOKEN": "` + editKey + `", "ANTHROPIC_MODEL": "gpt-4o"`
}

func codexConfig(base, wire string) map[string]string {
	return map[string]string{".codex/config.toml": "model = \"gpt-4o\"\nmodel_provider = \"gw\"\n\n[model_providers.gw]\nname = \"Gateway\"\nbase_url = \"" + base +
		"\"\nenv_key = \"GW_KEY\"\nwire_api = \"" + wire + "\"\n"}
}

// fileFixCases raise each code a file edit fixes from a home as users have
// it. model-not-found (Claude Code's background model) is raised by the
// wire ladder: checks/wire's TestWireBackgroundDefault holds its edit.
var fileFixCases = map[catalog.Code]struct {
	files, vars map[string]string
	perm        string // a file made readable by others
}{
	catalog.URLDoubleVersion:  {files: claudeSettings(claudeTriple("https://gateway.example/api/v1"))},
	catalog.URLMissingVersion: {files: codexConfig("https://gateway.example/api", "responses"), vars: map[string]string{"GW_KEY": editKey}},
	catalog.URLHasEndpoint:    {files: codexConfig("https://gateway.example/api/v1/chat/completions", "responses"), vars: map[string]string{"GW_KEY": editKey}},
	catalog.URLHasQuery:       {files: claudeSettings(claudeTriple("https://gateway.example/api?x=1"))},
	catalog.TripleDrift: {files: map[string]string{ // Claude Code's model is not the one the others use
		".claude/settings.json": `{"env": {` + strings.Replace(claudeTriple("https://gateway.example/api"), `"gpt-4o"`, `"gpt-4o-mini"`, 1) + `}}`,
		".codex/config.toml":    codexConfig("https://gateway.example/api/v1", "responses")[".codex/config.toml"],
		"proj/.env":             "TAOTOKEN_BASE_URL=https://gateway.example/api\nTAOTOKEN_API_KEY=" + editKey + "\nTAOTOKEN_MODEL=gpt-4o\n",
	}, vars: map[string]string{"GW_KEY": editKey}},
	catalog.AuthConflict:  {files: claudeSettings(claudeTriple("https://gateway.example/api") + `, "ANTHROPIC_API_KEY": "sk-test-fedcba9876543210fedc"`)},
	catalog.CodexChatWire: {files: codexConfig("https://gateway.example/api/v1", "chat"), vars: map[string]string{"GW_KEY": editKey}},
	catalog.LoginToGateway: {files: map[string]string{
		".claude/settings.json":     `{"env": {"ANTHROPIC_BASE_URL": "https://gateway.example/api", "ANTHROPIC_MODEL": "gpt-4o"}}`,
		".claude/.credentials.json": `{"claudeAiOauth": {"accessToken": "sk-ant-oat01-test0123456789abcdef", "expiresAt": 4102444800000, "scopes": ["user:inference"]}}`,
	}},
	catalog.AuthTypeUnset: {files: map[string]string{
		".gemini/settings.json": `{"ui": {"theme": "Dracula"}}`,
		".gemini/.env":          "GOOGLE_GEMINI_BASE_URL=https://gateway.example/api\nGEMINI_API_KEY=" + editKey + "\nGEMINI_MODEL=gpt-4o\n",
	}},
	catalog.SecretPerms: {files: claudeSettings(claudeTriple("https://gateway.example/api")), perm: ".claude/settings.json"},
	catalog.SecretInGit: {files: map[string]string{
		"proj/.env":      "TAOTOKEN_BASE_URL=https://gateway.example/api\nTAOTOKEN_API_KEY=" + editKey + "\nTAOTOKEN_MODEL=gpt-4o\n",
		"proj/.git/HEAD": "ref: refs/heads/main\n",
	}},
	catalog.OpenClawModelName: {files: map[string]string{".openclaw/openclaw.json": "{\n  models: {providers: {gw: {baseUrl: 'https://gateway.example/api/v1', apiKey: '" + editKey + "', models: [{id: 'gpt-4o'}]}}},\n  agents: {defaults: {model: {primary: 'gw/gpt-4o'}}},\n}\n"}},
	catalog.PiModelFallback: {files: map[string]string{ // settings.json's model is not declared under the provider
		".pi/agent/models.json":   `{"providers": {"taotoken": {"baseUrl": "https://gateway.example/api/v1", "api": "openai-completions", "apiKey": "` + editKey + `", "models": [{"id": "gpt-4o-mini"}]}}}`,
		".pi/agent/settings.json": `{"defaultProvider": "taotoken", "defaultModel": "gpt-4o"}`,
	}},
	catalog.ConfigIgnored: {files: map[string]string{ // a guide's cline.mcpServers in VS Code's settings
		".config/Code/User/settings.json": "{\n  // mine\n  \"editor.tabSize\": 2,\n  \"cline.mcpServers\": {\"fs\": {\"command\": \"npx\", \"args\": [\"-y\", \"fs-mcp\"]}}\n}\n"}},
	catalog.ConfigInvalid: {files: map[string]string{".cline/data/settings/providers.json": `{"version": 1, "lastUsedProvider": "openai-compatible", "providers": {"openai-compatible": {"settings": {"provider": "openai-compatible", "apiKey": "` + editKey + `", "model": "gpt-4o", "baseUrl": "https://gateway.example/api/v1"}}}}`}},
}

// Every code the catalog declares FileFix is raised by a check that
// proposes the edit fixing it, naming the finding's own file: if a check
// stops proposing it, `doctor --fix` would silently leave the finding as a
// step. And no check proposes an edit for a code that is not FileFix.
func TestFileFixCodesProposeEdits(t *testing.T) {
	for _, en := range catalog.All() {
		if _, ok := fileFixCases[en.Code]; en.FileFix && !ok && en.Code != catalog.ModelNotFound {
			t.Errorf("%s is FileFix but no case here raises it", en.Code)
		}
	}
	for code, tt := range fileFixCases {
		t.Run(string(code), func(t *testing.T) {
			if !catalog.Of(code).FileFix {
				t.Fatalf("%s is not FileFix in the catalog", code)
			}
			if tt.perm != "" && runtime.GOOS == "windows" {
				t.Skip("no file modes on Windows")
			}
			e, dir := envtest.Home(t, tt.files, tt.vars)
			if tt.perm != "" {
				if err := os.Chmod(filepath.Join(dir, tt.perm), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			s := discover.Discover(e, discover.Options{Project: filepath.Join(dir, "proj")})
			notIgnored := func(_ context.Context, _ string, args ...string) (string, int, error) {
				if args[0] == "check-ignore" {
					return "", 1, nil
				}
				return "", 0, nil // ls-files: not tracked
			}
			refuse := func(context.Context, string, string) (net.Conn, error) { return nil, errors.New("connection refused") }
			o := checks.Options{Snapshot: s, Git: notIgnored, Dial: refuse,
				Profile: gateway.Profile{BaseURL: "https://gateway.example/api", Key: editKey, Model: "gpt-4o"}}
			var found bool
			for _, c := range checks.Offline(o) {
				for _, f := range c.Run(context.Background(), e) {
					if f.Edit != nil && !catalog.Of(f.Code).FileFix {
						t.Errorf("%s proposes an edit for %s, which is not FileFix", c.Name(), f.Code)
					}
					if f.Code != code || f.Edit == nil {
						continue
					}
					found = true
					if f.At.File == "" || f.Source != f.At.Display(e) {
						t.Errorf("%s: At %+v, Source %q: not derived from the place", code, f.At, f.Source)
					}
					if f.Edit.Kind == writers.EditTriple && (f.Edit.Path != f.At.File || f.Edit.Tool != f.Tool) {
						t.Errorf("%s: edit %+v is not of the finding's tool %s and file %s", code, f.Edit, f.Tool, f.At.File)
					}
				}
			}
			if !found {
				t.Errorf("no finding of %s proposes an edit", code)
			}
		})
	}
}
