package main

import (
	"context"

	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/setup"
	"github.com/spf13/cobra"
)

// useOptions is 'keydoctor use NAME'.
type useOptions struct {
	Env     *env.Env
	Name    string
	Tools   string
	Project string
	DryRun  bool
	Yes     bool
	JSON    bool
}

func newUseCmd(e *env.Env) *cobra.Command {
	o := &useOptions{Env: e}
	cmd := &cobra.Command{
		Use:   "use NAME",
		Short: "switch every configured tool (or those listed) to a profile",
		Long: `use writes a stored profile's base URL, key and model into every tool that is
configured now (or those --tools lists), through the same path as setup:
only keydoctor's keys change, every changed file is backed up first
('keydoctor restore --last' undoes the switch), a second identical use
changes nothing, and it ends with the offline checks. The profile becomes
the default one. With a new key ('profile set NAME --key-stdin'), use
replaces the old key in every file that holds it, and only there.

On a terminal use shows the diff and asks before writing (--yes does not
ask); without a terminal it writes at once, as setup does: scripts run it.`,
		Example: "  keydoctor use work\n  keydoctor use home --tools claude,codex --dry-run",
		Args:    usageArgs(cobra.ExactArgs(1)),
		RunE: func(c *cobra.Command, args []string) error {
			o.Name = args[0]
			return runUse(c.Context(), o, c)
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.Tools, "tools", "", "tools to switch: "+setup.ToolList()+" (default: those configured now)")
	f.StringVar(&o.Project, "project", ".", "project directory (for .env and project-scope Claude settings)")
	f.BoolVar(&o.DryRun, "dry-run", false, "print a unified diff of every change (keys masked) and write nothing")
	f.BoolVarP(&o.Yes, "yes", "y", false, "do not ask before writing (on a terminal use shows the diff and asks)")
	addJSONFlag(f, &o.JSON, schemaSetup)
	return cmd
}

func runUse(ctx context.Context, o *useOptions, c *cobra.Command) error {
	e := o.Env
	so := &setupOptions{Env: e, Tools: o.Tools, Project: o.Project, DryRun: o.DryRun, JSON: o.JSON, Yes: true,
		Offline: true, Scope: "user",
		confirmWrite: e.IsTerminal && !o.Yes && !o.JSON, Out: c.OutOrStdout(), Err: c.ErrOrStderr(), In: e.Stdin,
		Accessible: e.Getenv("ACCESSIBLE") != "", use: o.Name}
	so.Check = func(ctx context.Context, p gateway.Profile, ids []gateway.ToolID) []doctor.Finding {
		return setup.CheckWritten(ctx, e, p, o.Project, ids)
	}
	return runSetup(ctx, so)
}
