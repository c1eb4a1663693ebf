// Package profile keeps the named gateways a user switches between: the
// profile store (profiles.yaml in keydoctor's config dir, never a key),
// where each profile's key lives (a variable, the OS keyring or a 0600
// file), and the team file (keydoctor.yaml) a repository commits.
package profile

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/keydoctor/keydoctor/internal/atomicfile"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/safefile"
	"go.yaml.in/yaml/v3"
)

// Where a profile's key is kept when no variable holds it.
const (
	StoreKeyring = "keyring"
	StoreFile    = "file"
)

// Profile is one named gateway. The key itself is never a field: KeyEnv
// names the variable that holds it, or KeyStore says where keydoctor keeps
// it (the OS keyring or a 0600 file under the config dir).
type Profile struct {
	Name    string `yaml:"-" json:"name"`
	Preset  string `yaml:"preset,omitempty" json:"preset,omitempty"`
	BaseURL string `yaml:"base_url,omitempty" json:"base_url,omitempty"`
	// Roots are the per-family roots (anthropic, openai, gemini) of a
	// gateway that serves each API under its own root.
	Roots           map[string]string `yaml:"roots,omitempty" json:"roots,omitempty"`
	Model           string            `yaml:"model,omitempty" json:"model,omitempty"`
	BackgroundModel string            `yaml:"background_model,omitempty" json:"background_model,omitempty"`
	KeyEnv          string            `yaml:"key_env,omitempty" json:"key_env,omitempty"`
	KeyStore        string            `yaml:"key_store,omitempty" json:"key_store,omitempty"`
}

// fileDoc is profiles.yaml.
type fileDoc struct {
	Default  string              `yaml:"default,omitempty"`
	Profiles map[string]*Profile `yaml:"profiles,omitempty"`
}

// Store is the profile store of one config dir.
type Store struct {
	Path    string
	Default string
	byName  map[string]*Profile
	Secrets *Secrets
}

// Path is the store's file.
func Path(e *env.Env) string { return filepath.Join(e.KeydoctorDir(), "profiles.yaml") }

// knownStoreKeys are the keys profiles.yaml may hold, per level.
var (
	knownTop     = []string{"default", "profiles"}
	knownProfile = []string{"preset", "base_url", "roots", "model", "background_model", "key_env", "key_store"}
)

// Open reads the store; a missing file is an empty store. A file that
// does not parse, or holds an unknown key, is a usage error naming it.
func Open(e *env.Env) (*Store, error) {
	s := &Store{Path: Path(e), byName: map[string]*Profile{}, Secrets: NewSecrets(e)}
	b, err := safefile.ReadFile(s.Path)
	if errors.Is(err, os.ErrNotExist) {
		return s, nil
	}
	if err != nil {
		return nil, err
	}
	name := e.Tilde(s.Path)
	if err := checkCount(name, b); err != nil {
		return nil, err
	}
	var raw map[string]any
	if err := yaml.Unmarshal(b, &raw); err != nil {
		return nil, &gateway.UsageError{Msg: fmt.Sprintf("cannot read %s: %v", name, err), Hint: "fix or remove that file"}
	}
	if err := gateway.CheckKeys(name, raw, knownTop); err != nil {
		return nil, err
	}
	if ps, ok := raw["profiles"].(map[string]any); ok {
		for n, v := range ps {
			m, _ := v.(map[string]any)
			if err := gateway.CheckKeys(name+": profile "+n, m, knownProfile); err != nil {
				return nil, err
			}
		}
	}
	var doc fileDoc
	if err := yaml.Unmarshal(b, &doc); err != nil {
		return nil, &gateway.UsageError{Msg: fmt.Sprintf("cannot read %s: %v", name, err), Hint: "fix or remove that file"}
	}
	s.Default = doc.Default
	for n, p := range doc.Profiles {
		if p == nil {
			p = &Profile{}
		}
		p.Name = n
		s.byName[n] = p
	}
	return s, nil
}

// Save writes the store atomically (0600: it names variables and gateways,
// not keys, but it is the user's private list).
func (s *Store) Save() error {
	doc := fileDoc{Default: s.Default, Profiles: s.byName}
	var buf bytes.Buffer
	buf.WriteString("# keydoctor profiles: written by 'keydoctor profile' and 'keydoctor setup'.\n# Keys are never kept here (key_env names a variable; key_store says where keydoctor keeps it).\n")
	enc := yaml.NewEncoder(&buf)
	enc.SetIndent(2)
	if err := enc.Encode(doc); err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(s.Path), 0o700); err != nil {
		return err
	}
	return atomicfile.Write(s.Path, buf.Bytes(), atomicfile.Options{Mode: 0o600, UID: -1, GID: -1})
}

// Names lists the profiles, sorted.
func (s *Store) Names() []string {
	out := make([]string, 0, len(s.byName))
	for n := range s.byName {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// Get returns a copy of a profile.
func (s *Store) Get(name string) (Profile, bool) {
	p, ok := s.byName[name]
	if !ok {
		return Profile{}, false
	}
	return *p, true
}

// Must is Get with the usage error a command prints.
func (s *Store) Must(name string) (Profile, error) {
	p, ok := s.Get(name)
	if !ok {
		hint := "'keydoctor profile list' shows them"
		if len(s.byName) == 0 {
			hint = "add one with 'keydoctor profile add NAME'"
		}
		return Profile{}, &gateway.UsageError{Msg: fmt.Sprintf("no profile %q", name), Hint: hint}
	}
	return p, nil
}

// Put adds or replaces a profile (not yet saved).
func (s *Store) Put(p Profile) error {
	if err := ValidName(p.Name); err != nil {
		return err
	}
	if err := (gateway.Profile{Model: p.Model, BackgroundModel: p.BackgroundModel}).CheckModels(); err != nil {
		return err
	}
	cp := p
	s.byName[p.Name] = &cp
	return nil
}

// Remove drops a profile and the key keydoctor kept for it.
func (s *Store) Remove(name string) error {
	p, err := s.Must(name)
	if err != nil {
		return err
	}
	if p.KeyStore != "" {
		if err := s.Secrets.Delete(p.KeyStore, name); err != nil {
			return err
		}
	}
	delete(s.byName, name)
	if s.Default == name {
		s.Default = ""
	}
	return nil
}

// Rename renames a profile, moving its kept key along.
func (s *Store) Rename(old, new string) error {
	p, err := s.Must(old)
	if err != nil {
		return err
	}
	if err := ValidName(new); err != nil {
		return err
	}
	if _, taken := s.byName[new]; taken {
		return &gateway.UsageError{Msg: fmt.Sprintf("a profile %q already exists", new), Hint: "remove it first with 'keydoctor profile rm " + new + "'"}
	}
	if p.KeyStore != "" {
		key, err := s.Secrets.Get(p.KeyStore, old)
		if err != nil {
			return err
		}
		where, _, err := s.Secrets.Set(new, key)
		if err != nil {
			return err
		}
		if err := s.Secrets.Delete(p.KeyStore, old); err != nil {
			return err
		}
		p.KeyStore = where
	}
	delete(s.byName, old)
	p.Name = new
	s.byName[new] = &p
	if s.Default == old {
		s.Default = new
	}
	return nil
}

// ValidName accepts names usable as a file name and a keyring entry.
func ValidName(n string) error {
	ok := n != "" && len(n) <= 64 && !strings.HasPrefix(n, ".") && !strings.HasPrefix(n, "-")
	for _, r := range n {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' || r == '.') {
			ok = false
		}
	}
	if !ok {
		return &gateway.UsageError{Msg: fmt.Sprintf("%q is not a profile name", n), Hint: "use letters, digits, '-', '_' and '.', e.g. work or personal"}
	}
	return nil
}

// StoredNames are the stored profiles' names; none when the store does
// not read (the command that needs it says why).
func StoredNames(e *env.Env) []string {
	st, err := Open(e)
	if err != nil {
		return nil
	}
	return st.Names()
}
