package main

// A harness for tests that run the built keydoctor binary in a real
// process, as the test's own user and, when the tests run as root, as the
// unprivileged user nobody (uid/gid 65534): CI runs as root, users do not,
// and root hides every permission mistake. Build once with builtKeydoctor;
// make a home with newUserHome for each user of testUsers; run commands
// with Run or Command.

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
)

// binUser is who the built binary runs as.
type binUser struct {
	Name     string
	UID, GID int // -1: the test's own user
}

var self = binUser{Name: "self", UID: -1, GID: -1}

// nobody is the unprivileged user ordinary-user tests run as.
var nobody = binUser{Name: "nobody", UID: 65534, GID: 65534}

// testUsers is the test's own user, and nobody when the tests run as root
// (only root can start a process as another user).
func testUsers() []binUser {
	if runtime.GOOS != "windows" && os.Geteuid() == 0 {
		return []binUser{self, nobody}
	}
	return []binUser{self}
}

// forEachUser runs f as a subtest for each of testUsers.
func forEachUser(t *testing.T, f func(t *testing.T, u binUser)) {
	for _, u := range testUsers() {
		t.Run(u.Name, func(t *testing.T) { f(t, u) })
	}
}

// binaryTest runs a top-level test that drives the built binary (or the
// scripts) in parallel with the other such tests. Their time is spent in
// child processes, fsync and deadlines; run one after another, each is a
// barrier: a slot of -parallel idles while its longer subtest ends (self
// and nobody differ), and a test without parallel subtests holds the
// whole package to one process at a time. The number of tests running at
// once is still -parallel's.
func binaryTest(t *testing.T) { t.Parallel() }

// built is the keydoctor binary, built once per test process.
var built struct {
	once sync.Once
	dir  string
	path string
	err  error
}

// crashTag builds the binary with its crash points (crashpoints_test_hook.go).
const crashTag = "keydoctor_crashpoints"

// builtKeydoctor builds cmd/keydoctor once, with crashTag, into a
// directory every user may read; TestMain removes it at the end.
func builtKeydoctor(t testing.TB) string {
	t.Helper()
	built.once.Do(func() {
		if built.dir, built.err = os.MkdirTemp("", "keydoctor-bin-"); built.err != nil {
			return
		}
		if built.err = os.Chmod(built.dir, 0o755); built.err != nil {
			return
		}
		built.path = filepath.Join(built.dir, "keydoctor")
		if runtime.GOOS == "windows" {
			built.path += ".exe"
		}
		out, err := exec.Command("go", "build", "-tags", crashTag, "-o", built.path, ".").CombinedOutput()
		if err != nil {
			built.err = errors.New("go build: " + err.Error() + "\n" + string(out))
		}
	})
	if built.err != nil {
		t.Fatal(built.err)
	}
	return built.path
}

// testCopy is a copy of the test binary itself (fake tools are the test
// binary in disguise) where every user may run it: the go tool's build
// directory is private to the user who ran go test.
var testCopy struct {
	once sync.Once
	path string
	err  error
}

// sharedTestBinary copies the test binary next to builtKeydoctor's, once.
func sharedTestBinary(t testing.TB) string {
	t.Helper()
	dir := filepath.Dir(builtKeydoctor(t))
	testCopy.once.Do(func() {
		self, err := os.Executable()
		if err != nil {
			testCopy.err = err
			return
		}
		b, err := os.ReadFile(self)
		if err != nil {
			testCopy.err = err
			return
		}
		testCopy.path = filepath.Join(dir, "keydoctor-test"+filepath.Ext(self))
		testCopy.err = os.WriteFile(testCopy.path, b, 0o755)
	})
	if testCopy.err != nil {
		t.Fatal(testCopy.err)
	}
	return testCopy.path
}

// removeBuilt removes the built binary (TestMain calls it).
func removeBuilt() {
	if built.dir != "" {
		os.RemoveAll(built.dir)
	}
}

// withCleanup runs the tests, then removes what the harness built.
type withCleanup struct{ m *testing.M }

func (w withCleanup) Run() int {
	code := w.m.Run()
	removeBuilt()
	return code
}

// userHome is a sandbox owned by one user: HOME, a project, and the
// variables every run gets.
type userHome struct {
	t       testing.TB
	User    binUser
	Home    string   // $HOME (no XDG_CONFIG_HOME: the default ~/.config is used)
	Project string   // $HOME/proj, the working directory of every run
	Env     []string // extra NAME=VALUE for every run
}

// newUserHome makes an empty home owned by u, under a directory every
// user can traverse; it is removed after the test.
func newUserHome(t testing.TB, u binUser) *userHome {
	t.Helper()
	dir, err := os.MkdirTemp("", "keydoctor-home-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	h := &userHome{t: t, User: u, Home: filepath.Join(dir, "home")}
	h.Project = filepath.Join(h.Home, "proj")
	h.MkdirAll(h.Project)
	return h
}

// Path is a path under the home; rel uses slashes.
func (h *userHome) Path(rel string) string { return filepath.Join(h.Home, filepath.FromSlash(rel)) }

// MkdirAll creates dir (0700) and its missing parents, owned by the user.
func (h *userHome) MkdirAll(dir string) {
	h.t.Helper()
	if fi, err := os.Stat(dir); err == nil && fi.IsDir() {
		return
	}
	h.MkdirAll(filepath.Dir(dir))
	if err := os.Mkdir(dir, 0o700); err != nil {
		h.t.Fatal(err)
	}
	h.chown(dir)
}

// WriteFile writes a file under the home (rel uses slashes), owned by
// the user, creating its directories.
func (h *userHome) WriteFile(rel, content string, mode fs.FileMode) {
	h.t.Helper()
	p := h.Path(rel)
	h.MkdirAll(filepath.Dir(p))
	if err := os.WriteFile(p, []byte(content), mode); err != nil {
		h.t.Fatal(err)
	}
	if err := os.Chmod(p, mode); err != nil {
		h.t.Fatal(err)
	}
	h.chown(p)
}

// ReadFile is a file under the home; "" when it does not exist.
func (h *userHome) ReadFile(rel string) string {
	b, err := os.ReadFile(h.Path(rel))
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		h.t.Fatal(err)
	}
	return string(b)
}

func (h *userHome) chown(p string) {
	if h.User.UID < 0 {
		return
	}
	if err := os.Lchown(p, h.User.UID, h.User.GID); err != nil {
		h.t.Fatal(err)
	}
}

// Command is the built keydoctor with args, run as the user in the
// project directory, with a clean environment: PATH, HOME, NO_COLOR and
// h.Env (no proxy, no XDG variable of the test's own).
func (h *userHome) Command(args ...string) *exec.Cmd {
	cmd := exec.Command(builtKeydoctor(h.t), args...)
	cmd.Dir = h.Project
	cmd.Env = append([]string{"PATH=" + os.Getenv("PATH"), "HOME=" + h.Home, "NO_COLOR=1"}, h.Env...)
	if h.User.UID >= 0 {
		setCredential(cmd, h.User)
	}
	return cmd
}

// runResult is one finished run.
type runResult struct {
	Code           int
	Stdout, Stderr string
}

// Run runs the built keydoctor to the end.
func (h *userHome) Run(args ...string) runResult {
	h.t.Helper()
	return h.runStdin("", args...)
}

// runStdin runs the built keydoctor to the end, with stdin.
func (h *userHome) runStdin(stdin string, args ...string) runResult {
	h.t.Helper()
	cmd := h.Command(args...)
	cmd.Stdin = strings.NewReader(stdin)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	r := runResult{Stdout: out.String(), Stderr: errb.String()}
	var ee *exec.ExitError
	switch {
	case errors.As(err, &ee):
		r.Code = ee.ExitCode()
	case err != nil:
		h.t.Fatalf("keydoctor %s: %v", strings.Join(args, " "), err)
	}
	return r
}
