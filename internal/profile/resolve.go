package profile

import (
	"fmt"
	"strings"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/templates"
)

// ProfileVar names the profile commands fall back to instead of the
// default one.
const ProfileVar = "KEYDOCTOR_PROFILE"

// Key is the profile's key: its variable's value ("" when unset) or the
// key keydoctor keeps for it.
func (s *Store) Key(e *env.Env, p Profile) (key string, err error) {
	defer func() { e.Secrets.Add(key) }() // whatever prints next masks it
	if p.KeyEnv != "" {
		return e.Getenv(p.KeyEnv), nil
	}
	if p.KeyStore == "" {
		return "", nil
	}
	return s.Secrets.Get(p.KeyStore, p.Name)
}

// Layer is the profile as Load's stored-profile layer, its kept
// key read.
func (s *Store) Layer(e *env.Env, p Profile) (*Layer, error) {
	l := &Layer{Source: sourcePrefix + p.Name, Preset: p.Preset, BaseURL: p.BaseURL, Roots: p.Roots, Model: p.Model, BackgroundModel: p.BackgroundModel, KeyEnv: p.KeyEnv}
	if p.KeyEnv == "" {
		k, err := s.Key(e, p)
		if err != nil {
			return nil, err
		}
		l.Key = k
	}
	return l, nil
}

// sourcePrefix begins the source of every value a stored profile gave
// (Layer.Source): "profile home".
const sourcePrefix = "profile "

// StoredName is the stored profile a resolved profile's values came
// from ("home" for a source "profile home"), or "".
func StoredName(p gateway.Profile) string {
	for _, f := range []gateway.Field{gateway.FieldBaseURL, gateway.FieldKey, gateway.FieldModel} {
		if name, ok := strings.CutPrefix(p.Source(f), sourcePrefix); ok {
			return name
		}
	}
	return ""
}

// Current names the profile commands fall back to: $KEYDOCTOR_PROFILE,
// else the default; "" when there is none.
func (s *Store) Current(e *env.Env) (string, error) {
	if n, ok := e.Lookup(ProfileVar); ok && n != "" {
		if _, err := s.Must(n); err != nil {
			return "", fmt.Errorf("%s=%s: %w", ProfileVar, n, err)
		}
		return n, nil
	}
	if _, ok := s.Get(s.Default); ok {
		return s.Default, nil
	}
	return "", nil
}

// Triple is what a tool is configured with, for matching.
type Triple struct{ Root, Model, Key string }

// Resolved is a profile with its key read, for matching tools to it.
type Resolved struct {
	Profile
	Root string // the normalised gateway root
	Key  string
}

// Resolve reads every profile's key (a key that cannot be read leaves
// the profile matchable by nothing but its base URL and model: never).
func (s *Store) Resolve(e *env.Env) []Resolved {
	var out []Resolved
	for _, n := range s.Names() {
		p, _ := s.Get(n)
		k, _ := s.Key(e, p)
		out = append(out, Resolved{Profile: p, Root: p.Root(), Key: k})
	}
	return out
}

// Match names the profile a tool is on: same gateway root, model and key
// (compared in memory, never printed); "" when none is.
func Match(rs []Resolved, t Triple) string {
	root := t.Root
	if n, err := gateway.Normalize(root); err == nil {
		root = n.Root
	}
	for _, r := range rs {
		if r.servesAt(root) && r.Model == t.Model && r.Key != "" && r.Key == t.Key {
			return r.Name
		}
	}
	return ""
}

// servesAt says root is the profile's root or one of its families' own.
func (r Resolved) servesAt(root string) bool {
	if r.Root == root {
		return true
	}
	for _, own := range r.OwnRoots() {
		if own == root {
			return true
		}
	}
	return false
}

// RootOf is the profile's root of API family f: its own root for f,
// else Root.
func (p Profile) RootOf(f gateway.Family) string {
	if r := p.OwnRoots()[string(f)]; r != "" {
		return r
	}
	return p.Root()
}

// Owns reports whether key is the key of some profile.
func Owns(rs []Resolved, key string) bool {
	for _, r := range rs {
		if r.Key != "" && r.Key == key {
			return true
		}
	}
	return false
}

// OwnRoots are the profile's per-family roots: its own, else, for a
// profile that follows its preset's gateway (no base URL), the preset's.
func (p Profile) OwnRoots() map[string]string {
	raw := p.Roots
	if len(raw) == 0 && p.BaseURL == "" {
		if pr, err := templates.LookupPreset(p.Preset); err == nil {
			raw = pr.Roots
		}
	}
	rs, _, err := gateway.NormalizeRoots(raw) // a team file's are as written
	if err != nil {
		return nil
	}
	return gateway.RootStrings(rs)
}

// Root is the profile's gateway root: its base URL, else its preset's.
func (p Profile) Root() string {
	raw := p.BaseURL
	if raw == "" {
		if pr, err := templates.LookupPreset(p.Preset); err == nil {
			raw = pr.BaseURL
		}
	}
	if n, err := gateway.Normalize(raw); err == nil {
		return n.Root
	}
	return raw
}
