package vscode_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/internal/gateway"
	_ "github.com/keydoctor/keydoctor/internal/tool/all"
	"github.com/keydoctor/keydoctor/internal/tool/vscode"
	"github.com/keydoctor/keydoctor/writers"
	"github.com/keydoctor/keydoctor/writers/writerstest"
)

// settings is a VS Code settings.json holding cline.mcpServers (the
// writers tests have the same fixture).
const settings = `// VS Code settings
{
    "editor.fontSize": 14, // big
    /* Cline MCP, as a blog said */
    "cline.mcpServers": {
        "github": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-github"],},
    },
    "files.exclude": {
        "**/.git": true,
    },
}
`

func TestVSCodeMisplacedMCP(t *testing.T) {
	o := writerstest.Options(t)
	ed := vscode.Editors(o.Env)[0]
	writerstest.WriteFile(t, ed.VSCodeSettings(), settings, 0o644)

	// Without the flag: nothing moves, a note says how.
	p := writerstest.PlanOne(t, o, vscode.ID)
	if len(p.Pending()) != 0 || len(p.Changes) != 1 || !strings.Contains(p.Changes[0].Notes[0], "--fix-vscode-mcp") {
		t.Fatalf("changes %d pending %d notes %q", len(p.Changes), len(p.Pending()), p.Changes[0].Notes)
	}

	o.ToolOptions = map[string]string{"fix-vscode-mcp": "true"}
	writerstest.Apply(t, o, writerstest.PlanOne(t, o, vscode.ID))
	want := `// VS Code settings
{
    "editor.fontSize": 14, // big
    "files.exclude": {
        "**/.git": true,
    },
}
`
	if got := writerstest.ReadString(t, ed.VSCodeSettings()); got != want {
		t.Errorf("settings.json:\n%s\nwant\n%s", got, want)
	}
	var mcp struct{ McpServers map[string]map[string]any }
	if err := json.Unmarshal([]byte(writerstest.ReadString(t, ed.ClineMCP())), &mcp); err != nil {
		t.Fatal(err)
	}
	if mcp.McpServers["github"]["command"] != "npx" {
		t.Errorf("moved server: %v", mcp.McpServers)
	}
}

func TestVSCodeSettingsInvalidJSONC(t *testing.T) {
	o := writerstest.Options(t)
	ed := vscode.Editors(o.Env)[0]
	writerstest.WriteFile(t, ed.VSCodeSettings(), "{\n  \"a\": 1\n  \"cline.mcpServers\": {}\n}", 0o644)
	if _, err := writers.MakePlan(o, []gateway.ToolID{vscode.ID}); err != nil {
		t.Errorf("without --fix-vscode-mcp a broken settings.json is not ours to refuse: %v", err)
	}
	o.ToolOptions = map[string]string{"fix-vscode-mcp": "true"}
	_, err := writers.MakePlan(o, []gateway.ToolID{vscode.ID})
	if err == nil || !strings.Contains(err.Error(), "line 3, column 3") {
		t.Errorf("err = %v", err)
	}
}
