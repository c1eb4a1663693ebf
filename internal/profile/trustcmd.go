package profile

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
)

// What 'keydoctor trust' does, for any front end: find the file a path
// names, trust it, revoke it. Trusting and revoking write trusted.yaml:
// the caller holds the write lock.

// TrustTarget is the team file path names ("" the working directory): a
// file itself, or the team file of the repository holding a directory.
func TrustTarget(e *env.Env, path string) (*Found, error) {
	if path == "" {
		path = "."
	}
	fi, err := os.Stat(path)
	if err != nil {
		return nil, &gateway.UsageError{Msg: fmt.Sprintf("%s: %v", e.Tilde(path), errors.Unwrap(err)), Hint: "give a keydoctor.yaml or a directory of the repository"}
	}
	if !fi.IsDir() {
		return JudgeTeam(e, path)
	}
	found, err := TeamFor(e, path)
	if err != nil {
		return nil, err
	}
	if found == nil {
		return nil, &gateway.UsageError{Msg: fmt.Sprintf("no %s in the repository holding %s", TeamFile, shownDir(e, path)),
			Hint: "only a repository's own file counts: from the directory up to the one holding .git"}
	}
	return found, nil
}

// RevokeTrust stops trusting the team file path names (a file, or the
// repository holding a directory; "" the working directory). key is the
// file's trusted path; revoked is false when it was not trusted.
func RevokeTrust(e *env.Env, path string) (key string, revoked bool, err error) {
	if path == "" {
		path = "."
	}
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		p, err := LocateTeam(path)
		if err != nil {
			return "", false, err
		}
		if p == "" {
			return "", false, &gateway.UsageError{Msg: fmt.Sprintf("no %s in the repository holding %s", TeamFile, shownDir(e, path)),
				Hint: "give the file's path: 'keydoctor trust --list' shows them"}
		}
		path = p
	}
	if key, err = TrustKey(path); err != nil {
		return "", false, err
	}
	tr, err := OpenTrust(e)
	if err != nil {
		return "", false, err
	}
	if !tr.Revoke(key) {
		return key, false, nil
	}
	return key, true, tr.Save()
}

// Describe is what a team file sets, for the user to read.
func Describe(f *Found, t *Team) string {
	host, _, _ := f.Shown()
	s := "gateway " + host
	if t.Model != "" {
		s += ", model " + t.Model
	}
	if t.KeyEnv != "" {
		s += ", key from $" + t.KeyEnv
	}
	return s
}

// shownDir is a directory as messages print it: absolute, home as ~.
func shownDir(e *env.Env, dir string) string {
	if abs, err := filepath.Abs(dir); err == nil {
		dir = abs
	}
	return e.Tilde(dir)
}
