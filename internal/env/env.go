// Package env is the process environment keydoctor runs in, passed down
// explicitly so that nothing below cmd/keydoctor reads os.Getenv, the real
// home directory or the wall clock on its own. Tests build one by hand.
package env

import (
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/keydoctor/keydoctor/internal/redact"
	"github.com/keydoctor/keydoctor/internal/winacl"
	"github.com/keydoctor/keydoctor/internal/winreg"
)

// Env is everything outside the process that keydoctor may look at.
type Env struct {
	Getenv     func(string) string // never nil after New/Fill
	Environ    func() []string     // KEY=VALUE pairs, for listing variables
	Home       string              // the user's home directory
	Now        func() time.Time
	Stdin      io.Reader
	Stdout     io.Writer
	Stderr     io.Writer
	IsTerminal bool   // stdin and stdout are both terminals
	GOOS       string // runtime.GOOS, overridable for tests of per-OS paths
	// Secrets are every secret the run has seen; whatever reads one (a
	// profile's key, a key file, a tool's settings, a .env) adds it, and
	// the run's output writer masks it. nil (a test's Env) is a set that
	// keeps nothing.
	Secrets *redact.Secrets
	// Registry reads what Windows keeps in the registry: the variables set
	// with setx (new processes only) and the WinINet proxy. nil (a test's
	// Env, or any system but Windows in effect) reads nothing.
	Registry func() (winreg.Values, error)
	// FileACL reads a file's DACL: who besides its owner may read it, on
	// Windows, where mode bits say nothing. nil (a test's Env, or any
	// system but Windows) reads none: file modes decide.
	FileACL func(path string) (winacl.DACL, error)
	// Launchctl reads a variable kept by launchd (`launchctl setenv`, on
	// macOS): the environment of apps started from the Dock. nil (a test's
	// Env, or any system but macOS) reads none.
	Launchctl func(name string) (string, error)
	// WSL is set when keydoctor runs inside WSL (DetectWSL); nil
	// elsewhere and in a test's Env.
	WSL *WSL
	// SystemNodeModules are the global node_modules directories the OS
	// keeps outside the home and any variable (/usr/local/lib/node_modules,
	// C:\Program Files\nodejs\node_modules): where a tool's version is
	// looked for last. nil (a test's Env) looks in none, so that no test
	// sees what the machine has installed.
	SystemNodeModules []string
}

// ReadRegistry is what Registry reads, or nothing.
func (e *Env) ReadRegistry() (winreg.Values, error) {
	if e.Registry == nil {
		return winreg.Values{}, nil
	}
	return e.Registry()
}

// FromMap builds an Env whose variables come from m, for tests.
func FromMap(m map[string]string) *Env {
	e := &Env{
		Getenv: func(k string) string { return m[k] },
		Environ: func() []string {
			out := make([]string, 0, len(m))
			for k, v := range m {
				out = append(out, k+"="+v)
			}
			return out
		},
		Home: m["HOME"],
		Now:  time.Now,
	}
	return e
}

// OS builds the Env of the running process.
func OS(goos string) *Env {
	home, _ := os.UserHomeDir()
	if h := os.Getenv("HOME"); h != "" {
		home = h
	}
	var acl func(string) (winacl.DACL, error)
	var launchctl func(string) (string, error)
	switch goos {
	case "windows":
		acl = winacl.Read
	case "darwin":
		launchctl = LaunchctlGetenv
	}
	var wsl *WSL
	if goos == "linux" {
		wsl = DetectWSL("/", os.Getenv, RunBounded)
	}
	return &Env{
		FileACL:   acl,
		Launchctl: launchctl,
		WSL:       wsl,
		Getenv:    os.Getenv,
		Environ:   os.Environ,
		Home:      home,
		Now:       time.Now,
		Stdin:     os.Stdin,
		Stdout:    os.Stdout,
		Stderr:    os.Stderr,
		GOOS:      goos,
		Registry:  winreg.Read,

		SystemNodeModules: SystemNodeModules(goos),
	}
}

// SystemNodeModules are the OS's own global node_modules directories:
// Node's installers and the package managers of the OS put global
// packages there (Homebrew's on Apple silicon and on Intel, the
// nodejs.org installer's, Debian's and Fedora's).
func SystemNodeModules(goos string) []string {
	switch goos {
	case "windows":
		return []string{`C:\Program Files\nodejs\node_modules`}
	case "darwin":
		return []string{"/opt/homebrew/lib/node_modules", "/usr/local/lib/node_modules"}
	default:
		return []string{"/usr/local/lib/node_modules", "/usr/lib/node_modules"}
	}
}

// Lookup returns the variable's value and whether it is set and non-empty.
func (e *Env) Lookup(name string) (string, bool) {
	v := e.Getenv(name)
	return v, v != ""
}

// LookPath finds a command on the environment's PATH (with PATHEXT's
// extensions on Windows), as a shell started from it would.
func (e *Env) LookPath(name string) (string, error) {
	for _, dir := range filepath.SplitList(e.Getenv("PATH")) {
		if dir == "" {
			continue
		}
		if p, err := exec.LookPath(filepath.Join(dir, name)); err == nil {
			return p, nil
		}
	}
	return "", exec.ErrNotFound
}

// ConfigHome is $XDG_CONFIG_HOME, else ~/.config.
func (e *Env) ConfigHome() string {
	if v := e.Getenv("XDG_CONFIG_HOME"); v != "" {
		return v
	}
	return filepath.Join(e.Home, ".config")
}

// KeydoctorDataDir is where keydoctor keeps what it measured (the bench
// history): $XDG_DATA_HOME/keydoctor, else ~/.local/share/keydoctor.
func (e *Env) KeydoctorDataDir() string {
	if v := e.Getenv("XDG_DATA_HOME"); v != "" {
		return filepath.Join(v, "keydoctor")
	}
	return filepath.Join(e.Home, ".local", "share", "keydoctor")
}

// KeydoctorDir is where keydoctor keeps its own config and backups.
func (e *Env) KeydoctorDir() string { return filepath.Join(e.ConfigHome(), "keydoctor") }

// BackupDir is where setup keeps the backups restore puts back.
func (e *Env) BackupDir() string { return filepath.Join(e.KeydoctorDir(), "backups") }

// Tilde shows a path under the home directory as ~/…, as every output does.
func (e *Env) Tilde(p string) string {
	if e.Home == "" || p == "" {
		return p
	}
	home := filepath.Clean(e.Home)
	if p == home {
		return "~"
	}
	if strings.HasPrefix(p, home+string(filepath.Separator)) {
		return "~" + p[len(home):]
	}
	return p
}

// TildeIn shows every path under the home directory inside s (a message
// that quotes paths) as ~/… (as Tilde does: ~\… on Windows).
func (e *Env) TildeIn(s string) string {
	if e.Home == "" {
		return s
	}
	sep := string(filepath.Separator)
	return strings.ReplaceAll(s, strings.TrimRight(e.Home, "/"+sep)+sep, "~"+sep)
}

// Untilde is the path a ~/… (on Windows ~\…) that Tilde showed names.
func (e *Env) Untilde(p string) string {
	if e.Home == "" {
		return p
	}
	for _, prefix := range []string{"~/", "~" + string(filepath.Separator)} {
		if rest, ok := strings.CutPrefix(p, prefix); ok {
			return filepath.Join(e.Home, rest)
		}
	}
	return p
}
