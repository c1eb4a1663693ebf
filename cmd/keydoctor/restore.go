package main

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"time"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/plan"
	"github.com/keydoctor/keydoctor/writers"
	"github.com/spf13/cobra"
)

type restoreOptions struct {
	Env    *env.Env
	Name   string // a backup's directory name
	Last   bool
	DryRun bool
	JSON   bool
	Out    io.Writer
	Err    io.Writer
	UI     ui
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

// backupsDoc is `restore --json` without a backup: the list. Its keys are
// in the order version 1 printed them (alphabetical, schema last).
type backupsDoc struct {
	Backups []backupEntry `json:"backups"`
	Schema  string        `json:"schema"`
}

// restoreDoc is `restore --json` with a backup: what was (or would be) put
// back. Keys in version 1's order, as backupsDoc.
type restoreDoc struct {
	Backup    string        `json:"backup"`
	DryRun    bool          `json:"dry_run"`
	Files     []restoreFile `json:"files"`
	NewBackup string        `json:"new_backup"`
	Schema    string        `json:"schema"`
	// RemovedLeftovers are temp files of killed runs removed before restoring.
	RemovedLeftovers []string `json:"removed_leftovers,omitempty"`
}

type restoreFile struct {
	Path   string   `json:"path"`
	Action string   `json:"action"`
	Notes  []string `json:"notes,omitempty"`
	Diff   string   `json:"diff,omitempty"`
}

type backupEntry struct {
	Name    string       `json:"name"`
	Created string       `json:"created"`
	Command string       `json:"command"`
	Files   []string     `json:"files"`
	Holds   []heldTriple `json:"holds"` // what restoring it puts back
}

func runRestore(ctx context.Context, o *restoreOptions) error {
	if o.Name != "" && o.Last {
		return usageErrorf("", "give a backup name or --last, not both")
	}
	if o.Name != "" && strings.ContainsAny(o.Name, `/\`) {
		return usageErrorf("run 'keydoctor restore' to list them", "%q is not a backup name", o.Name)
	}
	if (o.Name == "" && !o.Last) || o.DryRun {
		m, err := pickBackup(o)
		if err != nil || m == nil {
			return err
		}
		pl, err := writers.PlanRestore(m)
		if err != nil {
			return refusal(o.Env, err)
		}
		return printRestore(o, m, pl, &writers.Result{})
	}
	// Which backup is the last, and what the files hold, are read holding
	// the write lock: a run that finished while this one waited is the
	// last one.
	var m *writers.Manifest
	out, err := runSession(ctx, o.Env, o.Err, "restore", plan.Steps{
		Plan: func(context.Context, time.Time) (*writers.Plan, error) {
			var err error
			if m, err = pickBackup(o); err != nil {
				return nil, err
			}
			pl, err := writers.PlanRestore(m)
			if err != nil {
				return nil, refusal(o.Env, err)
			}
			return pl, nil
		},
	})
	if err != nil {
		return err
	}
	return printRestore(o, m, out.Plan, out.Result)
}

// pickBackup is the backup named, or the last (newest) one; without
// either it lists them and returns nil.
func pickBackup(o *restoreOptions) (*writers.Manifest, error) {
	root := o.Env.BackupDir()
	list, err := writers.Backups(root)
	if err != nil {
		return nil, failf("", "reading %s: %v", o.Env.Tilde(root), err)
	}
	if o.Name == "" && !o.Last {
		return nil, listBackups(o, list)
	}
	if len(list) == 0 {
		return nil, usageErrorf("setup makes one each time it changes a file", "there is no backup in %s", o.Env.Tilde(root))
	}
	if o.Name == "" {
		return list[0], nil
	}
	m, err := writers.ReadManifest(filepath.Join(root, o.Name))
	if err != nil {
		return nil, usageErrorf("run 'keydoctor restore' to list them", "no backup named %q", o.Name)
	}
	return m, nil
}

func listBackups(o *restoreOptions, list []*writers.Manifest) error {
	entries := make([]backupEntry, 0, len(list))
	for _, m := range list {
		b := backupEntry{Name: m.Name(), Created: m.Created.UTC().Format("2006-01-02 15:04:05Z"), Command: m.Command,
			Holds: heldBy(o.Env, m)}
		for _, f := range m.ToolFiles() {
			b.Files = append(b.Files, o.Env.Tilde(f.Path))
		}
		entries = append(entries, b)
	}
	if o.JSON {
		return writeJSON(o.Out, backupsDoc{Backups: entries, Schema: schemaBackups})
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

func printRestore(o *restoreOptions, m *writers.Manifest, plan *writers.Plan, res *writers.Result) error {
	var files []restoreFile
	for _, c := range plan.Changes {
		f := restoreFile{Path: o.Env.Tilde(c.Path), Action: c.Action()}
		for _, n := range c.Notes {
			f.Notes = append(f.Notes, plan.Redact(tildeIn(o.Env, n)))
		}
		if o.DryRun || o.JSON {
			f.Diff = plan.FileDiff(c, o.Env.Tilde)
		}
		files = append(files, f)
	}
	var leftovers []string
	for _, p := range res.Removed {
		leftovers = append(leftovers, o.Env.Tilde(p))
	}
	if o.JSON {
		return writeJSON(o.Out, restoreDoc{Backup: m.Name(), DryRun: o.DryRun, Files: files,
			NewBackup: o.Env.Tilde(res.Backup), Schema: schemaRestore, RemovedLeftovers: leftovers})
	}
	o.Out = o.UI.report(o.Out)
	for _, f := range files {
		if o.DryRun {
			fmt.Fprint(o.Out, f.Diff)
		}
	}
	for _, f := range files {
		verb := map[string]string{"update": "restored", "create": "restored", "chmod": "restored", "remove": "removed", "unchanged": "unchanged"}[f.Action]
		if o.DryRun && f.Action != "unchanged" {
			verb = "would " + strings.TrimSuffix(verb, "d")
		}
		fmt.Fprintf(o.Out, "%-15s %s\n", verb, f.Path)
		for _, n := range f.Notes {
			fmt.Fprintf(o.Out, "                note: %s\n", n)
		}
	}
	for _, p := range leftovers {
		fmt.Fprintf(o.Out, "%-15s %s (left by a keydoctor run that was killed)\n", "removed", p)
	}
	switch {
	case o.DryRun:
		fmt.Fprintf(o.Out, "dry run of backup %s: nothing was written\n", m.Name())
	case res.Backup != "":
		fmt.Fprintf(o.Out, "restored backup %s; the state before is in %s\n", m.Name(), o.Env.Tilde(res.Backup))
	default:
		fmt.Fprintf(o.Out, "nothing changed: the files already match backup %s\n", m.Name())
	}
	return nil
}
