// Package restore is what the restore command does apart from its flags
// and its printing: list the backups setup made and what each would put
// back, pick one (by name, or the newest holding the write lock), plan
// putting it back, and the JSON documents that say so.
package restore

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/plan"
	"github.com/keydoctor/keydoctor/writers"
)

// The documents' schemas.
const (
	SchemaBackups = "keydoctor/backups@1" // the list
	SchemaRestore = "keydoctor/restore@1"
)

// BackupsDoc is `restore --json` without a backup: the list. Its keys are
// in the order version 1 printed them (alphabetical, schema last).
type BackupsDoc struct {
	Backups []Backup `json:"backups"`
	Schema  string   `json:"schema"`
}

// Doc is `restore --json` with a backup: what was (or would be) put
// back. Keys in version 1's order, as BackupsDoc.
type Doc struct {
	Backup    string `json:"backup"`
	DryRun    bool   `json:"dry_run"`
	Files     []File `json:"files"`
	NewBackup string `json:"new_backup"`
	Schema    string `json:"schema"`
	// RemovedLeftovers are temp files of killed runs removed before restoring.
	RemovedLeftovers []string `json:"removed_leftovers,omitempty"`
}

// File is one file a restore puts back (Action: writers.Change's).
type File struct {
	Path   string   `json:"path"`
	Action string   `json:"action"`
	Notes  []string `json:"notes,omitempty"`
	Diff   string   `json:"diff,omitempty"`
}

// Backup is one backup in the list.
type Backup struct {
	Name    string   `json:"name"`
	Created string   `json:"created"`
	Command string   `json:"command"`
	Files   []string `json:"files"`
	Holds   []Held   `json:"holds"` // what restoring it puts back
}

// Options say which backup: Name, or the newest (Last); neither lists
// them. DryRun plans without writing.
type Options struct {
	Name   string // a backup's directory name
	Last   bool
	DryRun bool
}

// Check refuses options that name no one backup.
func (o Options) Check() error {
	if o.Name != "" && o.Last {
		return &gateway.UsageError{Msg: "give a backup name or --last, not both"}
	}
	if o.Name != "" && strings.ContainsAny(o.Name, `/\`) {
		return &gateway.UsageError{Msg: fmt.Sprintf("%q is not a backup name", o.Name), Hint: "run 'keydoctor restore' to list them"}
	}
	return nil
}

// Listing reports whether the options ask for the list.
func (o Options) Listing() bool { return o.Name == "" && !o.Last }

// Outcome is what Run did: the backups (listing), or the backup picked,
// its plan and what applying it did (empty on a dry run).
type Outcome struct {
	List     []*writers.Manifest
	Manifest *writers.Manifest
	Plan     *writers.Plan
	Result   *writers.Result
}

// Run lists, plans or restores. session runs the write session (the lock
// first); a listing or a dry run needs none. A file that does not parse
// comes back as Apply's *writers.RefusedError.
func Run(ctx context.Context, e *env.Env, o Options, session func(context.Context, plan.Steps) (*plan.Outcome, error)) (*Outcome, error) {
	if err := o.Check(); err != nil {
		return nil, err
	}
	if o.Listing() || o.DryRun {
		list, m, err := pick(e, o)
		if err != nil || m == nil {
			return &Outcome{List: list}, err
		}
		pl, err := writers.PlanRestore(m)
		if err != nil {
			return nil, err
		}
		return &Outcome{Manifest: m, Plan: pl, Result: &writers.Result{}}, nil
	}
	// Which backup is the last, and what the files hold, are read holding
	// the write lock: a run that finished while this one waited is the
	// last one.
	res := &Outcome{}
	out, err := session(ctx, plan.Steps{
		Plan: func(context.Context, time.Time) (*writers.Plan, error) {
			var err error
			if _, res.Manifest, err = pick(e, o); err != nil {
				return nil, err
			}
			return writers.PlanRestore(res.Manifest)
		},
	})
	if err != nil {
		return nil, err
	}
	res.Plan, res.Result = out.Plan, out.Result
	return res, nil
}

// pick is the backup named, or the last (newest) one; without either the
// list, newest first.
func pick(e *env.Env, o Options) ([]*writers.Manifest, *writers.Manifest, error) {
	root := e.BackupDir()
	list, err := writers.Backups(root)
	if err != nil {
		return nil, nil, fmt.Errorf("reading %s: %v", e.Tilde(root), err)
	}
	if o.Listing() {
		return list, nil, nil
	}
	if len(list) == 0 {
		return nil, nil, &gateway.UsageError{Msg: fmt.Sprintf("there is no backup in %s", e.Tilde(root)), Hint: "setup makes one each time it changes a file"}
	}
	if o.Name == "" {
		return nil, list[0], nil
	}
	m, err := writers.ReadManifest(filepath.Join(root, o.Name))
	if err != nil {
		return nil, nil, &gateway.UsageError{Msg: fmt.Sprintf("no backup named %q", o.Name), Hint: "run 'keydoctor restore' to list them"}
	}
	return nil, m, nil
}

// Backups is the list as the documents give it, with what each backup
// holds.
func Backups(e *env.Env, list []*writers.Manifest) []Backup {
	entries := make([]Backup, 0, len(list))
	for _, m := range list {
		b := Backup{Name: m.Name(), Created: m.Created.UTC().Format("2006-01-02 15:04:05Z"), Command: m.Command,
			Holds: HeldBy(e, m)}
		for _, f := range m.ToolFiles() {
			b.Files = append(b.Files, e.Tilde(f.Path))
		}
		entries = append(entries, b)
	}
	return entries
}

// Report is the document of a restore (or its dry run); diffs adds each
// file's diff (keys masked).
func (out *Outcome) Report(e *env.Env, dry, diffs bool) Doc {
	d := Doc{Backup: out.Manifest.Name(), DryRun: dry, NewBackup: e.Tilde(out.Result.Backup), Schema: SchemaRestore}
	for _, c := range out.Plan.Changes {
		f := File{Path: e.Tilde(c.Path), Action: c.Action()}
		for _, n := range c.Notes {
			f.Notes = append(f.Notes, out.Plan.Redact(e.TildeIn(n)))
		}
		if diffs {
			f.Diff = out.Plan.FileDiff(c, e.Tilde)
		}
		d.Files = append(d.Files, f)
	}
	for _, p := range out.Result.Removed {
		d.RemovedLeftovers = append(d.RemovedLeftovers, e.Tilde(p))
	}
	return d
}
