package writers

import (
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

func TestRefusedFiles(t *testing.T) {
	o := testOptions(t)
	path := pathOf(t, o, "claude", "user")
	check := func(name, want string) {
		t.Helper()
		_, err := MakePlan(o, []gateway.ToolID{gateway.ToolID("claude")})
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
		path := pathOf(t, o, "claude", "user")
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
		_, err := MakePlan(o, []gateway.ToolID{gateway.ToolID("claude")})
		if tt.dir != "" && err == nil {
			p := planOne(t, o, gateway.ToolID("claude"))
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
	path := pathOf(t, o, "claude", "user")
	writeFile(t, path, "{}\n", 0o600)
	if err := os.Link(path, filepath.Join(o.Env.Home, "settings-copy.json")); err != nil {
		t.Skip(err)
	}
	p := planOne(t, o, gateway.ToolID("claude"))
	if notes := strings.Join(p.Changes[0].Notes, "\n"); !strings.Contains(notes, "has 2 hard links: the rewritten file replaces this name only; the other name keeps the old content") {
		t.Errorf("notes %q", notes)
	}
}
