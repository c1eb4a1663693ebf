package main

import (
	"context"
	"errors"
	"io"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/plan"
	"github.com/keydoctor/keydoctor/internal/restore"
	"github.com/keydoctor/keydoctor/writers"
	"github.com/spf13/cobra"
)

type restoreOptions struct {
	restore.Options
	Env  *env.Env
	JSON bool
	Out  io.Writer
	Err  io.Writer
	UI   ui
}

func newRestoreCmd(e *env.Env) *cobra.Command {
	o := &restoreOptions{Env: e}
	cmd := &cobra.Command{
		Use:   "restore [NAME | --last]",
		Short: "list the backups setup made, and put one back",
		Long: `Without arguments, restore lists the backups setup made (newest first).
With a backup's NAME, or --last, it puts every file of that backup back as it
was before that run, atomically; files that run created are removed. The
current state is backed up first, so a restore can be undone the same way;
so it does not ask, on a terminal or not (--dry-run shows what it would do).
Like setup, it waits up to 5s (KEYDOCTOR_LOCK_WAIT) for another keydoctor
that is writing, then exits 2 naming its pid.`,
		Example: `  keydoctor restore
  keydoctor restore --last --dry-run
  keydoctor restore 20261129T213509.883Z`,
		Args: usageArgs(cobra.MaximumNArgs(1)),
		RunE: func(c *cobra.Command, args []string) error {
			if len(args) == 1 {
				o.Name = args[0]
			}
			o.Out, o.Err, o.UI = c.OutOrStdout(), c.ErrOrStderr(), uiFrom(c.Context())
			return runRestore(c.Context(), o)
		},
	}
	cmd.Flags().BoolVar(&o.Last, "last", false, "restore the newest backup")
	cmd.Flags().BoolVar(&o.DryRun, "dry-run", false, "print what would be restored (diff, keys masked) and write nothing")
	addJSONFlag(cmd.Flags(), &o.JSON, schemaBackups+"; with a backup "+schemaRestore)
	return cmd
}

func runRestore(ctx context.Context, o *restoreOptions) error {
	out, err := restore.Run(ctx, o.Env, o.Options, func(ctx context.Context, st plan.Steps) (*plan.Outcome, error) {
		return runSession(ctx, o.Env, o.Err, "restore", st)
	})
	if re := (*writers.RefusedError)(nil); errors.As(err, &re) {
		return refusal(o.Env, err)
	}
	if err != nil {
		return err
	}
	if out.Manifest == nil {
		return listBackups(o, restore.Backups(o.Env, out.List))
	}
	return printRestore(o, out.Report(o.Env, o.DryRun, o.DryRun || o.JSON))
}

func listBackups(o *restoreOptions, entries []restore.Backup) error {
	d := restore.BackupsDoc{Backups: entries, Schema: schemaBackups}
	if o.JSON {
		return writeJSON(o.Out, d)
	}
	d.WriteText(o.Out, o.Env.Tilde(o.Env.BackupDir()))
	return nil
}

func printRestore(o *restoreOptions, d restore.Doc) error {
	if o.JSON {
		return writeJSON(o.Out, d)
	}
	d.WriteText(o.UI.report(o.Out))
	return nil
}
