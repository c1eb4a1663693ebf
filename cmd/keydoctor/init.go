package main

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"time"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/profile"
	"github.com/keydoctor/keydoctor/templates"
	"github.com/spf13/cobra"
)

func newInitCmd(e *env.Env) *cobra.Command {
	var dir, name string
	var toolList []string
	cmd := &cobra.Command{
		Use:   "init",
		Short: "write keydoctor.yaml (the team's gateway, model and tools) from the current profile",
		Long: `init writes keydoctor.yaml into the project directory from the current profile
(--profile, $KEYDOCTOR_PROFILE, else the default): gateway, model, background
model, the tools configured with it now, and the name of the variable each
developer keeps the key in. Never a key. Commit it; in the repository,
'keydoctor setup' then takes everything from it and asks only for the key,
and 'keydoctor doctor' reports each tool that drifted from it.`,
		Args: usageArgs(cobra.NoArgs),
		RunE: func(c *cobra.Command, _ []string) error {
			if err := checkProject(dir); err != nil {
				return err
			}
			// The store is read and the team file written holding the
			// write lock, as every command that writes does.
			return withWriteLock(c.Context(), e, c.ErrOrStderr(), "init", func(time.Time) error {
				return writeInit(c, e, dir, name, toolList)
			})
		},
	}
	cmd.Flags().StringVar(&dir, "project", ".", "repository root to write keydoctor.yaml into")
	cmd.Flags().StringVar(&name, "profile", "", "profile to write it from (default the current one)")
	cmd.Flags().StringSliceVar(&toolList, "tools", nil, "tools the team configures (default those on the profile now)")
	return cmd
}

// writeInit writes the team file from profile name (the current one when
// empty).
func writeInit(c *cobra.Command, e *env.Env, dir, name string, toolList []string) error {
	st, err := profile.Open(e)
	if err != nil {
		return err
	}
	if name == "" {
		if name, err = st.Current(e); err != nil {
			return err
		}
	}
	if name == "" {
		return usageErrorf("run 'keydoctor setup' or 'keydoctor profile add NAME' first, or pass --profile NAME", "there is no current profile")
	}
	sp, err := st.Must(name)
	if err != nil {
		return err
	}
	t := teamOf(sp, toolList, profile.WhoUses(e, st, dir).ByProfile[name])
	if err := profile.CheckKeyEnv(t.KeyEnv); err != nil {
		return usageErrorf("keep the key in a variable such as GATEWAY_API_KEY: keydoctor profile set "+name+" --key-env NAME", "profile %s: %v", name, err)
	}
	path := filepath.Join(dir, profile.TeamFile)
	if err := profile.WriteTeam(path, t); errors.Is(err, profile.ErrTeamExists) {
		return usageErrorf("edit it, or remove it first", "%s exists already", e.Tilde(path))
	} else if errors.Is(err, fs.ErrPermission) {
		abs, _ := filepath.Abs(path)
		return failf("run it where you may write (--project DIR), or make "+e.Tilde(filepath.Dir(abs))+" writable", "cannot write %s: permission denied", e.Tilde(abs))
	} else if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err // the path is said once, as ~
		}
		return failf("", "cannot write %s: %v", e.Tilde(path), err)
	}
	fmt.Fprintf(c.OutOrStdout(), "wrote %s from profile %s (key variable %s; no key)\n", e.Tilde(path), name, t.KeyEnv)
	// You wrote it: it is trusted as written (an edit, or another version
	// pulled, is untrusted again).
	found, err := profile.JudgeTeam(e, path)
	if err == nil {
		err = found.Trust(e)
	}
	if err != nil {
		return failf("run 'keydoctor trust "+e.Tilde(path)+"'", "cannot record that %s is trusted: %v", e.Tilde(path), err)
	}
	return nil
}

// teamOf is the team file for a profile: its gateway (preset, and the
// base URL unless it is the preset's), models, tools and key variable.
func teamOf(sp profile.Profile, given, using []string) *profile.Team {
	t := &profile.Team{Preset: sp.PresetName(), BaseURL: sp.BaseURL, Model: sp.Model, BackgroundModel: sp.BackgroundModel, KeyEnv: sp.KeyEnv, Tools: given}
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
func keyVarOf(sp profile.Profile) string {
	if pr, err := templates.LookupPreset(sp.PresetName()); err == nil {
		return pr.Vars.APIKey
	}
	return "KEYDOCTOR_API_KEY"
}
