package checks

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/human"
	"github.com/keydoctor/keydoctor/internal/shell"
	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/keydoctor/keydoctor/writers"
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
	for _, k := range s.Stored {
		add(k.Value, string(k.Tool))
	}
	sort.Slice(out, func(i, j int) bool { return out[i].path < out[j].path })
	return out
}

// permsCheck reports secret-perms: a key file that other users can read.
// A warning: on a single-user machine nothing leaks, but keys belong in
// 0600 files (tools write their own key files 0600).
type permsCheck struct{ snap *discover.Snapshot }

func (permsCheck) Name() string { return string(catalog.SecretPerms) }

func (c permsCheck) Run(_ context.Context, e *env.Env) []doctor.Finding {
	if e.FileACL != nil {
		return c.runACL(e)
	}
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
			out = append(out, c.finding(e, f, fmt.Sprintf("mode %04o", perm), catalog.Slots{File: human.ShellQuote(e.Tilde(f.path))}))
		}
	}
	return permsOK(out)
}

// runACL is the check on Windows: the file's DACL, not its mode, says who
// may read it. A broad group (Everyone, Users, Authenticated Users, …)
// allowed to read it is reported, with the icacls command for the user's
// shell that removes those groups (doctor --fix sets the same DACL).
func (c permsCheck) runACL(e *env.Env) []doctor.Finding {
	var out []doctor.Finding
	for _, f := range secretFiles(c.snap) {
		fi, err := os.Stat(f.path)
		if err != nil || !fi.Mode().IsRegular() {
			continue
		}
		d, err := e.FileACL(f.path)
		if err != nil {
			out = append(out, skip(f.tool, fmt.Sprintf("cannot read the ACL of %s: %v", e.Tilde(f.path), err)))
			continue
		}
		readers := d.Readers()
		if len(readers) == 0 {
			continue
		}
		shown := e.Tilde(f.path)
		out = append(out, c.finding(e, f, "its ACL lets "+strings.Join(readers, ", ")+" read it",
			catalog.Slots{File: shown, Command: shell.Of(e).MakePrivate(shown, d.ReaderSIDs())}))
	}
	return permsOK(out)
}

func (c permsCheck) finding(e *env.Env, f secretFile, why string, slots catalog.Slots) doctor.Finding {
	return WithEdit(doctor.Finding{Code: catalog.SecretPerms, Status: doctor.Warning, Tool: gateway.ToolID(f.tool), Source: e.Tilde(f.path),
		Message: fmt.Sprintf("%s holds a key and is readable by other users (%s)", e.Tilde(f.path), why),
		Fix:     catalog.Render(catalog.SecretPerms, slots)}.Located(e, doctor.At{File: f.path}),
		writers.Edit{Kind: writers.EditSecretMode, Tool: gateway.ToolID(f.tool), Path: f.path})
}

func permsOK(out []doctor.Finding) []doctor.Finding {
	if len(out) == 0 {
		out = append(out, doctor.Finding{Status: doctor.OK, Message: "every file holding a key is private to its owner"})
	}
	return out
}

// gitCheck reports secret-in-git. It finds a key file's work tree by
// looking for .git in its directory and the ones above (no process is
// started for files outside any repository), then asks git itself, which
// knows every ignore rule (.gitignore at any depth, info/exclude, the
// global excludes file): `git ls-files` prints the path when the index
// tracks it, and `git check-ignore` exits 0 when it is ignored. Both only
// read, and run hardened (ExecGit): the repository may be hostile. A file
// reached through a symlink is judged where it really lies (a
// ~/.tool -> ~/dotfiles/tool checkout holds the key, not ~/.tool).
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
		path, shown := f.path, e.Tilde(f.path)
		if real, err := filepath.EvalSymlinks(f.path); err == nil {
			path = real
		}
		root := workTree(filepath.Dir(path))
		if root == "" {
			continue
		}
		if linkedElsewhere(f.path, root) {
			shown += " (a link to " + e.Tilde(path) + ")"
		}
		rel, err := filepath.Rel(root, path)
		if err != nil {
			continue
		}
		rel = filepath.ToSlash(rel)
		tracked, code, err := c.git(ctx, root, "ls-files", "-z", "--", ":(literal)"+rel)
		if err != nil {
			return []doctor.Finding{skip("", "git is not installed: cannot tell whether "+shown+" is tracked")}
		}
		if code != 0 {
			// Not a usable repository, or one git refuses (owned by another
			// user: safe.directory), which keydoctor does not override.
			out = append(out, skip(f.tool, fmt.Sprintf("git cannot read the repository %s (exit %d): cannot tell whether %s is tracked", e.Tilde(root), code, shown)))
			continue
		}
		if tracked != "" {
			// Tracked: it must leave the index and its key be rotated, steps.
			out = append(out, doctor.Finding{Code: catalog.SecretInGit, Status: doctor.Error, Tool: gateway.ToolID(f.tool), Source: e.Tilde(f.path),
				Message: fmt.Sprintf("%s holds a key and is tracked by the git repository %s", shown, e.Tilde(root)),
				Fix: catalog.Render(catalog.SecretInGit, catalog.Slots{Value: rel, File: e.Tilde(filepath.Join(root, ".gitignore")),
					Command: fmt.Sprintf("git -C %s rm --cached %s", human.ShellQuote(e.Tilde(root)), human.ShellQuote(rel))})}.Located(e, doctor.At{File: f.path}))
			continue
		}
		if _, code, err := c.git(ctx, root, "check-ignore", "-q", "--", rel); err != nil || code != 1 {
			continue // ignored (0), or git could not tell (128): say nothing
		}
		fd := doctor.Finding{Code: catalog.SecretInGit, Status: doctor.Warning, Tool: gateway.ToolID(f.tool), Source: e.Tilde(f.path),
			Message: fmt.Sprintf("%s holds a key, lies in the git work tree %s and is not ignored: the next 'git add .' commits it", shown, e.Tilde(root)),
			Fix:     catalog.Render(catalog.SecretInGit, catalog.Slots{Value: rel, File: e.Tilde(filepath.Join(root, ".gitignore"))})}.Located(e, doctor.At{File: f.path})
		if t, ok := tool.Lookup(f.tool); ok && t.Format == tool.FormatDotEnv { // the project's .env: --fix adds it to the project's .gitignore
			fd = WithEdit(fd, writers.Edit{Kind: writers.EditIgnoreEnv, Tool: t.ID})
		}
		out = append(out, fd)
	}
	if len(out) == 0 {
		out = append(out, doctor.Finding{Status: doctor.OK, Message: "no file holding a key is tracked or unignored in a git work tree"})
	}
	return out
}

// linkedElsewhere reports whether path reaches the work tree root (of
// the file it resolves to) only through a symlink: the file is a link,
// or a directory on its way is (a symlinked /tmp or home is not).
func linkedElsewhere(path, root string) bool {
	if fi, err := os.Lstat(path); err == nil && fi.Mode()&os.ModeSymlink != 0 {
		return true
	}
	near := workTree(filepath.Dir(path))
	if near == "" {
		return true
	}
	if r, err := filepath.EvalSymlinks(near); err == nil {
		near = r
	}
	return near != root
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
