package providerjson

import (
	"os"
	"path/filepath"
)

// ProjectFiles are the project configs a tool started in project merges,
// lowest precedence first: each of names (later ones beat earlier ones)
// in each directory from the git work tree's root (or /, outside one)
// down to project. always, one of names, is listed in project itself even
// when absent, as the place a project config would be; the others only
// when they are regular files.
func ProjectFiles(project string, names []string, always string) []string {
	var dirs []string
	for d := filepath.Clean(project); ; d = filepath.Dir(d) {
		dirs = append(dirs, d)
		if _, err := os.Stat(filepath.Join(d, ".git")); err == nil || filepath.Dir(d) == d {
			break
		}
	}
	var out []string
	for i := len(dirs) - 1; i >= 0; i-- {
		for _, name := range names {
			p := filepath.Join(dirs[i], name)
			if st, err := os.Stat(p); (err == nil && st.Mode().IsRegular()) || (i == 0 && name == always) {
				out = append(out, p)
			}
		}
	}
	return out
}
