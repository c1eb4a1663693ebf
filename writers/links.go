package writers

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gitexec"
)

// A project is untrusted: a cloned repository may commit `.env ->
// ../../../..$HOME/.profile`, `.gitignore -> ~/.bashrc`, or `.env ->
// config.txt` (a tracked file). checkLinks refuses, for every change of a
// file inside the project reached through a symlink (the file or a
// directory of it inside the project), a target outside the project or
// one git tracks: the key would land in the user's shell profile or in a
// committed file. Links outside the project (a dotfiles manager's
// ~/.tool/settings.json -> ~/dotfiles/...) are the user's own and keep
// working. Every change written through a link says so in its notes, so
// the plan and --dry-run name the file really written.
func checkLinks(o Options, p *Plan) error {
	for _, c := range p.Changes {
		if err := checkLink(o, c); err != nil {
			return err
		}
	}
	return nil
}

// checkLink is checkLinks for one change.
func checkLink(o Options, c *Change) error {
	project, err := filepath.Abs(o.Project)
	if err != nil {
		return err
	}
	path, err := filepath.Abs(c.Path)
	if err != nil {
		return err
	}
	real := resolveExisting(path)
	if inProject(o.Env, project, path) {
		projectReal := resolveExisting(project)
		rel, _ := filepath.Rel(project, path)
		if real == filepath.Join(projectReal, rel) {
			return nil // no link on the way
		}
		const hint = "replace the link with a file of its own (rm it, then run again) or leave this tool out with --tools"
		if !within(projectReal, real) {
			return Refuse(c.Path, hint, "%s, outside the project: keydoctor does not write through it", viaLink(o.Env, project, path, real))
		}
		if r, _ := filepath.Rel(projectReal, real); strings.HasPrefix(filepath.ToSlash(r)+"/", ".git/") || strings.Contains("/"+filepath.ToSlash(r), "/.git/") {
			return Refuse(c.Path, hint, "%s, inside git's own directory: keydoctor does not write through it", viaLink(o.Env, project, path, real))
		}
		if tracked, why := gitTracks(real); tracked {
			return Refuse(c.Path, hint, "%s, %s: writing through it would put the key in a committed file", viaLink(o.Env, project, path, real), why)
		}
	}
	if real != path && isLink(path) {
		c.Notef("a symlink: the file written is %s", o.Env.Tilde(real))
	}
	return nil
}

// viaLink names the first symlink on the way from the project to path,
// what it points to, and the file path really is.
func viaLink(e *env.Env, project, path, real string) string {
	rel, _ := filepath.Rel(project, path)
	at := project
	for _, part := range strings.Split(rel, string(filepath.Separator)) {
		at = filepath.Join(at, part)
		if to, err := os.Readlink(at); err == nil {
			if at == path {
				return fmt.Sprintf("is a symlink to %s (%s)", to, e.Tilde(real))
			}
			return fmt.Sprintf("lies under the symlink %s -> %s (it is %s)", e.Tilde(at), to, e.Tilde(real))
		}
	}
	return "is " + e.Tilde(real)
}

// inProject reports whether path is a project file: under the project
// directory, and not a tool's file in the home when the project is the
// home itself (or above it), where only the files directly in it count.
func inProject(e *env.Env, project, path string) bool {
	if !within(project, path) {
		return false
	}
	if home, err := filepath.Abs(e.Home); err == nil && home != "" && within(project, home) {
		return filepath.Dir(path) == project
	}
	return true
}

// within reports whether path is dir or lies under it.
func within(dir, path string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}

func isLink(path string) bool {
	fi, err := os.Lstat(path)
	return err == nil && fi.Mode()&os.ModeSymlink != 0
}

// resolveExisting is path with every symlink resolved, as far as it
// exists (a file not created yet keeps its name under its resolved
// directory).
func resolveExisting(path string) string {
	if r, err := filepath.EvalSymlinks(path); err == nil {
		return r
	}
	dir := filepath.Dir(path)
	if dir == path {
		return path
	}
	return filepath.Join(resolveExisting(dir), filepath.Base(path))
}

// gitTracks reports whether the git work tree holding file tracks it,
// and says so; git runs hardened (the repository is the untrusted one).
// When git cannot tell, the link is refused too: better no write than a
// key in a committed file.
func gitTracks(file string) (bool, string) {
	root := gitRoot(filepath.Dir(file))
	if root == "" {
		return false, ""
	}
	rel, err := filepath.Rel(root, file)
	if err != nil {
		return true, "in a git work tree keydoctor cannot read"
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	out, code, err := gitexec.Run(ctx, root, "ls-files", "-z", "--", ":(literal)"+filepath.ToSlash(rel))
	switch {
	case err != nil:
		return true, "in a git work tree, and git is not installed to tell whether it is tracked"
	case code != 0:
		return true, "in a git work tree git refuses to read"
	case out != "":
		return true, "which git tracks"
	}
	return false, ""
}
