package main

import (
	"errors"
	"fmt"
	"time"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/profile"
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

// writeInit writes and trusts the team file (profile.Init).
func writeInit(c *cobra.Command, e *env.Env, dir, name string, toolList []string) error {
	msg, err := profile.Init(e, dir, name, toolList)
	if msg != "" {
		fmt.Fprintln(c.OutOrStdout(), msg)
	}
	if we := (*profile.WriteError)(nil); errors.As(err, &we) {
		return failf(we.Hint, "%s", we.Msg)
	}
	return err
}
