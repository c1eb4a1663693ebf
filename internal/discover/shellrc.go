package discover

import (
	"bufio"
	"bytes"
	"path/filepath"
	"regexp"
)

// shellProfiles are the startup files of bash, zsh, sh and fish, relative
// to the home directory, in the order a fix names them.
var shellProfiles = []string{".bashrc", ".bash_profile", ".profile", ".zshrc", ".zprofile", ".zshenv", ".config/fish/config.fish"}

// ExportedBy finds the shell profile line that sets a variable (export
// NAME=…, NAME=…, set -x NAME …), so that a fix can name the line to
// remove. It reports only what a file says; the variable may also come
// from elsewhere (a parent process, a .envrc).
func (s *Snapshot) ExportedBy(name string) (Source, bool) {
	return ExportedIn(s.Env.Home, name)
}

// ExportedIn is ExportedBy for the profiles under home, for a fix built
// without a snapshot at hand.
func ExportedIn(home, name string) (Source, bool) {
	re := regexp.MustCompile(`^\s*(?:export\s+|declare\s+-x\s+)?` + regexp.QuoteMeta(name) + `=|^\s*set\s+(?:-[a-zA-Z]+\s+)*` + regexp.QuoteMeta(name) + `\s`)
	for _, rel := range shellProfiles {
		path := filepath.Join(home, filepath.FromSlash(rel))
		b, ok, err := ReadFile(path)
		if !ok || err != nil {
			continue
		}
		sc := bufio.NewScanner(bytes.NewReader(b))
		for n := 1; sc.Scan(); n++ {
			if re.MatchString(sc.Text()) {
				return Source{File: path, Line: n, Key: name}, true
			}
		}
	}
	return Source{}, false
}
