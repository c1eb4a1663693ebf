package profile

import (
	"fmt"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
)

// Remember saves the triple setup wrote (p) as a stored profile and
// makes it the default, so that later commands (ping, bench, doctor, the
// next setup) start from it. The name is name (--profile), else the
// profile the run started from (used) when it kept that profile's
// gateway (setup --model X after 'use b' updates b), else the preset's
// (a custom gateway: its host). The caller holds the write lock. It
// returns what to report ("" when the store already held it); note is
// told what the key store said.
func Remember(e *env.Env, p gateway.Profile, name, used string, note func(string)) (string, error) {
	st, err := Open(e)
	if err != nil {
		return "", err
	}
	if name == "" {
		if u, ok := st.Get(used); ok && u.Root() == p.BaseURL && u.PresetName() == p.Preset {
			name = u.Name
		} else {
			name = p.Name()
		}
	}
	old, existed := st.Get(name)
	sp := Profile{Name: name, Preset: p.Preset, BaseURL: p.BaseURL, Roots: gateway.RootStrings(p.Roots), Model: p.Model, BackgroundModel: p.BackgroundModel}
	if err := keepKey(st, &sp, old, p, note); err != nil {
		return "", err
	}
	if existed && sp.Equal(old) && st.Default == name {
		return "", nil
	}
	if err := st.Put(sp); err != nil {
		return "", err
	}
	st.Default = name
	if err := st.Save(); err != nil {
		return "", fmt.Errorf("saving profile %s: %w", name, err)
	}
	verb := "saved as"
	if existed {
		verb = "updated"
	}
	return fmt.Sprintf("%s %s (the default profile; 'keydoctor profile show %s')", verb, name, name), nil
}

// keepKey records where the profile's key is: the variable it came from,
// or (typed, piped, or a kept key) keydoctor's own store. A kept key that
// has not changed is not written again.
func keepKey(st *Store, sp *Profile, old Profile, p gateway.Profile, note func(string)) error {
	src := p.Source(gateway.FieldKey)
	if p.Key == "" {
		return nil
	}
	if src != "" && src == p.KeyVar && src != "stdin" {
		sp.KeyEnv = p.KeyVar
		if old.KeyStore != "" {
			return st.Secrets.Delete(old.KeyStore, old.Name)
		}
		return nil
	}
	if old.KeyStore != "" {
		if k, err := st.Secrets.Get(old.KeyStore, old.Name); err == nil && k == p.Key {
			sp.KeyStore = old.KeyStore
			return nil
		}
	}
	where, n, err := st.Secrets.Set(sp.Name, p.Key)
	if err != nil {
		return fmt.Errorf("keeping the key of profile %s: %w", sp.Name, err)
	}
	if n != "" {
		note(n)
	}
	sp.KeyStore = where
	return nil
}
