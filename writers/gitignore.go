package writers

import (
	"bufio"
	"bytes"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/keydoctor/keydoctor/internal/format/eol"
	"github.com/keydoctor/keydoctor/internal/safefile"
)

// gitRoot is the work tree containing dir, or "".
func gitRoot(dir string) string {
	for {
		if _, err := os.Stat(filepath.Join(dir, ".git")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}

// gitIgnored decides whether git ignores file, reading .git/info/exclude
// and every .gitignore from the root down to the file's directory (the
// last matching pattern wins, as in git). It covers the patterns people
// write for .env; a pattern it does not understand does not match, so in
// doubt keydoctor adds the line.
func gitIgnored(root, file string) bool {
	ignored := false
	apply := func(base string, data []byte) {
		rel, err := filepath.Rel(base, file)
		if err != nil {
			return
		}
		rel = filepath.ToSlash(rel)
		sc := bufio.NewScanner(bytes.NewReader(data))
		for sc.Scan() {
			pat := strings.TrimRight(strings.TrimSuffix(sc.Text(), "\r"), " ")
			if pat == "" || strings.HasPrefix(pat, "#") {
				continue
			}
			neg := strings.HasPrefix(pat, "!")
			pat = strings.TrimPrefix(pat, "!")
			if strings.HasSuffix(pat, "/") {
				continue // directories only
			}
			pat = strings.TrimPrefix(pat, "**/")
			var ok bool
			if strings.Contains(pat, "/") {
				ok, _ = path.Match(strings.TrimPrefix(pat, "/"), rel)
			} else {
				ok, _ = path.Match(pat, path.Base(rel))
			}
			if ok {
				ignored = !neg
			}
		}
	}
	if b, err := safefile.ReadFile(filepath.Join(root, ".git", "info", "exclude")); err == nil {
		apply(root, b)
	}
	rel, err := filepath.Rel(root, filepath.Dir(file))
	if err != nil {
		return false
	}
	dir := root
	parts := []string{""}
	if rel != "." {
		parts = append(parts, strings.Split(rel, string(filepath.Separator))...)
	}
	for _, p := range parts {
		dir = filepath.Join(dir, p)
		if b, err := safefile.ReadFile(filepath.Join(dir, ".gitignore")); err == nil {
			apply(dir, b)
		}
	}
	return ignored
}

// PlanGitignore adds file (which lies in dir) to dir/.gitignore when dir
// is inside a git work tree and file is not ignored yet; nil otherwise.
func PlanGitignore(dir, envPath string) (*Change, error) {
	project := dir
	abs, err := filepath.Abs(envPath)
	if err != nil {
		return nil, err
	}
	root := gitRoot(filepath.Dir(abs))
	if root == "" || gitIgnored(root, abs) {
		return nil, nil
	}
	path := filepath.Join(project, ".gitignore")
	c, err := ReadFile(path)
	if err != nil {
		return nil, err
	}
	line := "/" + filepath.Base(envPath)
	nl := eol.Of(c.Old)
	if len(c.Old) > 0 && c.Old[len(c.Old)-1] != '\n' {
		c.New = append(append(append([]byte(nil), c.Old...), nl...), line+nl...)
	} else {
		c.New = append(append([]byte(nil), c.Old...), line+nl...)
	}
	c.Finish(false, 0o644)
	c.order = -1 // before the .env it protects
	return c, nil
}
