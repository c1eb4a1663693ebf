package profile

import (
	"fmt"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/redact"
	"github.com/keydoctor/keydoctor/templates"
)

// Edit is what 'profile add' and 'profile set' change: only the fields
// given (empty: not given). Key is a key read from stdin or answered on
// the terminal, never a flag value: it goes to the keyring (else a 0600
// file), and the profile then names no variable.
type Edit struct {
	Preset, BaseURL, Model, BackgroundModel, KeyEnv string
	Key                                             string
	// Roots are --anthropic-base-url and the like: a family's own root.
	Roots map[gateway.Family]string
}

// CheckNew refuses a name a stored profile already has: profile add
// checks it before asking (an answer would be lost on it).
func CheckNew(e *env.Env, name string) error {
	st, err := Open(e)
	if err != nil {
		return err
	}
	if _, exists := st.Get(name); exists {
		return existsError(name)
	}
	return nil
}

func existsError(name string) error {
	return &gateway.UsageError{Msg: fmt.Sprintf("a profile %q already exists", name), Hint: "change it with 'keydoctor profile set " + name + "'"}
}

// Change adds (create) or changes profile name in the store and saves
// it; the caller holds the write lock. note is what the key store said
// (no keyring: a file).
func Change(e *env.Env, name string, f Edit, create bool) (st *Store, p Profile, note string, err error) {
	if st, err = Open(e); err != nil {
		return nil, p, "", err
	}
	p, exists := st.Get(name)
	switch {
	case create && exists:
		return nil, p, "", existsError(name)
	case !create && !exists:
		_, err := st.Must(name)
		return nil, p, "", err
	}
	p.Name = name
	if err := f.Apply(&p, create); err != nil {
		return nil, p, "", err
	}
	if f.Key != "" {
		where, n, err := st.Secrets.Set(name, f.Key)
		if err != nil {
			return nil, p, "", fmt.Errorf("keeping the key: %v", err)
		}
		note = n
		p.KeyEnv, p.KeyStore = "", where
	} else if f.KeyEnv != "" && p.KeyStore != "" {
		if err := st.Secrets.Delete(p.KeyStore, name); err != nil {
			return nil, p, "", err
		}
		p.KeyStore = ""
	}
	if err := st.Put(p); err != nil {
		return nil, p, note, err
	}
	return st, p, note, st.Save()
}

// Apply copies the given fields; a new profile gets the preset whose root
// BaseURL is (custom for any other URL), else the default preset.
func (f Edit) Apply(p *Profile, create bool) error {
	if f.Preset != "" {
		if _, err := templates.LookupPreset(f.Preset); err != nil {
			return &gateway.UsageError{Msg: err.Error(), Hint: "use --preset taotoken or --preset custom"}
		}
		p.Preset = f.Preset
	}
	if f.BaseURL != "" {
		n, err := gateway.Normalize(f.BaseURL)
		if err != nil {
			return &gateway.UsageError{Msg: fmt.Sprintf("--base-url: %v", err), Hint: "pass the gateway root, e.g. --base-url https://taotoken.net/api"}
		}
		p.BaseURL = n.Root
		if create && p.Preset == "" {
			// A URL that is not a preset's is a custom gateway, not the
			// default preset's (issue 30 item 1).
			p.Preset = gateway.PresetForRoot(n.Root)
		}
	}
	if create && p.Preset == "" {
		p.Preset = templates.DefaultPreset
	}
	for _, fam := range gateway.Families {
		raw := f.Roots[fam]
		if raw == "" {
			continue
		}
		n, err := gateway.Normalize(raw)
		if err != nil {
			return &gateway.UsageError{Msg: fmt.Sprintf("%s: %v", RootFlags[fam], err), Hint: "pass the " + fam.Title() + " API root, e.g. " + RootFlags[fam] + " https://api.deepseek.com/anthropic"}
		}
		if p.Roots == nil {
			p.Roots = map[string]string{}
		}
		p.Roots[string(fam)] = n.Root
	}
	if f.KeyEnv != "" {
		if !ValidVarName(f.KeyEnv) {
			return keyEnvNotAName("")
		}
		p.KeyEnv = f.KeyEnv
	}
	for dst, v := range map[*string]string{&p.Model: f.Model, &p.BackgroundModel: f.BackgroundModel} {
		if v != "" {
			*dst = v
		}
	}
	return nil
}

// KeyWhere says where a profile's key is, masked: "$WORK_KEY (sk-t****0123)",
// "OS keyring (…)", "~/.config/keydoctor/keys/NAME (…)", "none".
func (s *Store) KeyWhere(e *env.Env, p Profile) string {
	k, err := s.Key(e, p)
	masked := redact.Shown(k)
	switch {
	case p.KeyEnv != "" && k == "":
		return "$" + p.KeyEnv + " (not set)"
	case p.KeyEnv != "":
		return "$" + p.KeyEnv + " (" + masked + ")"
	case err != nil:
		return p.KeyStore + " (unreadable)"
	case p.KeyStore == StoreKeyring:
		return "OS keyring (" + masked + ")"
	case p.KeyStore == StoreFile:
		return e.Tilde(s.Secrets.Dir) + "/" + p.Name + " (" + masked + ")"
	}
	return "none"
}

// ChangedText is what profile add (create) and profile set print once
// Change saved p: its gateway, model and where its key is, masked.
func (s *Store) ChangedText(e *env.Env, p Profile, create bool) string {
	verb := map[bool]string{true: "added", false: "updated"}[create]
	return fmt.Sprintf("%s profile %s: %s, model %s, key %s", verb, p.Name, p.Root()+RootsText(p.Roots), orDash(p.Model), s.KeyWhere(e, p))
}

// RemoveNamed and RenameNamed are profile rm and rename: the store
// opened, changed and saved; the caller holds the write lock. They
// return what to print.
func RemoveNamed(e *env.Env, name string) (string, error) {
	return "removed profile " + name, update(e, func(st *Store) error { return st.Remove(name) })
}

func RenameNamed(e *env.Env, old, new string) (string, error) {
	return fmt.Sprintf("renamed profile %s to %s", old, new), update(e, func(st *Store) error { return st.Rename(old, new) })
}

func update(e *env.Env, edit func(*Store) error) error {
	st, err := Open(e)
	if err != nil {
		return err
	}
	if err := edit(st); err != nil {
		return err
	}
	return st.Save()
}
