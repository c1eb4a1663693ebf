package main

import (
	"fmt"
	"time"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/profile"
	"github.com/spf13/cobra"
)

func newProfileListCmd(e *env.Env) *cobra.Command {
	var asJSON bool
	project := "."
	cmd := &cobra.Command{
		Use:   "list",
		Short: "list the profiles: gateway, model, masked key, and the tools on each now",
		Args:  usageArgs(cobra.NoArgs),
		RunE: func(c *cobra.Command, _ []string) error {
			st, err := profile.Open(e)
			if err != nil {
				return err
			}
			doc := st.List(e, profile.WhoUses(e, st, project))
			if asJSON {
				return writeJSON(c.OutOrStdout(), doc)
			}
			doc.WriteText(c.OutOrStdout())
			return nil
		},
	}
	addJSONFlag(cmd.Flags(), &asJSON, profile.SchemaList)
	cmd.Flags().StringVar(&project, "project", ".", "project directory (its .env and .claude/ settings)")
	return cmd
}

func newProfileShowCmd(e *env.Env) *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "show NAME",
		Short: "show one profile (key masked, and where it is kept)",
		Args:  usageArgs(cobra.ExactArgs(1)),
		RunE: func(c *cobra.Command, args []string) error {
			st, err := profile.Open(e)
			if err != nil {
				return err
			}
			p, err := st.Must(args[0])
			if err != nil {
				return err
			}
			v := st.View(e, p, profile.WhoUses(e, st, "."))
			if asJSON {
				return writeJSON(c.OutOrStdout(), profile.ShowDoc{Schema: profile.SchemaShow, View: v})
			}
			v.WriteText(c.OutOrStdout(), st.KeyWhere(e, p))
			return nil
		},
	}
	addJSONFlag(cmd.Flags(), &asJSON, profile.SchemaShow)
	return cmd
}

func newProfileRmCmd(e *env.Env) *cobra.Command {
	return &cobra.Command{
		Use:   "rm NAME",
		Short: "remove a profile and the key keydoctor kept for it (tool files are not touched)",
		Args:  usageArgs(cobra.ExactArgs(1)),
		RunE: func(c *cobra.Command, args []string) error {
			return storeEdit(c, e, func() (string, error) { return profile.RemoveNamed(e, args[0]) })
		},
	}
}

func newProfileRenameCmd(e *env.Env) *cobra.Command {
	return &cobra.Command{
		Use:   "rename OLD NEW",
		Short: "rename a profile (its kept key moves along)",
		Args:  usageArgs(cobra.ExactArgs(2)),
		RunE: func(c *cobra.Command, args []string) error {
			return storeEdit(c, e, func() (string, error) { return profile.RenameNamed(e, args[0], args[1]) })
		},
	}
}

// storeEdit changes the store under the write lock (profile's
// RemoveNamed, RenameNamed) and says what it did.
func storeEdit(c *cobra.Command, e *env.Env, edit func() (string, error)) error {
	return withWriteLock(c.Context(), e, c.ErrOrStderr(), "profile", func(time.Time) error {
		msg, err := edit()
		if err == nil {
			fmt.Fprintln(c.OutOrStdout(), msg)
		}
		return err
	})
}
