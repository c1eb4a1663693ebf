package claude_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/internal/gateway"
	_ "github.com/keydoctor/keydoctor/internal/tool/all"
	"github.com/keydoctor/keydoctor/internal/tool/claude"
	"github.com/keydoctor/keydoctor/writers"
	"github.com/keydoctor/keydoctor/writers/writerstest"
)

// settingsWithHooks is a user settings.json with more than our keys (the
// writers tests have the same fixture).
const settingsWithHooks = `{
    "permissions": {
        "allow": ["Bash(npm run lint)", "Read(~/.zshrc)"],
        "deny": ["Read(./.env)"]
    },
    "hooks": {
        "PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "echo hi"}]}]
    },
    "env": {
        "FOO": "bar",
        "ANTHROPIC_API_KEY": "sk-ant-old-00000000000000000000"
    },
    "model": "opus"
}
`

func TestClaudeWriter(t *testing.T) {
	tests := []struct {
		name, in string
		want     string // exact result; "" to only check values
	}{
		{"missing file", "", "{\n  \"env\": {\n    \"ANTHROPIC_BASE_URL\": \"https://taotoken.net/api\",\n    \"ANTHROPIC_AUTH_TOKEN\": \"" + writerstest.Key + "\",\n    \"ANTHROPIC_MODEL\": \"gpt-4o\"\n  }\n}\n"},
		{"empty object one line", "{}", "{\n  \"env\": {\n    \"ANTHROPIC_BASE_URL\": \"https://taotoken.net/api\",\n    \"ANTHROPIC_AUTH_TOKEN\": \"" + writerstest.Key + "\",\n    \"ANTHROPIC_MODEL\": \"gpt-4o\"\n  }\n}"},
		{"minified", `{"model":"opus"}`, `{"model":"opus","env":{"ANTHROPIC_BASE_URL":"https://taotoken.net/api","ANTHROPIC_AUTH_TOKEN":"` + writerstest.Key + `","ANTHROPIC_MODEL":"gpt-4o"}}`},
		{"hooks and permissions, stale api key", settingsWithHooks, strings.Replace(settingsWithHooks,
			`        "FOO": "bar",
        "ANTHROPIC_API_KEY": "sk-ant-old-00000000000000000000"
`, `        "FOO": "bar",
        "ANTHROPIC_BASE_URL": "https://taotoken.net/api",
        "ANTHROPIC_AUTH_TOKEN": "`+writerstest.Key+`",
        "ANTHROPIC_MODEL": "gpt-4o"
`, 1)},
		{"crlf and bom", "\ufeff{\r\n  \"env\": {\r\n    \"ANTHROPIC_MODEL\": \"old\"\r\n  }\r\n}\r\n", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o := writerstest.Options(t)
			path := claude.Settings(o.Env, claude.User, "")
			if tt.in != "" {
				writerstest.WriteFile(t, path, tt.in, 0o600)
			}
			p := writerstest.PlanOne(t, o, claude.ID)
			writerstest.NoKey(t, writerstest.Diff(p))
			writerstest.Apply(t, o, p)
			got := writerstest.ReadString(t, path)
			if tt.want != "" && got != tt.want {
				t.Errorf("got\n%s\nwant\n%s", got, tt.want)
			}
			var doc struct{ Env map[string]string }
			if err := json.Unmarshal([]byte(strings.TrimPrefix(got, "\ufeff")), &doc); err != nil {
				t.Fatalf("result is not JSON: %v\n%s", err, got)
			}
			if doc.Env["ANTHROPIC_BASE_URL"] != "https://taotoken.net/api" || doc.Env["ANTHROPIC_AUTH_TOKEN"] != writerstest.Key || doc.Env["ANTHROPIC_MODEL"] != "gpt-4o" {
				t.Errorf("env = %v", doc.Env)
			}
			if _, ok := doc.Env["ANTHROPIC_API_KEY"]; ok {
				t.Error("the conflicting ANTHROPIC_API_KEY is still there")
			}
			if strings.HasPrefix(tt.in, "\ufeff") && !strings.HasPrefix(got, "\ufeff{\r\n") {
				t.Errorf("BOM or CRLF lost: %q", got[:8])
			}
			// Idempotent: a second plan has nothing to do.
			if again := writerstest.PlanOne(t, o, claude.ID); len(again.Pending()) != 0 {
				t.Errorf("second run would change:\n%s", writerstest.Diff(again))
			}
		})
	}
}

func TestClaudeStaleAuthInDiff(t *testing.T) {
	o := writerstest.Options(t)
	path := claude.Settings(o.Env, claude.User, "")
	writerstest.WriteFile(t, path, settingsWithHooks, 0o644)
	p := writerstest.PlanOne(t, o, claude.ID)
	d := writerstest.Diff(p)
	writerstest.NoKey(t, d)
	if strings.Contains(d, "sk-ant-old-00000000000000000000") {
		t.Errorf("the old key is shown in full:\n%s", d)
	}
	if !strings.Contains(d, `-        "ANTHROPIC_API_KEY": "sk-a****0000"`) {
		t.Errorf("the removed variable is not in the diff:\n%s", d)
	}
	c := p.Pending()[0]
	if writerstest.NoModes {
		// Nothing to tighten: the 0666 Go shows there says nothing of others.
		if c.Mode != c.OldMode || strings.Contains(strings.Join(c.Notes, "\n"), "mode tightened") {
			t.Errorf("mode %04o -> %04o notes %q", c.OldMode, c.Mode, c.Notes)
		}
	} else if c.Mode != 0o600 || !strings.Contains(strings.Join(c.Notes, "\n"), "mode tightened") {
		t.Errorf("mode %04o notes %q", c.Mode, c.Notes)
	}
}

func TestClaudeAPIKeyAuthAndBackground(t *testing.T) {
	o := writerstest.Options(t)
	o.ToolOptions = map[string]string{"claude-auth": "api-key"}
	o.Profile.BackgroundModel = "gpt-4o-mini"
	path := claude.Settings(o.Env, claude.Local, o.Project)
	o.Scope = string(claude.Local)
	writerstest.WriteFile(t, path, `{"env": {"ANTHROPIC_AUTH_TOKEN": "sk-old-111111111111111111"}}`, 0o600)
	writerstest.Apply(t, o, writerstest.PlanOne(t, o, claude.ID))
	got := writerstest.ReadString(t, path)
	want := `{"env": {"ANTHROPIC_BASE_URL": "https://taotoken.net/api", "ANTHROPIC_API_KEY": "` + writerstest.Key + `", "ANTHROPIC_MODEL": "gpt-4o", "ANTHROPIC_DEFAULT_HAIKU_MODEL": "gpt-4o-mini"}}`
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

func TestClaudeRefusals(t *testing.T) {
	tests := []struct {
		name, in  string
		line, col int
		reason    string
	}{
		{"malformed", "{\n  \"env\": {\n    \"A\": \"1\",\n  }\n}\n", 4, 3, "invalid character"},
		{"duplicate keys", "{\n  \"env\": {},\n  \"env\": {}\n}\n", 3, 3, `duplicate key "env"`},
		{"top-level array", "[\n  {}\n]\n", 1, 1, "an array, not an object"},
		{"env not an object", "{\n  \"env\": [\"A=1\"]\n}\n", 2, 10, `"env" is an array, not an object`},
		{"env a string", "{\"env\": \"A=1\"}", 1, 9, `"env" is a string`},
		// hujson's parser recurses once per level: this overflowed the stack.
		{"nested 1,000,000 deep", `{"a":` + strings.Repeat("[", 1e6) + strings.Repeat("]", 1e6) + "}", 1, 10005, "nested more than the maximum of 10000 levels deep"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o := writerstest.Options(t)
			path := claude.Settings(o.Env, claude.User, "")
			writerstest.WriteFile(t, path, tt.in, 0o600)
			_, err := writers.MakePlan(o, []gateway.ToolID{claude.ID})
			var re *writers.RefusedError
			if !errors.As(err, &re) {
				t.Fatalf("err = %v, want a refusal", err)
			}
			if re.Path != path || re.Line != tt.line || re.Col != tt.col || !strings.Contains(re.Reason, tt.reason) {
				t.Errorf("got %s:%d:%d %q, want %d:%d %q", re.Path, re.Line, re.Col, re.Reason, tt.line, tt.col, tt.reason)
			}
			if got := writerstest.ReadString(t, path); got != tt.in {
				t.Error("the file was changed")
			}
		})
	}
}

func TestClaudeNotesRejectedKey(t *testing.T) {
	o := writerstest.Options(t)
	o.ToolOptions = map[string]string{"claude-auth": "api-key"}
	writerstest.WriteFile(t, claude.StateFile(o.Env), `{"customApiKeyResponses": {"approved": [], "rejected": ["`+writerstest.Key[len(writerstest.Key)-20:]+`"]}}`, 0o600)
	p := writerstest.PlanOne(t, o, claude.ID)
	if !strings.Contains(strings.Join(p.Changes[0].Notes, "\n"), "customApiKeyResponses.rejected") {
		t.Errorf("notes %q", p.Changes[0].Notes)
	}
	writerstest.NoKey(t, strings.Join(p.Changes[0].Notes, "\n"))
}
