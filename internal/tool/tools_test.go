package tool_test

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	tools "github.com/keydoctor/keydoctor/internal/tool"
	_ "github.com/keydoctor/keydoctor/internal/tool/all"
	"github.com/keydoctor/keydoctor/internal/tool/anthropic"
	"github.com/keydoctor/keydoctor/internal/tool/claude"
	"github.com/keydoctor/keydoctor/internal/tool/cline"
	"github.com/keydoctor/keydoctor/internal/tool/codex"
	"github.com/keydoctor/keydoctor/internal/tool/dotenv"
	"github.com/keydoctor/keydoctor/internal/tool/openai"
	"github.com/keydoctor/keydoctor/internal/tool/vscode"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
)

func TestPathsHonourHomesAndVariables(t *testing.T) {
	e := env.FromMap(map[string]string{"HOME": "/h"})
	e.GOOS = "linux"
	want := map[string]string{
		claude.Settings(e, claude.User, "/p"):    "/h/.claude/settings.json",
		claude.Settings(e, claude.Project, "/p"): "/p/.claude/settings.json",
		claude.Settings(e, claude.Local, "/p"):   "/p/.claude/settings.local.json",
		claude.StateFile(e):                      "/h/.claude.json",
		codex.Config(e):                          "/h/.codex/config.toml",
		codex.Auth(e):                            "/h/.codex/auth.json",
		cline.ProvidersFile(e):                   "/h/.cline/data/settings/providers.json",
		cline.CLIMCP(e):                          "/h/.cline/data/settings/cline_mcp_settings.json",
		dotenv.File("/p"):                        "/p/.env",
	}
	for got, w := range want {
		if got != filepath.FromSlash(w) {
			t.Errorf("got %q, want %q", got, w)
		}
	}
	e = env.FromMap(map[string]string{"HOME": "/h", "CLAUDE_CONFIG_DIR": "/cc", "CODEX_HOME": "/cx", "CLINE_DIR": "/cl"})
	for got, w := range map[string]string{
		claude.Settings(e, claude.User, "."): "/cc/settings.json",
		claude.StateFile(e):                  "/cc/.claude.json",
		codex.Config(e):                      "/cx/config.toml",
		cline.ProvidersFile(e):               "/cl/data/settings/providers.json",
	} {
		if got != filepath.FromSlash(w) {
			t.Errorf("got %q, want %q", got, w)
		}
	}
}

// The managed settings are at a fixed path per OS, whatever the home; on
// Windows at C:\Program Files\ClaudeCode since Claude Code 2.1.2, which
// deprecated C:\ProgramData\ClaudeCode (no longer read from 2.1.75).
func TestClaudeManagedSettingsPerOS(t *testing.T) {
	for goos, want := range map[string]string{
		"linux":   "/etc/claude-code/managed-settings.json",
		"darwin":  "/Library/Application Support/ClaudeCode/managed-settings.json",
		"windows": `C:\Program Files\ClaudeCode\managed-settings.json`,
	} {
		e := env.FromMap(map[string]string{"HOME": "/h"})
		e.GOOS = goos
		if got := claude.ManagedSettings(e); got != want {
			t.Errorf("%s: %q, want %q", goos, got, want)
		}
	}
}

func TestEditorsPerOS(t *testing.T) {
	for goos, first := range map[string]string{
		"linux":   "/h/.config/Code/User",
		"darwin":  "/h/Library/Application Support/Code/User",
		"windows": "/appdata/Code/User",
	} {
		e := env.FromMap(map[string]string{"HOME": "/h", "APPDATA": "/appdata"})
		e.GOOS = goos
		eds := vscode.Editors(e)
		if len(eds) != 5 || eds[0].Dir != filepath.FromSlash(first) {
			t.Errorf("%s: editors = %+v", goos, eds)
		}
		mcp := eds[0].ClineMCP()
		if filepath.Base(mcp) != "cline_mcp_settings.json" || filepath.Base(filepath.Dir(filepath.Dir(mcp))) != "saoudrizwan.claude-dev" {
			t.Errorf("%s: Cline MCP file %q", goos, mcp)
		}
	}
}

// TestToolURLs is the URL rule of every tool (docs/tools.md) applied to one root.
func TestToolURLs(t *testing.T) {
	const root = "https://taotoken.net/api"
	want := map[gateway.ToolID][2]string{
		claude.ID:    {"https://taotoken.net/api", "https://taotoken.net/api/v1/messages"},
		codex.ID:     {"https://taotoken.net/api/v1", "https://taotoken.net/api/v1/responses"},
		cline.ID:     {"https://taotoken.net/api/v1", "https://taotoken.net/api/v1/chat/completions"},
		dotenv.ID:    {"https://taotoken.net/api", "https://taotoken.net/api/v1/chat/completions"},
		openai.ID:    {"https://taotoken.net/api/v1", "https://taotoken.net/api/v1/chat/completions"},
		anthropic.ID: {"https://taotoken.net/api", "https://taotoken.net/api/v1/messages"},
	}
	for id, w := range want {
		tool, ok := tools.Lookup(string(id))
		if !ok {
			t.Fatalf("no tool %s", id)
		}
		if got := tool.Base(root); got != w[0] {
			t.Errorf("%s base = %q, want %q", id, got, w[0])
		}
		if got := tool.RequestURL(root); got != w[1] {
			t.Errorf("%s request URL = %q, want %q", id, got, w[1])
		}
		// What the tool requests when given its own base is what we want.
		if got := tool.WillRequest(tool.Base(root)); got != w[1] {
			t.Errorf("%s will request %q given its base, want %q", id, got, w[1])
		}
	}
}

func TestDiagnosePerTool(t *testing.T) {
	tests := []struct {
		tool, base, code string
	}{
		{"claude", "https://taotoken.net/api", ""},
		{"claude", "https://taotoken.net/api/v1", "url-double-version"},
		{"claude", "https://taotoken.net/api/v1/v1", "url-double-version"},
		{"codex", "https://taotoken.net/api/v1", ""},
		{"codex", "https://taotoken.net/api", "url-missing-version"},
		{"codex", "https://taotoken.net/api/v1/v1", "url-double-version"},
		{"cline", "https://taotoken.net/api", "url-missing-version"},
		{"cline", "https://taotoken.net/api/v1/chat/completions", "url-has-endpoint"},
		{"openai", "https://taotoken.net/api/v1?x=1", "url-has-query"},
		{"anthropic", "https://taotoken.net/api/v1", "url-double-version"},
		{"claude", "not a url", "url-invalid"},
		{"claude", "http://gw.example.com/api", "url-insecure"},
	}
	for _, tt := range tests {
		tool, _ := tools.Lookup(tt.tool)
		_, notes := tool.Diagnose(tt.base)
		got := ""
		if len(notes) > 0 {
			got = string(notes[0].Code)
		}
		if got != tt.code {
			t.Errorf("%s %q: first note %q (%v), want %q", tt.tool, tt.base, got, notes, tt.code)
		}
	}
	claude, _ := tools.Lookup("claude")
	_, notes := claude.Diagnose("https://taotoken.net/api/v1")
	if !strings.Contains(notes[0].Message, "/v1/v1/messages") {
		t.Errorf("the message should say what Claude Code will request: %q", notes[0].Message)
	}
}

func TestParseSetup(t *testing.T) {
	got, err := tools.ParseSetup("claude, codex,claude,env")
	if err != nil || !slices.Equal(got, []gateway.ToolID{claude.ID, codex.ID, dotenv.ID}) {
		t.Fatalf("ParseSetup = %v, %v", got, err)
	}
	ids := tools.SetupIDs() // every tool setup writes, in display order
	want := `unknown tool "vim" (want ` + strings.Join(ids[:len(ids)-1], ", ") + " or " + ids[len(ids)-1] + ")"
	if !strings.HasPrefix(want, `unknown tool "vim" (want claude, codex, cline, vscode, qwen, opencode, env, gemini`) {
		t.Errorf("setup's tools: %v", ids)
	}
	if _, err := tools.ParseSetup("claude,vim"); err == nil || err.Error() != want {
		t.Errorf("an unknown tool should be named: %v", err)
	}
	if _, err := tools.ParseSetup("openai"); err == nil {
		t.Errorf("openai is not a setup target")
	}
}

// One list of Codex's built-in provider ids, with what each stands for.
func TestCodexReserved(t *testing.T) {
	for _, id := range []string{"openai", "ollama", "lmstudio"} {
		if _, ok := codex.ReservedID(id); !ok {
			t.Errorf("%s is built into Codex", id)
		}
	}
	if b, _ := codex.ReservedID("ollama"); !b.NoKey || b.Base != "http://localhost:11434/v1" {
		t.Errorf("ollama = %+v", b)
	}
	if _, ok := codex.ReservedID("taotoken"); ok {
		t.Error("taotoken is not built in")
	}
	if got := codex.BaseOverride("openai"); got != "openai_base_url" {
		t.Errorf("override of openai = %q", got)
	}
	if got := codex.BaseOverride("tt"); got != "model_providers.tt.base_url" {
		t.Errorf("override of tt = %q", got)
	}
}

// Register adds a tool to the one list and takes it away again.
func TestRegister(t *testing.T) {
	fake := tools.Tool{Tool: gateway.Tool{ID: "fake", Title: "Fake"}, Setup: true}
	n := len(tools.All())
	remove := tools.Register(fake)
	if _, ok := tools.Lookup("FAKE"); !ok || !strings.HasSuffix(strings.Join(tools.SetupIDs(), ","), ",fake") {
		t.Errorf("fake not registered: %v", tools.SetupIDs())
	}
	remove()
	if _, ok := tools.Lookup("fake"); ok || len(tools.All()) != n {
		t.Errorf("fake still registered: %d tools", len(tools.All()))
	}
}
