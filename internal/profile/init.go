package profile

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/templates"
)

// WriteError is a file that could not be written (exit status 1); Hint
// says what to do.
type WriteError struct{ Msg, Hint string }

func (e *WriteError) Error() string { return e.Msg }

// WriteTeamFrom is 'keydoctor init': it writes dir's team file from
// stored profile name (the current one when empty): its gateway, models,
// the tools given (else those on the profile now) and the variable each
// developer keeps the key in, never a key. An existing file is not
// replaced. The caller holds the write lock.
func WriteTeamFrom(e *env.Env, dir, name string, tools []string) (path, used string, t *Team, err error) {
	st, err := Open(e)
	if err != nil {
		return "", "", nil, err
	}
	if name == "" {
		if name, err = st.Current(e); err != nil {
			return "", "", nil, err
		}
	}
	if name == "" {
		return "", "", nil, &gateway.UsageError{Msg: "there is no current profile", Hint: "run 'keydoctor setup' or 'keydoctor profile add NAME' first, or pass --profile NAME"}
	}
	sp, err := st.Must(name)
	if err != nil {
		return "", "", nil, err
	}
	t = teamOf(sp, tools, WhoUses(e, st, dir).ByProfile[name])
	if err := CheckKeyEnv(t.KeyEnv); err != nil {
		return "", "", nil, &gateway.UsageError{Msg: fmt.Sprintf("profile %s: %v", name, err), Hint: "keep the key in a variable such as GATEWAY_API_KEY: keydoctor profile set " + name + " --key-env NAME"}
	}
	path = filepath.Join(dir, TeamFile)
	if err := WriteTeam(path, t); errors.Is(err, ErrTeamExists) {
		return "", "", nil, &gateway.UsageError{Msg: fmt.Sprintf("%s exists already", e.Tilde(path)), Hint: "edit it, or remove it first"}
	} else if errors.Is(err, fs.ErrPermission) {
		abs, _ := filepath.Abs(path)
		return "", "", nil, &WriteError{Msg: fmt.Sprintf("cannot write %s: permission denied", e.Tilde(abs)),
			Hint: "run it where you may write (--project DIR), or make " + e.Tilde(filepath.Dir(abs)) + " writable"}
	} else if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err // the path is said once, as ~
		}
		return "", "", nil, &WriteError{Msg: fmt.Sprintf("cannot write %s: %v", e.Tilde(path), err)}
	}
	return path, name, t, nil
}

// teamOf is the team file for a profile: its gateway (preset, and the
// base URL unless it is the preset's), models, tools and key variable.
func teamOf(sp Profile, given, using []string) *Team {
	t := &Team{Preset: sp.PresetName(), BaseURL: sp.BaseURL, Roots: sp.Roots, Model: sp.Model, BackgroundModel: sp.BackgroundModel, KeyEnv: sp.KeyEnv, Tools: given}
	if t.Tools == nil {
		t.Tools = using
	}
	if t.KeyEnv == "" {
		t.KeyEnv = keyVarOf(sp)
	}
	return t
}

// keyVarOf names the variable a team keeps the key in when the profile
// keeps its own: the preset's.
func keyVarOf(sp Profile) string {
	if pr, err := templates.LookupPreset(sp.PresetName()); err == nil {
		return pr.Vars.APIKey
	}
	return "KEYDOCTOR_API_KEY"
}

// Init writes the team file (WriteTeamFrom) and trusts it: you wrote it
// (an edit, or another version pulled, is untrusted again). It returns
// what to print once the file is written, even when trusting it failed
// (a *WriteError then). The caller holds the write lock.
func Init(e *env.Env, dir, name string, tools []string) (string, error) {
	path, name, t, err := WriteTeamFrom(e, dir, name, tools)
	if err != nil {
		return "", err
	}
	msg := fmt.Sprintf("wrote %s from profile %s (key variable %s; no key)", e.Tilde(path), name, t.KeyEnv)
	found, err := JudgeTeam(e, path)
	if err == nil {
		err = found.Trust(e)
	}
	if err != nil {
		return msg, &WriteError{Msg: fmt.Sprintf("cannot record that %s is trusted: %v", e.Tilde(path), err), Hint: "run 'keydoctor trust " + e.Tilde(path) + "'"}
	}
	return msg, nil
}
