package vscode_test

import (
	"path/filepath"
	"testing"

	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env/envtest"
	_ "github.com/keydoctor/keydoctor/internal/tool/all"
	"github.com/keydoctor/keydoctor/internal/tool/cline"
	"github.com/keydoctor/keydoctor/internal/tool/vscode"
)

const testKey = "sk-test-0123456789abcdef0123"

// Each editor's Cline MCP server that carries a gateway triple is a tool
// instance, placed at the server's env keys; a "cline.mcpServers" key in
// settings.json (which nothing reads) is noted with its line.
func TestResolveEditorMCP(t *testing.T) {
	e, dir := envtest.Home(t, map[string]string{
		".config/Code/User/settings.json": "{\n  // mine\n  \"cline.mcpServers\": {}\n}\n",
		".config/Code/User/globalStorage/saoudrizwan.claude-dev/settings/cline_mcp_settings.json": `{"mcpServers": {"gw": {"command": "x",
  "env": {"TAOTOKEN_BASE_URL": "https://gw.example/api", "TAOTOKEN_API_KEY": "` + testKey + `"}}}}`,
	}, nil)
	s := discover.Discover(e, discover.Options{Project: dir})
	var code *vscode.Settings
	for i, ed := range vscode.StateOf(s) {
		if ed.SettingsPath == filepath.Join(dir, ".config/Code/User/settings.json") {
			code = &vscode.StateOf(s)[i]
		}
	}
	if code == nil || code.ClineMCPServers != 3 || len(code.MCPServers) != 1 {
		t.Fatalf("VS Code = %+v", code)
	}
	v, ok := s.Tool("vscode")
	if !ok || !v.MCP || v.Base.Value != "https://gw.example/api" || v.Key.Value != testKey || v.Key.Source.Line != 2 {
		t.Fatalf("vscode = %+v (%v)", v, ok)
	}
	if want := cline.MCPServers + ".gw.env.TAOTOKEN_API_KEY"; v.Places.Key.Key != want || v.Places.Key.File != code.MCPPath {
		t.Errorf("key place = %+v, want %s in %s", v.Places.Key, want, code.MCPPath)
	}
}

// Once doctor detected the extension's version (AtVersion), each editor's
// state names the MCP file that version reads: 4.x the shared one.
func TestMCPReadByVersion(t *testing.T) {
	e, dir := envtest.Home(t, map[string]string{".config/Code/User/settings.json": "{}"}, nil)
	for _, tt := range []struct{ version, want string }{
		{"", vscode.Editors(e)[0].ClineMCP()},
		{"3.89.2", vscode.Editors(e)[0].ClineMCP()},
		{"4.1.13", cline.CLIMCP(e)},
	} {
		s := discover.Discover(e, discover.Options{Project: dir})
		if tt.version != "" {
			vscode.Tool.Impl.(discover.Versioner).AtVersion(s, nil, tt.version)
		}
		if got := vscode.StateOf(s)[0].MCPRead(e); got != tt.want {
			t.Errorf("%q: MCPRead = %s, want %s", tt.version, got, tt.want)
		}
	}
}
