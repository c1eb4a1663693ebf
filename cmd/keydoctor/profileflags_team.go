package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/profile"
)

// untrustedText says what the file is, which host it names and how to
// trust it.
func untrustedText(e *env.Env, found *profile.Found) string {
	host, _, _ := found.Shown()
	what := "is not trusted"
	if found.Changed {
		what = "changed since you trusted it"
	}
	return fmt.Sprintf("%s (gateway %s) %s: ignored; '%s' to use it", teamShown(e, found.Path), host, what, trustCommand(e, found.Path))
}

// untrustedError is setup --yes's refusal of an untrusted team file.
func untrustedError(e *env.Env, found *profile.Found) error {
	host, _, _ := found.Shown()
	what := "is not trusted"
	if found.Changed {
		what = "changed since you trusted it"
	}
	return usageErrorf(fmt.Sprintf("read it, then run '%s' or pass --trust-team-file", trustCommand(e, found.Path)),
		"%s (gateway %s) %s: setup --yes does not take it", teamShown(e, found.Path), host, what)
}

// teamShown is a team file's path as messages print it: ./keydoctor.yaml
// under the working directory, else with the home as ~.
func teamShown(e *env.Env, path string) string {
	if wd, err := os.Getwd(); err == nil {
		if real, err := filepath.EvalSymlinks(wd); err == nil {
			wd = real
		}
		if rel, err := filepath.Rel(wd, path); err == nil && !strings.HasPrefix(rel, "..") {
			return "./" + filepath.ToSlash(rel)
		}
	}
	return e.Tilde(path)
}

// trustCommand is the command that trusts the file at path.
func trustCommand(e *env.Env, path string) string {
	if s := teamShown(e, path); s != "./"+profile.TeamFile {
		return "keydoctor trust " + s
	}
	return "keydoctor trust"
}
