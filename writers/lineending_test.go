package writers

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/internal/format/eol"
	"github.com/keydoctor/keydoctor/internal/gateway"
)

// TestWritersFollowCRLF: a file with CRLF line endings gets the same edit
// as its LF twin, with CRLF line endings: crlf(edit(x)) == edit(crlf(x)).
// No bare LF may appear in it.
func TestWritersFollowCRLF(t *testing.T) {
	type fixture struct {
		path    func(o Options) string
		content string
	}
	claude := func(o Options) string { return pathOf(t, o, "claude", "user") }
	vscode := func(o Options) string { return pathOf(t, o, "vscode", "Code settings") }
	tests := []struct {
		name  string
		tools []gateway.ToolID
		files []fixture
	}{
		{"claude settings", []gateway.ToolID{gateway.ToolID("claude")}, []fixture{{claude, claudeSettingsWithHooks}}},
		{"claude empty object on lines", []gateway.ToolID{gateway.ToolID("claude")}, []fixture{{claude, "{\n}\n"}}},
		{"claude env without our keys", []gateway.ToolID{gateway.ToolID("claude")}, []fixture{{claude, "{\n  \"env\": {\n    \"FOO\": \"1\"\n  },\n  \"model\": \"opus\"\n}\n"}}},
		{"codex config and auth", []gateway.ToolID{gateway.ToolID("codex")}, []fixture{
			{func(o Options) string { return pathOf(t, o, "codex", "config") }, codexConfigRealLooking},
			{func(o Options) string { return pathOf(t, o, "codex", "auth") }, "{\n  \"OPENAI_API_KEY\": null,\n  \"last_refresh\": \"x\"\n}\n"},
		}},
		{"codex config without our table", []gateway.ToolID{gateway.ToolID("codex")}, []fixture{
			{func(o Options) string { return pathOf(t, o, "codex", "config") }, "# mine\nmodel = \"o3\"\n\n[features]\nweb_search = true\n"},
		}},
		{"cline providers", []gateway.ToolID{gateway.ToolID("cline")}, []fixture{
			{func(o Options) string { return pathOf(t, o, "cline", "providers") }, "{\n  \"version\": 1,\n  \"providers\": {\n    \"anthropic\": {\n      \"settings\": {\"provider\": \"anthropic\"},\n      \"updatedAt\": \"2026-01-01T00:00:00.000Z\"\n    }\n  }\n}\n"},
		}},
		{".env and .gitignore", []gateway.ToolID{gateway.ToolID("env")}, []fixture{
			{func(o Options) string { return pathOf(t, o, "env", "env") }, "# app\nPORT=8080\nTAOTOKEN_MODEL=old\n"},
			{func(o Options) string { return filepath.Join(o.Project, ".gitignore") }, "node_modules/\ndist\n"},
			{func(o Options) string { return filepath.Join(o.Project, ".git", "HEAD") }, "ref: refs/heads/main\n"},
		}},
		{"vscode settings with comments", []gateway.ToolID{gateway.ToolID("vscode")}, []fixture{{vscode, vscodeSettings}}},
		{"vscode settings same-line comment", []gateway.ToolID{gateway.ToolID("vscode")}, []fixture{
			{vscode, "{\n  \"cline.mcpServers\": {\"a\": {\"command\": \"x\"}},\n  \"editor.fontSize\": 14 // big\n}\n"},
			{func(o Options) string { return pathOf(t, o, "vscode", "Code mcp") }, "{\n  \"mcpServers\": {\n    \"fs\": {\"command\": \"npx\"}\n  }\n}\n"},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			edit := func(crlf bool) map[string]string {
				o := testOptions(t)
				o.ToolOptions = map[string]string{"fix-vscode-mcp": "true"}
				for _, f := range tt.files {
					c := f.content
					if crlf {
						c = strings.ReplaceAll(c, "\n", "\r\n")
					}
					writeFile(t, f.path(o), c, 0o600)
				}
				apply(t, o, mustPlan(t, o, tt.tools))
				out := map[string]string{}
				for i, f := range tt.files {
					out[string(rune('a'+i))] = readString(t, f.path(o))
				}
				return out
			}
			lf, crlf := edit(false), edit(true)
			for i, f := range tt.files {
				k := string(rune('a' + i))
				if lf[k] == f.content && !strings.HasSuffix(f.content, "main\n") {
					t.Errorf("file %s was not edited: the test proves nothing", k)
				}
				if want := strings.ReplaceAll(lf[k], "\n", "\r\n"); crlf[k] != want {
					t.Errorf("file %s:\n got %q\nwant %q", k, crlf[k], want)
				}
				if eol.HasBareLF([]byte(crlf[k])) {
					t.Errorf("file %s has a bare LF: %q", k, crlf[k])
				}
			}
		})
	}
}

func mustPlan(t *testing.T, o Options, tools []gateway.ToolID) *Plan {
	t.Helper()
	p, err := MakePlan(o, tools)
	if err != nil {
		t.Fatalf("plan: %v", err)
	}
	return p
}
