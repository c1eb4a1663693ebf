package main

import (
	"fmt"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/keydoctor/keydoctor/checks"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/profile"
	"github.com/spf13/cobra"
)

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

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
			if len(doc.Profiles) == 0 {
				fmt.Fprintln(c.OutOrStdout(), "no profiles yet: 'keydoctor profile add NAME' or 'keydoctor setup' saves one")
				return nil
			}
			var b strings.Builder
			tw := tabwriter.NewWriter(&b, 0, 4, 2, ' ', 0)
			fmt.Fprintln(tw, "\tNAME\tGATEWAY\tMODEL\tKEY\tTOOLS")
			for _, v := range doc.Profiles {
				mark := map[bool]string{true: "*", false: ""}[v.Default]
				fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", mark, v.Name, orDash(v.BaseURL), orDash(v.Model), orDash(v.Key), orDash(strings.Join(v.Tools, ",")))
			}
			tw.Flush()
			fmt.Fprint(c.OutOrStdout(), b.String())
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
			var b strings.Builder
			fmt.Fprintf(&b, "name              %s%s\n", v.Name, map[bool]string{true: " (default)"}[v.Default])
			fmt.Fprintf(&b, "preset            %s\ngateway           %s\nmodel             %s\n", v.Preset, orDash(v.BaseURL), orDash(v.Model))
			fmt.Fprintf(&b, "background model  %s\nkey               %s\n", orDash(v.BackgroundModel), st.KeyWhere(e, p))
			fmt.Fprintf(&b, "used by           %s\n", orDash(strings.Join(v.Tools, ", ")))
			fmt.Fprint(c.OutOrStdout(), b.String())
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
			return storeEdit(c, e, func(st *profile.Store) (string, error) {
				return "removed profile " + args[0], st.Remove(args[0])
			})
		},
	}
}

func newProfileRenameCmd(e *env.Env) *cobra.Command {
	return &cobra.Command{
		Use:   "rename OLD NEW",
		Short: "rename a profile (its kept key moves along)",
		Args:  usageArgs(cobra.ExactArgs(2)),
		RunE: func(c *cobra.Command, args []string) error {
			return storeEdit(c, e, func(st *profile.Store) (string, error) {
				return fmt.Sprintf("renamed profile %s to %s", args[0], args[1]), st.Rename(args[0], args[1])
			})
		},
	}
}

// storeEdit changes the store under the write lock and saves it.
func storeEdit(c *cobra.Command, e *env.Env, edit func(*profile.Store) (string, error)) error {
	return withWriteLock(c.Context(), e, c.ErrOrStderr(), "profile", func(time.Time) error {
		st, err := profile.Open(e)
		if err != nil {
			return err
		}
		msg, err := edit(st)
		if err != nil {
			return err
		}
		if err := st.Save(); err != nil {
			return err
		}
		fmt.Fprintln(c.OutOrStdout(), msg)
		return nil
	})
}

// profileSet is what doctor compares the tools with; nil when there are
// neither profiles nor a team file (or the store does not read: the
// command's load already said why).
func profileSet(e *env.Env, team *profile.Team) *checks.ProfileSet {
	st, err := profile.Open(e)
	if err != nil || (len(st.Names()) == 0 && team == nil) {
		return nil
	}
	return &checks.ProfileSet{Resolved: st.Resolve(e), Default: st.Default, Team: team}
}
