package profile

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
)

// TeamShown is a team file's path as messages print it: ./keydoctor.yaml
// under the working directory, else with the home as ~.
func TeamShown(e *env.Env, path string) string {
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

// TrustCommand is the command that trusts the file at path.
func TrustCommand(e *env.Env, path string) string {
	if s := TeamShown(e, path); s != "./"+TeamFile {
		return "keydoctor trust " + s
	}
	return "keydoctor trust"
}

// untrustedWhat is why f has no effect.
func (f *Found) untrustedWhat() string {
	if f.Changed {
		return "changed since you trusted it"
	}
	return "is not trusted"
}

// UntrustedText says what the file is, which host it names and how to
// trust it (the hint a command prints when it ignores it).
func (f *Found) UntrustedText(e *env.Env) string {
	host, _, _ := f.Shown()
	return fmt.Sprintf("%s (gateway %s) %s: ignored; '%s' to use it", TeamShown(e, f.Path), host, f.untrustedWhat(), TrustCommand(e, f.Path))
}

// Refused is setup --yes's refusal of the untrusted file f.
func (f *Found) Refused(e *env.Env) error {
	host, _, _ := f.Shown()
	return &gateway.UsageError{Hint: fmt.Sprintf("read it, then run '%s' or pass --trust-team-file", TrustCommand(e, f.Path)),
		Msg: fmt.Sprintf("%s (gateway %s) %s: setup --yes does not take it", TeamShown(e, f.Path), host, f.untrustedWhat())}
}

// TrustNamed trusts the team file path names (TrustTarget), writing
// trusted.yaml in locked (which holds the write lock); it returns what to
// print: the host, model and key variable trusted.
func TrustNamed(e *env.Env, path string, locked func(write func() error) error) (string, error) {
	found, err := TrustTarget(e, path)
	if err != nil {
		return "", err
	}
	t, err := found.Team()
	if err != nil {
		return "", err
	}
	shown, what := TeamShown(e, found.Path), Describe(found, t)
	if found.Trusted {
		return fmt.Sprintf("%s is trusted already (%s)", shown, what), nil
	}
	if err := locked(func() error { return found.Trust(e) }); err != nil {
		return "", err
	}
	return fmt.Sprintf("trusted %s (%s)", shown, what), nil
}

// Revoke stops trusting the team file path names (RevokeTrust); the
// caller holds the write lock. It returns what to print.
func Revoke(e *env.Env, path string) (string, error) {
	key, revoked, err := RevokeTrust(e, path)
	switch {
	case err != nil:
		return "", err
	case !revoked:
		return TeamShown(e, key) + " was not trusted", nil
	}
	return TeamShown(e, key) + " is no longer trusted: commands ignore it", nil
}
