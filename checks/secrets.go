package checks

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"

	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/human"
)

// secretFile is a file that holds a key, and the tool that reads it.
type secretFile struct {
	path string
	tool string
}

// secretFiles lists every file that holds a real-looking key: effective
// or shadowed, since a shadowed key leaks just as well.
func secretFiles(s *discover.Snapshot) []secretFile {
	seen := map[string]bool{}
	var out []secretFile
	add := func(v discover.Value, tool string) {
		// PROXY_MANAGED is CC Switch's stand-in token, not a secret.
		if v.Source.File == "" || v.Value == "" || v.Value == "PROXY_MANAGED" || seen[v.Source.File] {
			return
		}
		if p := gateway.CheckKey(v.Value); p != nil && p.Code == catalog.KeyPlaceholder {
			return
		}
		seen[v.Source.File] = true
		out = append(out, secretFile{v.Source.File, tool})
	}
	for _, t := range s.Tools {
		for _, v := range append([]discover.Value{t.Key}, t.Credentials...) {
			add(v, string(t.ID))
			for _, o := range v.Overrides {
				add(o, string(t.ID))
			}
		}
	}
	add(s.Codex.AuthKey, "codex")
	sort.Slice(out, func(i, j int) bool { return out[i].path < out[j].path })
	return out
}

// permsCheck reports secret-perms: a key file that other users can read.
// A warning: on a single-user machine nothing leaks, but keys belong in
// 0600 files (Cline itself writes providers.json 0600).
type permsCheck struct{ snap *discover.Snapshot }

func (permsCheck) Name() string { return string(catalog.SecretPerms) }

func (c permsCheck) Run(_ context.Context, e *env.Env) []doctor.Finding {
	if e.GOOS == "windows" {
		return []doctor.Finding{skip("", "file modes do not apply on Windows")}
	}
	var out []doctor.Finding
	for _, f := range secretFiles(c.snap) {
		fi, err := os.Stat(f.path)
		if err != nil || !fi.Mode().IsRegular() {
			continue
		}
		if perm := fi.Mode().Perm(); perm&0o077 != 0 {
			out = append(out, doctor.Finding{Code: catalog.SecretPerms, Status: doctor.Warning, Tool: f.tool, Source: e.Tilde(f.path),
				Message: fmt.Sprintf("%s holds a key and is readable by other users (mode %04o)", e.Tilde(f.path), perm),
				Fix:     catalog.Render(catalog.SecretPerms, catalog.Slots{File: human.ShellQuote(e.Tilde(f.path))})})
		}
	}
	if len(out) == 0 {
		out = append(out, doctor.Finding{Status: doctor.OK, Message: "every file holding a key is private to its owner"})
	}
	return out
}

// GitRunner runs git with args in dir and returns its standard output and
// exit status; err is set only when git could not be run at all.
type GitRunner func(ctx context.Context, dir string, args ...string) (stdout string, exit int, err error)

// ExecGit runs the git binary.
func ExecGit(ctx context.Context, dir string, args ...string) (string, int, error) {
	cmd := exec.CommandContext(ctx, "git", append([]string{"-C", dir}, args...)...)
	out, err := cmd.Output()
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return string(out), ee.ExitCode(), nil
	}
	if err != nil {
		return "", -1, err
	}
	return string(out), 0, nil
}

// gitCheck reports secret-in-git. It finds a key file's work tree by
// looking for .git in its directory and the ones above (no process is
// started for files outside any repository), then asks git itself, which
// knows every ignore rule (.gitignore at any depth, info/exclude, the
// global excludes file), in one call: `git status --porcelain --ignored`
// prints "!! path" for an ignored file, "?? path" for an untracked one
// that is not ignored, and nothing (or a change) for a tracked one.
// Tracked is an error: the key is in the history and goes out with the
// next push. Untracked but not ignored is a warning: one `git add .` away.
type gitCheck struct {
	snap *discover.Snapshot
	git  GitRunner
}

func (gitCheck) Name() string { return "secret-git" }

func (c gitCheck) Run(ctx context.Context, e *env.Env) []doctor.Finding {
	var out []doctor.Finding
	for _, f := range secretFiles(c.snap) {
		root := workTree(filepath.Dir(f.path))
		if root == "" {
			continue
		}
		rel, err := filepath.Rel(root, f.path)
		if err != nil {
			continue
		}
		rel = filepath.ToSlash(rel)
		stdout, code, err := c.git(ctx, root, "status", "--porcelain=v1", "--ignored=matching", "--untracked-files=all", "--", rel)
		if err != nil {
			return []doctor.Finding{skip("", "git is not installed: cannot tell whether "+e.Tilde(f.path)+" is tracked")}
		}
		if code != 0 {
			continue // not a usable repository: say nothing
		}
		switch {
		case strings.HasPrefix(stdout, "!!"):
			// ignored
		case strings.HasPrefix(stdout, "??"):
			out = append(out, doctor.Finding{Code: catalog.SecretInGit, Status: doctor.Warning, Tool: f.tool, Source: e.Tilde(f.path),
				Message: fmt.Sprintf("%s holds a key, lies in the git work tree %s and is not ignored: the next 'git add .' commits it", e.Tilde(f.path), e.Tilde(root)),
				Fix:     catalog.Render(catalog.SecretInGit, catalog.Slots{Value: rel, File: e.Tilde(filepath.Join(root, ".gitignore"))})})
		default: // tracked, changed or not
			out = append(out, doctor.Finding{Code: catalog.SecretInGit, Status: doctor.Error, Tool: f.tool, Source: e.Tilde(f.path),
				Message: fmt.Sprintf("%s holds a key and is tracked by the git repository %s", e.Tilde(f.path), e.Tilde(root)),
				Fix: catalog.Render(catalog.SecretInGit, catalog.Slots{Value: rel, File: e.Tilde(filepath.Join(root, ".gitignore")),
					Command: fmt.Sprintf("git -C %s rm --cached %s", human.ShellQuote(e.Tilde(root)), human.ShellQuote(rel))})})
		}
	}
	if len(out) == 0 {
		out = append(out, doctor.Finding{Status: doctor.OK, Message: "no file holding a key is tracked or unignored in a git work tree"})
	}
	return out
}

// workTree is the nearest directory at or above dir that has a .git
// entry (a directory, or a file for worktrees and submodules).
func workTree(dir string) string {
	for {
		if _, err := os.Lstat(filepath.Join(dir, ".git")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}
