package profile

import (
	"fmt"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/templates"
)

// PresetName is the profile's preset as Load picks it: the default
// preset when it names none.
func (p Profile) PresetName() string {
	if p.Preset != "" {
		return p.Preset
	}
	return templates.DefaultPreset
}

// ToWrite resolves stored profile sp to the triple 'use' writes: its own
// values beat every variable (a switch must not be undone by an exported
// KEYDOCTOR_MODEL), and the triple must be complete.
func (s *Store) ToWrite(e *env.Env, sp Profile) (gateway.Profile, error) {
	key, err := s.Key(e, sp)
	if err != nil {
		return gateway.Profile{}, err
	}
	if key == "" {
		hint := "give it one: printf '%s\\n' \"$KEY\" | keydoctor profile set " + sp.Name + " --key-stdin"
		if sp.KeyEnv != "" {
			return gateway.Profile{}, &gateway.UsageError{Msg: fmt.Sprintf("profile %s takes its key from %s, which is not set", sp.Name, sp.KeyEnv), Hint: "export " + sp.KeyEnv + " first"}
		}
		return gateway.Profile{}, &gateway.UsageError{Msg: fmt.Sprintf("profile %s has no key", sp.Name), Hint: hint}
	}
	saved, err := s.Layer(e, sp)
	if err != nil {
		return gateway.Profile{}, err
	}
	lo := LoadOptions{Preset: sp.PresetName(), BaseURL: sp.BaseURL, Model: sp.Model, BackgroundModel: sp.BackgroundModel,
		Key: key, Saved: saved, ConfigFile: "", Command: "use"}
	if sp.KeyEnv != "" {
		lo.Key, lo.KeyEnv = "", sp.KeyEnv
	}
	p, err := Load(e, lo)
	if err != nil {
		return p, err
	}
	if err := Complete(p); err != nil {
		return p, err
	}
	return p, nil
}

// MakeDefault records profile name as the default one.
func MakeDefault(e *env.Env, name string) error {
	st, err := Open(e)
	if err != nil || st.Default == name {
		return err
	}
	st.Default = name
	return st.Save()
}
