package atomicfile

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"testing"
	"time"

	"github.com/keydoctor/keydoctor/internal/testutil"
)

func TestWrite(t *testing.T) {
	dir := testutil.TempDir(t)
	path := filepath.Join(dir, "settings.json")
	var points []string
	Hook = func(point, p string) {
		if p == path {
			points = append(points, point)
		}
		if point == "synced" {
			// The temporary copy is there, named for this process.
			l, _ := Leftovers(dir)
			if len(l) != 1 || l[0].PID != os.Getpid() || !l[0].Live {
				t.Errorf("leftovers mid-write: %+v", l)
			}
		}
	}
	defer func() { Hook = nil }()
	if err := Write(path, []byte("{}\n"), Options{Mode: 0o640, UID: -1, GID: -1}); err != nil {
		t.Fatal(err)
	}
	if want := []string{"created", "written", "synced", "renamed"}; !slices.Equal(points, want) {
		t.Errorf("hook points %v, want %v", points, want)
	}
	if b, _ := os.ReadFile(path); string(b) != "{}\n" {
		t.Errorf("content %q", b)
	}
	if fi, _ := os.Stat(path); runtime.GOOS != "windows" && fi.Mode().Perm() != 0o640 {
		t.Errorf("mode %v", fi.Mode().Perm())
	}
	assertOnly(t, dir, "settings.json")
}

func TestWriteCheckRefuses(t *testing.T) {
	dir := testutil.TempDir(t)
	path := filepath.Join(dir, "a.toml")
	os.WriteFile(path, []byte("old"), 0o600)
	refused := errors.New("changed meanwhile")
	err := Write(path, []byte("new"), Options{Mode: 0o600, UID: -1, GID: -1, Check: func() error { return refused }})
	if !errors.Is(err, refused) {
		t.Fatalf("err = %v", err)
	}
	if b, _ := os.ReadFile(path); string(b) != "old" {
		t.Errorf("content %q", b)
	}
	assertOnly(t, dir, "a.toml")
}

func TestWriteKeepsOwnerWhenItMay(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no uid/gid")
	}
	dir := testutil.TempDir(t)
	path := filepath.Join(dir, "f")
	// Another owner: root gives the file away; anyone else cannot, and
	// that is no error (the file becomes theirs).
	err := Write(path, []byte("x"), Options{Mode: 0o600, UID: 4321, GID: 4321})
	if err != nil {
		t.Fatalf("uid %d: %v", os.Geteuid(), err)
	}
}

func TestParseTempName(t *testing.T) {
	for name, want := range map[string]int{
		".settings.json.keydoctor-123-456.tmp": 123,
		".config.toml.keydoctor-1-2.tmp":       1,
		".settings.json.keydoctor-2654435761":  0, // older keydoctor
		".a.keydoctor-x.keydoctor-9-9.tmp":     9,
	} {
		if pid, ok := parseTempName(name); !ok || pid != want {
			t.Errorf("%s: %d %v, want %d", name, pid, ok, want)
		}
	}
	for _, name := range []string{"settings.json", ".settings.json", "settings.json.keydoctor-1-2.tmp",
		".settings.json.keydoctor-", ".settings.json.keydoctor-1-2", ".settings.json.keydoctor-a-2.tmp",
		".settings.json.keydoctor-0-2.tmp", ".keydoctor-1-2.tmp", ".settings.json.keydoctor-12x"} {
		if _, ok := parseTempName(name); ok {
			t.Errorf("%s: recognised", name)
		}
	}
}

// TestRemoveStale: under the lock, a copy is stale when its writer is dead
// or it is older than the lock; a live writer's fresh copy and our own
// stay, and so does everything that is not a copy.
func TestRemoveStale(t *testing.T) {
	dir := testutil.TempDir(t)
	since := time.Now()
	old := since.Add(-time.Hour)
	const deadPID = 999999999 // above any pid_max: no such process
	other := livePID(t)
	files := map[string]time.Time{
		fmt.Sprintf(".settings.json.keydoctor-%d-1.tmp", deadPID):     since.Add(time.Minute),
		fmt.Sprintf(".settings.json.keydoctor-%d-2.tmp", other):       old,
		fmt.Sprintf(".settings.json.keydoctor-%d-3.tmp", other):       since.Add(time.Minute),
		fmt.Sprintf(".settings.json.keydoctor-%d-4.tmp", os.Getpid()): old,
		".auth.json.keydoctor-123456":                                 old,
		".auth.json.keydoctor-654321":                                 since.Add(time.Minute),
		"settings.json":                                               old,
		".settings.json.keydoctor-notes":                              old,
	}
	for name, mt := range files {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte("sk-test-0123456789abcdef0123"), 0o600); err != nil {
			t.Fatal(err)
		}
		os.Chtimes(p, mt, mt)
	}
	removed, err := RemoveStale(dir, since)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, r := range removed {
		names = append(names, filepath.Base(r))
	}
	sort.Strings(names)
	want := []string{".auth.json.keydoctor-123456",
		fmt.Sprintf(".settings.json.keydoctor-%d-1.tmp", deadPID),
		fmt.Sprintf(".settings.json.keydoctor-%d-2.tmp", other)}
	sort.Strings(want)
	if !slices.Equal(names, want) {
		t.Errorf("removed %v\nwant %v", names, want)
	}
	left, _ := Leftovers(dir)
	if len(left) != len(files)-2-len(want) {
		t.Errorf("left %+v", left)
	}
	if l, err := Leftovers(filepath.Join(dir, "missing")); err != nil || l != nil {
		t.Errorf("missing dir: %v %v", l, err)
	}
}

// livePID is the pid of a process that runs until the test ends: a child
// of this one (the parent process would do on Unix, but under Wine a
// program started from Linux has none, pid 0).
func livePID(t *testing.T) int {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestHelperWaitForStdin$")
	cmd.Env = append(os.Environ(), "ATOMICFILE_HELPER=1")
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		stdin.Close()
		cmd.Wait()
	})
	return cmd.Process.Pid
}

func TestHelperWaitForStdin(t *testing.T) {
	if os.Getenv("ATOMICFILE_HELPER") == "" {
		t.Skip("run by livePID")
	}
	io.Copy(io.Discard, os.Stdin)
}

func assertOnly(t *testing.T, dir string, names ...string) {
	t.Helper()
	entries, _ := os.ReadDir(dir)
	var got []string
	for _, e := range entries {
		got = append(got, e.Name())
	}
	if !slices.Equal(got, names) {
		t.Errorf("%s holds %v, want %v", dir, got, names)
	}
}
