package writers

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/keydoctor/keydoctor/internal/atomicfile"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/testutil"
)

func backupsIn(t *testing.T, o Options) []string {
	t.Helper()
	entries, err := os.ReadDir(filepath.Join(o.Env.Home, "backups"))
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		out = append(out, e.Name())
	}
	return out
}

func applyOpts(o Options) ApplyOptions {
	return ApplyOptions{BackupRoot: filepath.Join(o.Env.Home, "backups"), Now: o.Env.Now(), Command: "setup"}
}

func TestNewFilesAreNotChowned(t *testing.T) {
	o := testOptions(t)
	p := mustPlan(t, o, allTools)
	for _, c := range p.Changes {
		if !c.Existed && (c.uid != -1 || c.gid != -1) {
			t.Errorf("%s is new but planned with owner %d:%d", c.Path, c.uid, c.gid)
		}
	}
}

// TestNewToolDirsArePrivate: every directory setup creates is 0700, ~/.codex
// included (config.toml holds no key, but auth.json beside it does).
func TestNewToolDirsArePrivate(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no modes")
	}
	for _, auth := range []string{"file", "env"} {
		t.Run(auth, func(t *testing.T) {
			o := testOptions(t)
			o.ToolOptions = map[string]string{"codex-auth": auth}
			apply(t, o, mustPlan(t, o, allTools))
			for _, d := range []string{dirOf(t, o, "codex", "config", 0), dirOf(t, o, "claude", "user", 0), dirOf(t, o, "cline", "providers", 0), dirOf(t, o, "cline", "providers", 2), o.Project} {
				if fi, err := os.Stat(d); err != nil || fi.Mode().Perm() != 0o700 {
					t.Errorf("%s: %v, want 0700", d, fi.Mode().Perm())
				}
			}
		})
	}
}

// TestWriteRefusalLeavesNoBackup: a write refused at the last moment (no
// permission) puts back what was written, removes the backup of a run that
// changed nothing, and is a refusal (exit 2 in the CLI).
func TestWriteRefusalLeavesNoBackup(t *testing.T) {
	testutil.SkipUnderWine(t, "os.RemoveAll, which removes an unfinished backup, fails there")
	o := testOptions(t)
	settings := pathOf(t, o, "claude", "user")
	writeFile(t, settings, `{"model": "opus"}`, 0o600)
	p := mustPlan(t, o, []gateway.ToolID{gateway.ToolID("claude"), gateway.ToolID("codex")})
	n := 0
	beforeWrite = func(c *Change) error {
		if n++; n == 2 {
			return &fs.PathError{Op: "open", Path: c.Path, Err: fs.ErrPermission}
		}
		return nil
	}
	defer func() { beforeWrite = nil }()
	res, err := p.Apply(applyOpts(o))
	var re *RefusedError
	if !errors.As(err, &re) || !strings.Contains(re.Reason, "permission denied") || !strings.Contains(re.Reason, "1 file(s) already written were put back") {
		t.Fatalf("err = %v", err)
	}
	if res.Backup != "" || len(backupsIn(t, o)) != 0 {
		t.Errorf("a run that changed nothing left backups %v", backupsIn(t, o))
	}
	if got := readString(t, settings); got != `{"model": "opus"}` {
		t.Errorf("settings.json = %s", got)
	}
}

// TestReadOnlyDirRefusedBeforeBackup: an unwritable directory is found
// before anything is backed up or written (as root every directory is
// writable: the CLI test as an ordinary user covers that case too).
func TestReadOnlyDirRefusedBeforeBackup(t *testing.T) {
	if os.Geteuid() == 0 || runtime.GOOS == "windows" {
		t.Skip("root may write into any directory")
	}
	o := testOptions(t)
	settings := pathOf(t, o, "claude", "user")
	writeFile(t, settings, `{}`, 0o600)
	os.Chmod(filepath.Dir(settings), 0o500)
	defer os.Chmod(filepath.Dir(settings), 0o700)
	_, err := mustPlan(t, o, allTools).Apply(applyOpts(o))
	var re *RefusedError
	if !errors.As(err, &re) || !strings.Contains(re.Reason, "is not writable") {
		t.Fatalf("err = %v", err)
	}
	if b := backupsIn(t, o); len(b) != 0 {
		t.Errorf("backups %v", b)
	}
}

// TestRollbackKeepsAnotherWritersChange: rollback puts back only files that
// still hold what this run wrote.
func TestRollbackKeepsAnotherWritersChange(t *testing.T) {
	o := testOptions(t)
	settings := pathOf(t, o, "claude", "user")
	writeFile(t, settings, `{"model": "opus"}`, 0o600)
	codex := pathOf(t, o, "codex", "config")
	writeFile(t, codex, "# mine\n", 0o600)
	p := mustPlan(t, o, []gateway.ToolID{gateway.ToolID("claude"), gateway.ToolID("codex")})
	n := 0
	beforeWrite = func(c *Change) error {
		switch n++; n {
		case 2: // settings.json is written: someone edits it
			writeFile(t, settings, `{"model": "theirs"}`, 0o600)
		case 3:
			return errors.New("disk full")
		}
		return nil
	}
	defer func() { beforeWrite = nil }()
	res, err := p.Apply(applyOpts(o))
	if err == nil || !strings.Contains(err.Error(), "changed since keydoctor wrote it and was left as it is") {
		t.Fatalf("err = %v", err)
	}
	var re *RefusedError
	if errors.As(err, &re) {
		t.Error("a half-undone run is not a refusal: something was changed")
	}
	if got := readString(t, settings); got != `{"model": "theirs"}` {
		t.Errorf("rollback overwrote another writer: %s", got)
	}
	if got := readString(t, codex); got != "# mine\n" {
		t.Errorf("config.toml not rolled back: %s", got)
	}
	if res.Backup == "" || len(backupsIn(t, o)) != 1 {
		t.Errorf("the backup of a half-undone run must stay: %q %v", res.Backup, backupsIn(t, o))
	}
}

// TestApplyRemovesStaleLeftovers: under the lock, Apply removes what a
// killed run left: temporary copies beside the files and in the backups,
// and a backup directory without a manifest.
func TestApplyRemovesStaleLeftovers(t *testing.T) {
	testutil.SkipUnderWine(t, "os.RemoveAll, which removes an unfinished backup, fails there")
	o := testOptions(t)
	settings := pathOf(t, o, "claude", "user")
	writeFile(t, settings, `{}`, 0o600)
	old := time.Now().Add(-time.Hour)
	const deadPID = 999999999
	stale := []string{
		filepath.Join(filepath.Dir(settings), fmt.Sprintf(".settings.json.keydoctor-%d-77.tmp", deadPID)),
		filepath.Join(o.Env.Home, "backups", "20261129T000000.000Z"),
	}
	writeFile(t, stale[0], testKey, 0o600)
	writeFile(t, filepath.Join(stale[1], "01-settings.json"), testKey, 0o600)
	writeFile(t, filepath.Join(stale[1], fmt.Sprintf(".manifest.json.keydoctor-%d-5.tmp", deadPID)), "{", 0o600)
	complete := filepath.Join(o.Env.Home, "backups", "20261128T000000.000Z")
	writeFile(t, filepath.Join(complete, "manifest.json"), `{"schema":"keydoctor/backup@1"}`, 0o600)
	for _, p := range append(stale, complete) {
		os.Chtimes(p, old, old)
	}
	opts := applyOpts(o)
	opts.Since = time.Now()
	res, err := mustPlan(t, o, []gateway.ToolID{gateway.ToolID("claude")}).Apply(opts)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range stale {
		if _, err := os.Lstat(p); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("%s is still there", p)
		}
	}
	if _, err := os.Stat(filepath.Join(complete, "manifest.json")); err != nil {
		t.Errorf("a complete backup was removed: %v", err)
	}
	if len(res.Removed) != 2 {
		t.Errorf("removed %q", res.Removed)
	}
	// Without the lock time nothing is removed.
	writeFile(t, stale[0], testKey, 0o600)
	res, _ = mustPlan(t, o, []gateway.ToolID{gateway.ToolID("claude")}).Apply(applyOpts(o))
	if _, err := os.Stat(stale[0]); err != nil || len(res.Removed) != 0 {
		t.Errorf("removed without the lock: %v %q", err, res.Removed)
	}
}

// TestFailedBackupLeavesNothing: a backup that cannot be finished is
// removed again, and nothing is written.
func TestFailedBackupLeavesNothing(t *testing.T) {
	testutil.SkipUnderWine(t, "os.RemoveAll, which removes an unfinished backup, fails there")
	o := testOptions(t)
	settings := pathOf(t, o, "claude", "user")
	writeFile(t, settings, `{}`, 0o600)
	p := mustPlan(t, o, []gateway.ToolID{gateway.ToolID("claude")})
	backupWrite = func(path string, data []byte, o atomicfile.Options) error {
		if filepath.Base(path) == "manifest.json" {
			return errors.New("disk full")
		}
		return atomicfile.Write(path, data, o)
	}
	defer func() { backupWrite = atomicfile.Write }()
	opts := applyOpts(o)
	_, err := p.Apply(opts)
	if err == nil || !strings.Contains(err.Error(), "nothing was written") {
		t.Fatalf("err = %v", err)
	}
	if got := readString(t, settings); got != `{}` {
		t.Errorf("settings.json = %s", got)
	}
	if b := backupsIn(t, o); len(b) != 0 {
		t.Errorf("an unfinished backup is left: %v", b)
	}
}

// TestApplyRefusesChangeAtTheLastMoment: a file changed while its new
// content was being written to the temporary copy is refused right before
// the rename, and the other change stays.
func TestApplyRefusesChangeAtTheLastMoment(t *testing.T) {
	testutil.SkipUnderWine(t, "os.RemoveAll, which removes an unfinished backup, fails there")
	o := testOptions(t)
	settings := pathOf(t, o, "claude", "user")
	writeFile(t, settings, `{}`, 0o600)
	p := mustPlan(t, o, []gateway.ToolID{gateway.ToolID("claude")})
	atomicfile.Hook = func(point, path string) {
		if point == "synced" && path == settings {
			writeFile(t, settings, `{"model": "theirs"}`, 0o600)
		}
	}
	defer func() { atomicfile.Hook = nil }()
	_, err := p.Apply(applyOpts(o))
	var re *RefusedError
	if !errors.As(err, &re) || !strings.Contains(re.Reason, "changed since keydoctor read it") {
		t.Fatalf("err = %v", err)
	}
	if got := readString(t, settings); got != `{"model": "theirs"}` {
		t.Errorf("settings.json = %s", got)
	}
	if b := backupsIn(t, o); len(b) != 0 {
		t.Errorf("a refused run left backups %v", b)
	}
	if l, _ := atomicfile.Leftovers(filepath.Dir(settings)); len(l) != 0 {
		t.Errorf("temporary copies left: %v", l)
	}
}
