package writers

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/tool"
)

func TestClineProvidersNewFile(t *testing.T) {
	o := testOptions(t)
	p := planOne(t, o, gateway.Cline)
	if len(p.Changes) != 1 {
		t.Fatalf("planned %d files; no MCP file exists, so only providers.json", len(p.Changes))
	}
	apply(t, o, p)
	path := tool.ClineProvidersFile(o.Env)
	want := `{
  "version": 1,
  "lastUsedProvider": "openai-compatible",
  "modes": {},
  "providers": {
    "openai-compatible": {
      "settings": {
        "provider": "openai-compatible",
        "apiKey": "` + testKey + `",
        "model": "gpt-4o",
        "baseUrl": "https://taotoken.net/api/v1"
      },
      "tokenSource": "manual",
      "updatedAt": "2026-11-29T21:35:09.883Z"
    }
  }
}
`
	if got := readString(t, path); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	for _, c := range []struct {
		path string
		mode os.FileMode
	}{{path, 0o600}, {filepath.Dir(path), 0o700}} {
		fi, err := os.Stat(c.path)
		if err != nil || !noModes && fi.Mode().Perm() != c.mode {
			t.Errorf("%s: mode %v, want %04o", c.path, fi.Mode().Perm(), c.mode)
		}
	}
}

func TestClineProvidersKeepsOthersAndUpdatedAt(t *testing.T) {
	o := testOptions(t)
	path := tool.ClineProvidersFile(o.Env)
	in := `{"version":1,"lastUsedProvider":"anthropic","modes":{"plan":{"provider":"anthropic"}},"providers":{"anthropic":{"settings":{"provider":"anthropic","apiKey":"sk-ant-api03-aaaaaaaaaaaaaaaa","model":"claude-sonnet-4"},"updatedAt":"2026-01-01T00:00:00.000Z","tokenSource":"manual"},"openai-compatible":{"settings":{"provider":"openai-compatible","apiKey":"` + testKey + `","model":"gpt-4o","baseUrl":"https://taotoken.net/api/v1","headers":{"X-Team":"a"}},"updatedAt":"2026-02-02T00:00:00.000Z","tokenSource":"manual"}}}`
	writeFile(t, path, in, 0o600)
	p := planOne(t, o, gateway.Cline)
	d := diffOf(p)
	noKey(t, d)
	if strings.Contains(d, "sk-ant-api03-aaaaaaaaaaaaaaaa") {
		t.Errorf("another provider's key shown:\n%s", d)
	}
	apply(t, o, p)
	got := readString(t, path)
	// Same triple: only lastUsedProvider changes; updatedAt stays.
	want := strings.Replace(in, `"lastUsedProvider":"anthropic"`, `"lastUsedProvider":"openai-compatible"`, 1)
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	// A new model changes the entry, so updatedAt moves.
	o.Profile.Model = "gpt-4.1"
	o.Env.Now = func() time.Time { return time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC) }
	apply(t, o, planOne(t, o, gateway.Cline))
	var doc struct {
		Providers map[string]struct {
			Settings  map[string]any
			UpdatedAt string
		}
	}
	if err := json.Unmarshal([]byte(readString(t, path)), &doc); err != nil {
		t.Fatal(err)
	}
	oc := doc.Providers["openai-compatible"]
	if oc.UpdatedAt != "2026-12-01T00:00:00.000Z" || oc.Settings["model"] != "gpt-4.1" || oc.Settings["headers"] == nil {
		t.Errorf("entry = %+v", oc)
	}
	if doc.Providers["anthropic"].UpdatedAt != "2026-01-01T00:00:00.000Z" {
		t.Error("another provider changed")
	}
}

func TestClineWarnsEntryWithoutUpdatedAt(t *testing.T) {
	o := testOptions(t)
	writeFile(t, tool.ClineProvidersFile(o.Env), `{"providers":{"x":{"settings":{}}}}`, 0o600)
	p := planOne(t, o, gateway.Cline)
	if !strings.Contains(strings.Join(p.Changes[0].Notes, "\n"), `provider "x" has no updatedAt`) {
		t.Errorf("notes %q", p.Changes[0].Notes)
	}
}

func TestClineMCP(t *testing.T) {
	o := testOptions(t)
	cliMCP := tool.ClineCLIMCP(o.Env)
	writeFile(t, cliMCP, "{\n  \"mcpServers\": {\n    \"taotoken\": {\n      \"command\": \"node\",\n      \"args\": [\"server.js\"],\n      \"env\": {\"MODEL\": \"old\", \"OTHER\": \"1\"},\n      \"disabled\": false\n    }\n  }\n}\n", 0o600)
	ed := tool.Editors(o.Env)[0]
	writeFile(t, ed.ClineMCP(), `{"mcpServers": {"fs": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem"]}}}`, 0o644)
	o.MCPCommand = []string{"npx", "-y", "example-gateway-mcp"}
	p, err := MakePlan(o, []gateway.ToolID{gateway.Cline, gateway.VSCode})
	if err != nil {
		t.Fatal(err)
	}
	noKey(t, diffOf(p))
	apply(t, o, p)
	got := readString(t, cliMCP)
	want := "{\n  \"mcpServers\": {\n    \"taotoken\": {\n      \"command\": \"node\",\n      \"args\": [\"server.js\"],\n      \"env\": {\"MODEL\": \"gpt-4o\", \"OTHER\": \"1\", \"BASE_URL\": \"https://taotoken.net/api\", \"API_KEY\": \"" + testKey + "\"},\n      \"disabled\": false\n    }\n  }\n}\n"
	if got != want {
		t.Errorf("cli MCP:\n%s\nwant\n%s", got, want)
	}
	got = readString(t, ed.ClineMCP())
	want = `{"mcpServers": {"fs": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem"]}, "taotoken": {"command":"npx","args":["-y","example-gateway-mcp"],"env":{"BASE_URL":"https://taotoken.net/api","API_KEY":"` + testKey + `","MODEL":"gpt-4o"}}}}`
	if got != want {
		t.Errorf("editor MCP:\n%s\nwant\n%s", got, want)
	}
	if fi, _ := os.Stat(ed.ClineMCP()); !noModes && fi.Mode().Perm() != 0o600 {
		t.Errorf("editor MCP mode %v: it holds a key now", fi.Mode().Perm())
	}
}

const vscodeSettings = `// VS Code settings
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
	o := testOptions(t)
	ed := tool.Editors(o.Env)[0]
	writeFile(t, ed.VSCodeSettings(), vscodeSettings, 0o644)

	// Without the flag: nothing moves, a note says how.
	p := planOne(t, o, gateway.VSCode)
	if len(p.Pending()) != 0 || len(p.Changes) != 1 || !strings.Contains(p.Changes[0].Notes[0], "--fix-vscode-mcp") {
		t.Fatalf("changes %d pending %d notes %q", len(p.Changes), len(p.Pending()), p.Changes[0].Notes)
	}

	o.FixVSCodeMCP = true
	apply(t, o, planOne(t, o, gateway.VSCode))
	want := `// VS Code settings
{
    "editor.fontSize": 14, // big
    "files.exclude": {
        "**/.git": true,
    },
}
`
	if got := readString(t, ed.VSCodeSettings()); got != want {
		t.Errorf("settings.json:\n%s\nwant\n%s", got, want)
	}
	var mcp struct{ McpServers map[string]map[string]any }
	if err := json.Unmarshal([]byte(readString(t, ed.ClineMCP())), &mcp); err != nil {
		t.Fatal(err)
	}
	if mcp.McpServers["github"]["command"] != "npx" {
		t.Errorf("moved server: %v", mcp.McpServers)
	}
}

func TestVSCodeSettingsInvalidJSONC(t *testing.T) {
	o := testOptions(t)
	ed := tool.Editors(o.Env)[0]
	writeFile(t, ed.VSCodeSettings(), "{\n  \"a\": 1\n  \"cline.mcpServers\": {}\n}", 0o644)
	if _, err := MakePlan(o, []gateway.ToolID{gateway.VSCode}); err != nil {
		t.Errorf("without --fix-vscode-mcp a broken settings.json is not ours to refuse: %v", err)
	}
	o.FixVSCodeMCP = true
	_, err := MakePlan(o, []gateway.ToolID{gateway.VSCode})
	if err == nil || !strings.Contains(err.Error(), "line 3, column 3") {
		t.Errorf("err = %v", err)
	}
}
