package writers

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/testutil"
	"github.com/keydoctor/keydoctor/internal/tool"
)

const claudeSettingsWithHooks = `{
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
		{"missing file", "", "{\n  \"env\": {\n    \"ANTHROPIC_BASE_URL\": \"https://taotoken.net/api\",\n    \"ANTHROPIC_AUTH_TOKEN\": \"" + testKey + "\",\n    \"ANTHROPIC_MODEL\": \"gpt-4o\"\n  }\n}\n"},
		{"empty object one line", "{}", "{\n  \"env\": {\n    \"ANTHROPIC_BASE_URL\": \"https://taotoken.net/api\",\n    \"ANTHROPIC_AUTH_TOKEN\": \"" + testKey + "\",\n    \"ANTHROPIC_MODEL\": \"gpt-4o\"\n  }\n}"},
		{"minified", `{"model":"opus"}`, `{"model":"opus","env":{"ANTHROPIC_BASE_URL":"https://taotoken.net/api","ANTHROPIC_AUTH_TOKEN":"` + testKey + `","ANTHROPIC_MODEL":"gpt-4o"}}`},
		{"hooks and permissions, stale api key", claudeSettingsWithHooks, strings.Replace(claudeSettingsWithHooks,
			`        "FOO": "bar",
        "ANTHROPIC_API_KEY": "sk-ant-old-00000000000000000000"
`, `        "FOO": "bar",
        "ANTHROPIC_BASE_URL": "https://taotoken.net/api",
        "ANTHROPIC_AUTH_TOKEN": "`+testKey+`",
        "ANTHROPIC_MODEL": "gpt-4o"
`, 1)},
		{"crlf and bom", "\ufeff{\r\n  \"env\": {\r\n    \"ANTHROPIC_MODEL\": \"old\"\r\n  }\r\n}\r\n", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o := testOptions(t)
			path := tool.ClaudeSettings(o.Env, tool.ClaudeUser, "")
			if tt.in != "" {
				writeFile(t, path, tt.in, 0o600)
			}
			p := planOne(t, o, gateway.Claude)
			noKey(t, diffOf(p))
			apply(t, o, p)
			got := readString(t, path)
			if tt.want != "" && got != tt.want {
				t.Errorf("got\n%s\nwant\n%s", got, tt.want)
			}
			var doc struct{ Env map[string]string }
			if err := json.Unmarshal([]byte(strings.TrimPrefix(got, "\ufeff")), &doc); err != nil {
				t.Fatalf("result is not JSON: %v\n%s", err, got)
			}
			if doc.Env["ANTHROPIC_BASE_URL"] != "https://taotoken.net/api" || doc.Env["ANTHROPIC_AUTH_TOKEN"] != testKey || doc.Env["ANTHROPIC_MODEL"] != "gpt-4o" {
				t.Errorf("env = %v", doc.Env)
			}
			if _, ok := doc.Env["ANTHROPIC_API_KEY"]; ok {
				t.Error("the conflicting ANTHROPIC_API_KEY is still there")
			}
			if strings.HasPrefix(tt.in, "\ufeff") && !strings.HasPrefix(got, "\ufeff{\r\n") {
				t.Errorf("BOM or CRLF lost: %q", got[:8])
			}
			// Idempotent: a second plan has nothing to do.
			if again := planOne(t, o, gateway.Claude); len(again.Pending()) != 0 {
				t.Errorf("second run would change:\n%s", diffOf(again))
			}
		})
	}
}

func TestClaudeStaleAuthInDiff(t *testing.T) {
	o := testOptions(t)
	path := tool.ClaudeSettings(o.Env, tool.ClaudeUser, "")
	writeFile(t, path, claudeSettingsWithHooks, 0o644)
	p := planOne(t, o, gateway.Claude)
	d := diffOf(p)
	noKey(t, d)
	if strings.Contains(d, "sk-ant-old-00000000000000000000") {
		t.Errorf("the old key is shown in full:\n%s", d)
	}
	if !strings.Contains(d, `-        "ANTHROPIC_API_KEY": "sk-a****0000"`) {
		t.Errorf("the removed variable is not in the diff:\n%s", d)
	}
	c := p.Pending()[0]
	if noModes {
		// Nothing to tighten: the 0666 Go shows there says nothing of others.
		if c.Mode != c.OldMode || strings.Contains(strings.Join(c.Notes, "\n"), "mode tightened") {
			t.Errorf("mode %04o -> %04o notes %q", c.OldMode, c.Mode, c.Notes)
		}
	} else if c.Mode != 0o600 || !strings.Contains(strings.Join(c.Notes, "\n"), "mode tightened") {
		t.Errorf("mode %04o notes %q", c.Mode, c.Notes)
	}
}

func TestClaudeAPIKeyAuthAndBackground(t *testing.T) {
	o := testOptions(t)
	o.ClaudeAuth = "api-key"
	o.Profile.BackgroundModel = "gpt-4o-mini"
	path := tool.ClaudeSettings(o.Env, tool.ClaudeLocal, o.Project)
	o.ClaudeScope = tool.ClaudeLocal
	writeFile(t, path, `{"env": {"ANTHROPIC_AUTH_TOKEN": "sk-old-111111111111111111"}}`, 0o600)
	apply(t, o, planOne(t, o, gateway.Claude))
	got := readString(t, path)
	want := `{"env": {"ANTHROPIC_BASE_URL": "https://taotoken.net/api", "ANTHROPIC_API_KEY": "` + testKey + `", "ANTHROPIC_MODEL": "gpt-4o", "ANTHROPIC_DEFAULT_HAIKU_MODEL": "gpt-4o-mini"}}`
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
			o := testOptions(t)
			path := tool.ClaudeSettings(o.Env, tool.ClaudeUser, "")
			writeFile(t, path, tt.in, 0o600)
			_, err := MakePlan(o, []gateway.ToolID{gateway.Claude})
			var re *RefusedError
			if !errors.As(err, &re) {
				t.Fatalf("err = %v, want a refusal", err)
			}
			if re.Path != path || re.Line != tt.line || re.Col != tt.col || !strings.Contains(re.Reason, tt.reason) {
				t.Errorf("got %s:%d:%d %q, want %d:%d %q", re.Path, re.Line, re.Col, re.Reason, tt.line, tt.col, tt.reason)
			}
			if got := readString(t, path); got != tt.in {
				t.Error("the file was changed")
			}
		})
	}
}

func TestRefusedFiles(t *testing.T) {
	o := testOptions(t)
	path := tool.ClaudeSettings(o.Env, tool.ClaudeUser, "")
	check := func(name, want string) {
		t.Helper()
		_, err := MakePlan(o, []gateway.ToolID{gateway.Claude})
		var re *RefusedError
		if !errors.As(err, &re) || !strings.Contains(re.Reason, want) {
			t.Errorf("%s: err = %v, want a refusal saying %q", name, err, want)
		}
	}
	if err := os.MkdirAll(path, 0o755); err != nil {
		t.Fatal(err)
	}
	check("directory", "is a directory")
	os.Remove(path)
	if err := testutil.MakeSymlink(filepath.Join(o.Env.Home, "nowhere.json"), path); err == nil {
		check("dangling symlink", "which does not exist")
	} else if runtime.GOOS != "windows" {
		t.Fatal(err) // Windows makes symlinks for administrators only
	}
	os.Remove(path)
	// settings.json -> a.json -> settings.json: both exist, as links.
	other := filepath.Join(filepath.Dir(path), "a.json")
	if err := testutil.MakeSymlink(path, other); err == nil {
		if err := os.Symlink(other, path); err != nil {
			t.Fatal(err)
		}
		check("symlink loop", "is a symlink loop (settings.json -> "+other+" -> "+path+"): it never reaches a file")
	} else if runtime.GOOS != "windows" {
		t.Fatal(err)
	}
	os.Remove(path)
	os.Remove(other)
	writeFile(t, path, "{}", 0o444)
	check("read-only", "is read-only (mode 0444)")
	testutil.RemoveTree(filepath.Dir(path))
	writeFile(t, filepath.Join(o.Env.Home, ".claude"), "", 0o600)
	check("parent is a file", "is not a directory")
}

func TestClaudeNotesRejectedKey(t *testing.T) {
	o := testOptions(t)
	o.ClaudeAuth = "api-key"
	writeFile(t, tool.ClaudeState(o.Env), `{"customApiKeyResponses": {"approved": [], "rejected": ["`+testKey[len(testKey)-20:]+`"]}}`, 0o600)
	p := planOne(t, o, gateway.Claude)
	if !strings.Contains(strings.Join(p.Changes[0].Notes, "\n"), "customApiKeyResponses.rejected") {
		t.Errorf("notes %q", p.Changes[0].Notes)
	}
	noKey(t, strings.Join(p.Changes[0].Notes, "\n"))
}

func TestJSONCInsertKeepsSameLineComment(t *testing.T) {
	doc, err := ParseJSON("s.json", []byte("{\n  \"a\": 1 // about a\n}\n"), true)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := doc.Set([]string{"b"}, "x"); err != nil {
		t.Fatal(err)
	}
	want := "{\n  \"a\": 1, // about a\n  \"b\": \"x\"\n}\n"
	if got := string(doc.Bytes()); got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// chattr +i (or +a) forbids replacing a file even to root: the refusal
// says so and how to clear it, not "make its directory writable". Needs
// root and a filesystem with the flags: skipped otherwise.
func TestRefusesImmutable(t *testing.T) {
	if runtime.GOOS != "linux" || os.Geteuid() != 0 {
		t.Skip("chattr needs root on Linux")
	}
	if _, err := exec.LookPath("chattr"); err != nil {
		t.Skip("no chattr")
	}
	for _, tt := range []struct{ flag, file, dir string }{
		{"+i", "is immutable (chattr +i)", ""},
		{"+a", "is append-only (chattr +a)", ""},
		{"+i", "", "is immutable (chattr +i)"},
	} {
		o := testOptions(t)
		path := tool.ClaudeSettings(o.Env, tool.ClaudeUser, "")
		writeFile(t, path, "{}\n", 0o600)
		target := path
		if tt.dir != "" {
			os.Remove(path)
			target = filepath.Dir(path)
		}
		if out, err := exec.Command("chattr", tt.flag, target).CombinedOutput(); err != nil {
			t.Skipf("chattr %s is not supported here: %v %s", tt.flag, err, out)
		}
		t.Cleanup(func() { exec.Command("chattr", "-i", "-a", target).Run() })
		_, err := MakePlan(o, []gateway.ToolID{gateway.Claude})
		if tt.dir != "" && err == nil {
			p := planOne(t, o, gateway.Claude)
			_, err = p.Apply(ApplyOptions{BackupRoot: filepath.Join(o.Env.Home, "backups"), Now: time.Now()})
		}
		var re *RefusedError
		want := tt.file + tt.dir
		if !errors.As(err, &re) || !strings.Contains(re.Reason, want) || !strings.Contains(re.Hint, "chattr -"+tt.flag[1:]) {
			t.Errorf("chattr %s on %s: err = %v (hint %q), want %q", tt.flag, target, err, hintOf(re), want)
		}
		if strings.Contains(fmt.Sprint(err), "make its directory writable") {
			t.Errorf("misleading: %v", err)
		}
	}
}

func hintOf(re *RefusedError) string {
	if re == nil {
		return ""
	}
	return re.Hint
}

// Replacing a hard-linked file gives its name a new file: the plan says
// the other names keep the old content.
func TestHardLinkNoted(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("link counts are not read on Windows")
	}
	o := testOptions(t)
	path := tool.ClaudeSettings(o.Env, tool.ClaudeUser, "")
	writeFile(t, path, "{}\n", 0o600)
	if err := os.Link(path, filepath.Join(o.Env.Home, "settings-copy.json")); err != nil {
		t.Skip(err)
	}
	p := planOne(t, o, gateway.Claude)
	if notes := strings.Join(p.Changes[0].Notes, "\n"); !strings.Contains(notes, "has 2 hard links: the rewritten file replaces this name only; the other name keeps the old content") {
		t.Errorf("notes %q", notes)
	}
}
