package writers

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/testutil"
)

var allTools = []gateway.ToolID{gateway.ToolID("claude"), gateway.ToolID("codex"), gateway.ToolID("cline"), gateway.ToolID("env")}

func TestApplyBackupAndRestore(t *testing.T) {
	o := testOptions(t)
	settings := pathOf(t, o, "claude", "user")
	writeFile(t, settings, `{"model": "opus"}`, 0o600)
	writeFile(t, pathOf(t, o, "codex", "config"), "# mine\n", 0o644)
	os.MkdirAll(o.Project, 0o755)
	p, err := MakePlan(o, allTools)
	if err != nil {
		t.Fatal(err)
	}
	res := apply(t, o, p)
	if res.Backup == "" || len(res.Written) != 5 {
		t.Fatalf("backup %q, wrote %d", res.Backup, len(res.Written))
	}
	m, err := ReadManifest(res.Backup)
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Files) != 5 || !m.Files[0].Existed || m.Files[2].Existed {
		t.Errorf("manifest %+v", m.Files)
	}
	for _, name := range []string{"manifest.json", m.Files[0].Copy} {
		fi, err := os.Stat(filepath.Join(res.Backup, name))
		if err != nil || !noModes && fi.Mode().Perm() != 0o600 {
			t.Errorf("%s: %v %v", name, err, fi)
		}
	}
	if fi, _ := os.Stat(res.Backup); !noModes && fi.Mode().Perm() != 0o700 {
		t.Errorf("backup dir mode %v", fi.Mode().Perm())
	}
	if fi, _ := os.Stat(pathOf(t, o, "codex", "config")); !noModes && fi.Mode().Perm() != 0o644 {
		t.Errorf("config.toml holds no key: its mode must stay 0644, got %v", fi.Mode().Perm())
	}

	// Idempotent: nothing to do, no backup.
	again, _ := MakePlan(o, allTools)
	if n := len(again.Pending()); n != 0 {
		t.Fatalf("second run: %d pending", n)
	}
	res2 := apply(t, o, again)
	if res2.Backup != "" {
		t.Error("a run with nothing to do made a backup")
	}

	// Restore puts everything back and removes what setup created.
	rp, err := PlanRestore(m)
	if err != nil {
		t.Fatal(err)
	}
	noKey(t, diffOf(rp))
	apply(t, o, rp)
	if got := readString(t, settings); got != `{"model": "opus"}` {
		t.Errorf("settings.json = %s", got)
	}
	if got := readString(t, pathOf(t, o, "codex", "config")); got != "# mine\n" {
		t.Errorf("config.toml = %s", got)
	}
	if _, err := os.Stat(pathOf(t, o, "cline", "providers")); !errors.Is(err, os.ErrNotExist) {
		t.Error("providers.json, created by setup, is still there")
	}
	list, _ := Backups(filepath.Join(o.Env.Home, "backups"))
	if len(list) != 2 || list[0].Command != "setup" {
		t.Errorf("backups: %d", len(list))
	}
}

func TestApplyRefusesConcurrentChange(t *testing.T) {
	o := testOptions(t)
	settings := pathOf(t, o, "claude", "user")
	writeFile(t, settings, `{}`, 0o600)
	p := planOne(t, o, gateway.ToolID("claude"))
	writeFile(t, settings, `{"model": "changed meanwhile"}`, 0o600)
	_, err := p.Apply(ApplyOptions{BackupRoot: filepath.Join(o.Env.Home, "backups")})
	var re *RefusedError
	if !errors.As(err, &re) || !strings.Contains(re.Reason, "changed since keydoctor read it") {
		t.Fatalf("err = %v", err)
	}
	if got := readString(t, settings); got != `{"model": "changed meanwhile"}` {
		t.Errorf("file = %s", got)
	}
	if _, err := os.Stat(filepath.Join(o.Env.Home, "backups")); err == nil {
		entries, _ := os.ReadDir(filepath.Join(o.Env.Home, "backups"))
		if len(entries) != 0 {
			t.Error("a refused run left a backup")
		}
	}
}

func TestApplyRollsBackOnFailure(t *testing.T) {
	o := testOptions(t)
	settings := pathOf(t, o, "claude", "user")
	writeFile(t, settings, `{"model": "opus"}`, 0o600)
	p, err := MakePlan(o, []gateway.ToolID{gateway.ToolID("claude"), gateway.ToolID("codex")})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	beforeWrite = func(c *Change) error {
		if n++; n == 3 {
			return errors.New("disk full")
		}
		return nil
	}
	defer func() { beforeWrite = nil }()
	_, err = p.Apply(ApplyOptions{BackupRoot: filepath.Join(o.Env.Home, "backups")})
	if err == nil || !strings.Contains(err.Error(), "disk full") || !strings.Contains(err.Error(), "2 file(s) already written were put back") {
		t.Fatalf("err = %v", err)
	}
	if got := readString(t, settings); got != `{"model": "opus"}` {
		t.Errorf("settings.json not rolled back: %s", got)
	}
	if _, err := os.Stat(pathOf(t, o, "codex", "config")); !errors.Is(err, os.ErrNotExist) {
		t.Error("config.toml, new in this run, was not removed")
	}
}

func TestApplyConcurrentChangeMidRun(t *testing.T) {
	o := testOptions(t)
	settings := pathOf(t, o, "claude", "user")
	writeFile(t, settings, `{}`, 0o600)
	codex := pathOf(t, o, "codex", "config")
	writeFile(t, codex, "# x\n", 0o600)
	p, _ := MakePlan(o, []gateway.ToolID{gateway.ToolID("claude"), gateway.ToolID("codex")})
	beforeWrite = func(c *Change) error {
		if c.Path == settings {
			writeFile(t, codex, "# edited by someone\n", 0o600) // races the next file
		}
		return nil
	}
	defer func() { beforeWrite = nil }()
	_, err := p.Apply(ApplyOptions{BackupRoot: filepath.Join(o.Env.Home, "backups")})
	if err == nil || !strings.Contains(err.Error(), "changed since keydoctor read it") {
		t.Fatalf("err = %v", err)
	}
	if got := readString(t, settings); got != `{}` {
		t.Errorf("settings.json not rolled back: %s", got)
	}
	if got := readString(t, codex); got != "# edited by someone\n" {
		t.Errorf("the other writer's change was lost: %s", got)
	}
}

func TestApplySymlinkStaysSymlink(t *testing.T) {
	o := testOptions(t)
	real := filepath.Join(o.Env.Home, "dotfiles", "claude-settings.json")
	writeFile(t, real, `{"model": "opus"}`, 0o644)
	settings := pathOf(t, o, "claude", "user")
	os.MkdirAll(filepath.Dir(settings), 0o755)
	testutil.Symlink(t, real, settings)
	p := planOne(t, o, gateway.ToolID("claude"))
	if !strings.Contains(strings.Join(p.Changes[0].Notes, ""), "mode tightened from 0644 to 0600") {
		t.Errorf("notes %q", p.Changes[0].Notes)
	}
	apply(t, o, p)
	fi, err := os.Lstat(settings)
	if err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Fatal("the symlink was replaced by a file")
	}
	if !strings.Contains(readString(t, real), "ANTHROPIC_BASE_URL") {
		t.Error("the link's target was not written")
	}
	if fi, _ := os.Stat(real); !noModes && fi.Mode().Perm() != 0o600 {
		t.Errorf("target mode %v", fi.Mode().Perm())
	}
}

func TestApplyKeepsOwner(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root to give a file another owner")
	}
	o := testOptions(t)
	settings := pathOf(t, o, "claude", "user")
	writeFile(t, settings, `{}`, 0o600)
	if err := os.Chown(settings, 4321, 4321); err != nil {
		t.Fatal(err)
	}
	apply(t, o, planOne(t, o, gateway.ToolID("claude")))
	fi, _ := os.Stat(settings)
	if uid, gid := fileOwner(fi); uid != 4321 || gid != 4321 {
		t.Errorf("owner %d:%d", uid, gid)
	}
}
