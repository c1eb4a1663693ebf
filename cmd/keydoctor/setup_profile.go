package main

import (
	"fmt"
	"time"

	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/profile"
)

// rememberSetup saves what setup wrote as a stored profile and makes it
// the default, so that later commands (ping, bench, doctor, the next
// setup) start from it. The name is --profile, else the profile the run
// started from when it kept that profile's gateway (setup --model X after
// 'use b' updates b), else the preset's (a custom gateway: its host).
// It returns what to report ("" when the store already held it).
func rememberSetup(o *setupOptions, p gateway.Profile, since time.Time) (string, error) {
	if o.remember != nil {
		return "", o.remember(p)
	}
	st, err := profile.Open(o.Env)
	if err != nil {
		return "", err
	}
	name := o.Flags.profile
	if name == "" {
		if used, ok := st.Get(o.Flags.Used); ok && used.Root() == p.BaseURL && used.PresetName() == p.Preset {
			name = used.Name
		} else {
			name = p.Name()
		}
	}
	old, existed := st.Get(name)
	sp := profile.Profile{Name: name, Preset: p.Preset, BaseURL: p.BaseURL, Model: p.Model, BackgroundModel: p.BackgroundModel}
	if err := keepKey(o, st, &sp, old, p); err != nil {
		return "", err
	}
	if existed && sp == old && st.Default == name {
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
func keepKey(o *setupOptions, st *profile.Store, sp *profile.Profile, old profile.Profile, p gateway.Profile) error {
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
	where, note, err := st.Secrets.Set(sp.Name, p.Key)
	if err != nil {
		return fmt.Errorf("keeping the key of profile %s: %w", sp.Name, err)
	}
	if note != "" {
		fmt.Fprintf(o.Err, "keydoctor: note: %s\n", note)
	}
	sp.KeyStore = where
	return nil
}
