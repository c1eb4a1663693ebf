package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

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
current state is backed up first, so a restore can be undone the same way.
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
	if o.JSON {
		return writeJSON(o.Out, restore.BackupsDoc{Backups: entries, Schema: schemaBackups})
	}
	if len(entries) == 0 {
		fmt.Fprintf(o.Out, "no backups in %s\n", o.Env.Tilde(o.Env.BackupDir()))
		return nil
	}
	for _, b := range entries {
		fmt.Fprintf(o.Out, "%s  %s  %s: %s\n", b.Name, b.Created, b.Command, strings.Join(b.Files, ", "))
		fmt.Fprintf(o.Out, "  %s\n", heldLine(b.Holds))
	}
	fmt.Fprintln(o.Out, "restore one with 'keydoctor restore NAME' or 'keydoctor restore --last'")
	return nil
}

func printRestore(o *restoreOptions, d restore.Doc) error {
	if o.JSON {
		return writeJSON(o.Out, d)
	}
	o.Out = o.UI.report(o.Out)
	for _, f := range d.Files {
		if o.DryRun {
			fmt.Fprint(o.Out, f.Diff)
		}
	}
	for _, f := range d.Files {
		verb := map[string]string{"update": "restored", "create": "restored", "chmod": "restored", "remove": "removed", "unchanged": "unchanged"}[f.Action]
		if o.DryRun && f.Action != "unchanged" {
			verb = "would " + strings.TrimSuffix(verb, "d")
		}
		fmt.Fprintf(o.Out, "%-15s %s\n", verb, f.Path)
		for _, n := range f.Notes {
			fmt.Fprintf(o.Out, "                note: %s\n", n)
		}
	}
	for _, p := range d.RemovedLeftovers {
		fmt.Fprintf(o.Out, "%-15s %s (left by a keydoctor run that was killed)\n", "removed", p)
	}
	switch {
	case o.DryRun:
		fmt.Fprintf(o.Out, "dry run of backup %s: nothing was written\n", d.Backup)
	case d.NewBackup != "":
		fmt.Fprintf(o.Out, "restored backup %s; the state before is in %s\n", d.Backup, d.NewBackup)
	default:
		fmt.Fprintf(o.Out, "nothing changed: the files already match backup %s\n", d.Backup)
	}
	return nil
}

// heldLine is what a backup holds, for the list.
func heldLine(hs []restore.Held) string {
	if len(hs) == 0 {
		return "holds no gateway setting: the files that run changed did not exist before it or named none"
	}
	var parts []string
	for _, h := range hs {
		parts = append(parts, "gateway "+dash(h.BaseURL)+", model "+dash(h.Model)+" ("+strings.Join(h.Tools, ", ")+")")
	}
	return "holds " + strings.Join(parts, "; ")
}
