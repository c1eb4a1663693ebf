package profile

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"unicode"

	"github.com/keydoctor/keydoctor/internal/atomicfile"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/templates"
	"go.yaml.in/yaml/v3"
)

// A team file comes with a repository someone else wrote: it could name
// any gateway. Like direnv's allow and mise's trust, it has no effect
// until the user trusts its exact content: the trust store keeps, per
// absolute path, the SHA-256 of the content trusted. A changed file (the
// next pull) is untrusted again.

// TrustFile is the trust store's name in keydoctor's config dir.
const TrustFile = "trusted.yaml"

// TrustPath is the trust store of e's config dir.
func TrustPath(e *env.Env) string { return filepath.Join(e.KeydoctorDir(), TrustFile) }

// Trust is the trust store: path → SHA-256 (hex) of the content trusted.
type Trust struct {
	Path  string
	Files map[string]string
}

type trustDoc struct {
	Trusted map[string]string `yaml:"trusted,omitempty"`
}

// OpenTrust reads the trust store; a missing file trusts nothing. One
// that does not parse is a usage error naming it (nothing is trusted
// then: a command ignores every team file).
func OpenTrust(e *env.Env) (*Trust, error) {
	t := &Trust{Path: TrustPath(e), Files: map[string]string{}}
	b, err := os.ReadFile(t.Path)
	if errors.Is(err, os.ErrNotExist) {
		return t, nil
	}
	if err != nil {
		return nil, err
	}
	var doc trustDoc
	if err := yaml.Unmarshal(b, &doc); err != nil {
		return nil, &gateway.UsageError{Msg: fmt.Sprintf("cannot read %s: %v", e.Tilde(t.Path), err), Hint: "remove that file and trust the team files again ('keydoctor trust')"}
	}
	for p, sum := range doc.Trusted {
		t.Files[p] = sum
	}
	return t, nil
}

// Sum is the SHA-256 of a team file's content, as the store keeps it.
func Sum(content []byte) string {
	s := sha256.Sum256(content)
	return hex.EncodeToString(s[:])
}

// Trusts reports whether the file at path with this content is trusted.
func (t *Trust) Trusts(path string, content []byte) bool {
	sum, ok := t.Files[path]
	return ok && sum == Sum(content)
}

// Known reports whether path was trusted with some content (the file has
// changed when Trusts says no).
func (t *Trust) Known(path string) bool { _, ok := t.Files[path]; return ok }

// Allow trusts this content at path (replacing what was trusted there).
func (t *Trust) Allow(path string, content []byte) { t.Files[path] = Sum(content) }

// Revoke forgets path; false when it was not trusted.
func (t *Trust) Revoke(path string) bool {
	_, ok := t.Files[path]
	delete(t.Files, path)
	return ok
}

// Paths are the trusted files, sorted.
func (t *Trust) Paths() []string {
	out := make([]string, 0, len(t.Files))
	for p := range t.Files {
		out = append(out, p)
	}
	sort.Strings(out)
	return out
}

// Save writes the store atomically, 0600 (it says which repositories may
// pick the user's gateway).
func (t *Trust) Save() error {
	var buf bytes.Buffer
	buf.WriteString("# keydoctor: team files (keydoctor.yaml) you trusted, by path and SHA-256 of the content.\n# Written by 'keydoctor trust'; a file whose content changed is no longer trusted.\n")
	enc := yaml.NewEncoder(&buf)
	enc.SetIndent(2)
	if err := enc.Encode(trustDoc{Trusted: t.Files}); err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(t.Path), 0o700); err != nil {
		return err
	}
	return atomicfile.Write(t.Path, buf.Bytes(), atomicfile.Options{Mode: 0o600, UID: -1, GID: -1})
}

// TrustKey is the path a team file is trusted under: absolute, its
// directory's symbolic links resolved (one repository reached two ways is
// one entry).
func TrustKey(path string) (string, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", err
	}
	dir, err := filepath.EvalSymlinks(filepath.Dir(abs))
	if err != nil {
		return abs, nil
	}
	return filepath.Join(dir, filepath.Base(abs)), nil
}

// Found is the repository's team file as a command finds it: its path
// (TrustKey's form), content, and whether the user trusts that content.
type Found struct {
	Path    string
	Content []byte
	Trusted bool
	// Changed: trusted once, with other content.
	Changed bool
}

// TeamFor finds the team file of the repository holding dir and judges
// it against the trust store; nil when there is none.
func TeamFor(e *env.Env, dir string) (*Found, error) {
	p, err := LocateTeam(dir)
	if err != nil || p == "" {
		return nil, err
	}
	return judge(e, p)
}

// judge reads the team file at path and looks it up in the trust store.
func judge(e *env.Env, path string) (*Found, error) {
	key, err := TrustKey(path)
	if err != nil {
		return nil, err
	}
	b, err := readTeamFile(path)
	if err != nil {
		return nil, err
	}
	tr, err := OpenTrust(e)
	if err != nil {
		return nil, err
	}
	return &Found{Path: key, Content: b, Trusted: tr.Trusts(key, b), Changed: tr.Known(key) && !tr.Trusts(key, b)}, nil
}

// JudgeTeam is a named team file (keydoctor trust PATH) judged the same
// way.
func JudgeTeam(e *env.Env, path string) (*Found, error) { return judge(e, path) }

// Team is the file parsed and checked (unknown keys, key_env's rule).
func (f *Found) Team() (*Team, error) { return parseTeam(f.Path, f.Content) }

// Shown is what the file would set, for a hint or the wizard's question:
// its gateway's host, model and key_env (what can be read of them from a
// file that may not parse). Each is one printable line: the file is
// untrusted, and must not write a fake line (or an escape sequence) of
// its own into the question that asks whether to trust it.
func (f *Found) Shown() (host, model, keyEnv string) {
	var t Team
	if yaml.Unmarshal(f.Content, &t) != nil {
		return "(unreadable)", "", ""
	}
	switch {
	case t.BaseURL != "":
		if n, err := gateway.Normalize(t.BaseURL); err == nil {
			host = gateway.HostOf(n.Root)
		} else {
			host = "(an invalid base URL)"
		}
	case t.Preset != "":
		host = gateway.HostOf(Profile{Preset: t.Preset}.Root())
	default:
		host = gateway.HostOf(Profile{Preset: templates.DefaultPreset}.Root())
	}
	if host == "" {
		host = "(none)"
	}
	return printable(host), printable(t.Model), printable(t.KeyEnv)
}

// printable is s, quoted (escapes visible) when it holds anything but
// printable characters.
func printable(s string) string {
	for _, r := range s {
		if !unicode.IsPrint(r) {
			return strconv.Quote(s)
		}
	}
	return s
}

// Trust records that the user trusts this file's content.
func (f *Found) Trust(e *env.Env) error {
	tr, err := OpenTrust(e)
	if err != nil {
		return err
	}
	tr.Allow(f.Path, f.Content)
	f.Trusted, f.Changed = true, false
	return tr.Save()
}

// State is what became of a trusted file: "trusted", "changed" (its
// content is not the one trusted: ignored again) or "missing".
func (t *Trust) State(path string) string {
	b, err := readTeamFile(path)
	switch {
	case err != nil:
		return "missing"
	case t.Trusts(path, b):
		return "trusted"
	}
	return "changed"
}
