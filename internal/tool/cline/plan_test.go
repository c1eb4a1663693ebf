package cline_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/keydoctor/keydoctor/internal/gateway"
	_ "github.com/keydoctor/keydoctor/internal/tool/all"
	"github.com/keydoctor/keydoctor/internal/tool/cline"
	"github.com/keydoctor/keydoctor/internal/tool/vscode"
	"github.com/keydoctor/keydoctor/writers"
	"github.com/keydoctor/keydoctor/writers/writerstest"
)

func TestClineProvidersNewFile(t *testing.T) {
	o := writerstest.Options(t)
	p := writerstest.PlanOne(t, o, cline.ID)
	if len(p.Changes) != 1 {
		t.Fatalf("planned %d files; no MCP file exists, so only providers.json", len(p.Changes))
	}
	writerstest.Apply(t, o, p)
	path := cline.ProvidersFile(o.Env)
	want := `{
  "version": 1,
  "lastUsedProvider": "openai-compatible",
  "modes": {},
  "providers": {
    "openai-compatible": {
      "settings": {
        "provider": "openai-compatible",
        "apiKey": "` + writerstest.Key + `",
        "model": "gpt-4o",
        "baseUrl": "https://taotoken.net/api/v1"
      },
      "tokenSource": "manual",
      "updatedAt": "2026-11-29T21:35:09.883Z"
    }
  }
}
`
	if got := writerstest.ReadString(t, path); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	for _, c := range []struct {
		path string
		mode os.FileMode
	}{{path, 0o600}, {filepath.Dir(path), 0o700}} {
		fi, err := os.Stat(c.path)
		if err != nil || !writerstest.NoModes && fi.Mode().Perm() != c.mode {
			t.Errorf("%s: mode %v, want %04o", c.path, fi.Mode().Perm(), c.mode)
		}
	}
}

func TestClineProvidersKeepsOthersAndUpdatedAt(t *testing.T) {
	o := writerstest.Options(t)
	path := cline.ProvidersFile(o.Env)
	in := `{"version":1,"lastUsedProvider":"anthropic","modes":{"plan":{"provider":"anthropic"}},"providers":{"anthropic":{"settings":{"provider":"anthropic","apiKey":"sk-ant-api03-aaaaaaaaaaaaaaaa","model":"claude-sonnet-4"},"updatedAt":"2026-01-01T00:00:00.000Z","tokenSource":"manual"},"openai-compatible":{"settings":{"provider":"openai-compatible","apiKey":"` + writerstest.Key + `","model":"gpt-4o","baseUrl":"https://taotoken.net/api/v1","headers":{"X-Team":"a"}},"updatedAt":"2026-02-02T00:00:00.000Z","tokenSource":"manual"}}}`
	writerstest.WriteFile(t, path, in, 0o600)
	p := writerstest.PlanOne(t, o, cline.ID)
	d := writerstest.Diff(p)
	writerstest.NoKey(t, d)
	if strings.Contains(d, "sk-ant-api03-aaaaaaaaaaaaaaaa") {
		t.Errorf("another provider's key shown:\n%s", d)
	}
	writerstest.Apply(t, o, p)
	got := writerstest.ReadString(t, path)
	// Same triple: only lastUsedProvider changes; updatedAt stays.
	want := strings.Replace(in, `"lastUsedProvider":"anthropic"`, `"lastUsedProvider":"openai-compatible"`, 1)
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	// A new model changes the entry, so updatedAt moves.
	o.Profile.Model = "gpt-4.1"
	o.Env.Now = func() time.Time { return time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC) }
	writerstest.Apply(t, o, writerstest.PlanOne(t, o, cline.ID))
	var doc struct {
		Providers map[string]struct {
			Settings  map[string]any
			UpdatedAt string
		}
	}
	if err := json.Unmarshal([]byte(writerstest.ReadString(t, path)), &doc); err != nil {
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
	o := writerstest.Options(t)
	writerstest.WriteFile(t, cline.ProvidersFile(o.Env), `{"providers":{"x":{"settings":{}}}}`, 0o600)
	p := writerstest.PlanOne(t, o, cline.ID)
	if !strings.Contains(strings.Join(p.Changes[0].Notes, "\n"), `provider "x" has no updatedAt`) {
		t.Errorf("notes %q", p.Changes[0].Notes)
	}
}

func TestClineMCP(t *testing.T) {
	o := writerstest.Options(t)
	cliMCP := cline.CLIMCP(o.Env)
	writerstest.WriteFile(t, cliMCP, "{\n  \"mcpServers\": {\n    \"taotoken\": {\n      \"command\": \"node\",\n      \"args\": [\"server.js\"],\n      \"env\": {\"MODEL\": \"old\", \"OTHER\": \"1\"},\n      \"disabled\": false\n    }\n  }\n}\n", 0o600)
	ed := vscode.Editors(o.Env)[0]
	writerstest.WriteFile(t, ed.ClineMCP(), `{"mcpServers": {"fs": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem"]}}}`, 0o644)
	o.ToolOptions = map[string]string{"mcp-command": "npx -y example-gateway-mcp"}
	p, err := writers.MakePlan(o, []gateway.ToolID{cline.ID, vscode.ID})
	if err != nil {
		t.Fatal(err)
	}
	writerstest.NoKey(t, writerstest.Diff(p))
	writerstest.Apply(t, o, p)
	got := writerstest.ReadString(t, cliMCP)
	want := "{\n  \"mcpServers\": {\n    \"taotoken\": {\n      \"command\": \"node\",\n      \"args\": [\"server.js\"],\n      \"env\": {\"MODEL\": \"gpt-4o\", \"OTHER\": \"1\", \"BASE_URL\": \"https://taotoken.net/api\", \"API_KEY\": \"" + writerstest.Key + "\"},\n      \"disabled\": false\n    }\n  }\n}\n"
	if got != want {
		t.Errorf("cli MCP:\n%s\nwant\n%s", got, want)
	}
	got = writerstest.ReadString(t, ed.ClineMCP())
	want = `{"mcpServers": {"fs": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem"]}, "taotoken": {"command":"npx","args":["-y","example-gateway-mcp"],"env":{"BASE_URL":"https://taotoken.net/api","API_KEY":"` + writerstest.Key + `","MODEL":"gpt-4o"}}}}`
	if got != want {
		t.Errorf("editor MCP:\n%s\nwant\n%s", got, want)
	}
	if fi, _ := os.Stat(ed.ClineMCP()); !writerstest.NoModes && fi.Mode().Perm() != 0o600 {
		t.Errorf("editor MCP mode %v: it holds a key now", fi.Mode().Perm())
	}
}
