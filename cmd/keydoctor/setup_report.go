package main

import (
	"fmt"

	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/plan"
	"github.com/keydoctor/keydoctor/writers"
)

// setupReport is what setup prints, as text or as JSON (schema
// keydoctor/setup@1). Every diff and note goes through the plan's
// masking before it is stored here.
type setupReport struct {
	Schema  string           `json:"schema"`
	DryRun  bool             `json:"dry_run"`
	Profile gateway.Public   `json:"profile"`
	Tools   []gateway.ToolID `json:"tools"`
	Changed bool             `json:"changed"`
	Files   []setupFile      `json:"files"`
	Backup  string           `json:"backup,omitempty"`
	// ProfileSaved says how the stored profile changed ("" it did not).
	ProfileSaved string `json:"profile_saved,omitempty"`
	// Leftovers are temporary copies a killed run left, removed first.
	Leftovers []string `json:"removed_leftovers,omitempty"`
	Notes     []string `json:"notes,omitempty"`
	// Checks are the offline checks run on what was written.
	Checks       []doctor.Finding `json:"checks,omitempty"`
	CheckSummary *doctor.Summary  `json:"check_summary,omitempty"`

	keySource string
}

type setupFile struct {
	Tool   gateway.ToolID `json:"tool"`
	Path   string         `json:"path"`
	Action string         `json:"action"` // create, update, chmod, remove, unchanged
	Mode   string         `json:"mode,omitempty"`
	Notes  []string       `json:"notes,omitempty"`
	Diff   string         `json:"diff,omitempty"`
}

func newSetupReport(e *env.Env, p gateway.Profile, tools []gateway.ToolID, plan *writers.Plan, dry bool) *setupReport {
	r := &setupReport{Schema: schemaSetup, DryRun: dry, Profile: p.Public(), Tools: tools, keySource: p.Source(gateway.FieldKey)}
	for _, n := range p.Notes {
		r.Notes = append(r.Notes, n.Message)
	}
	for _, c := range plan.Changes {
		f := setupFile{Tool: c.Tool, Path: e.Tilde(c.Path), Action: c.Action(), Notes: c.Notes}
		if c.Changed() {
			r.Changed = true
			f.Diff = plan.FileDiff(c, e.Tilde)
			if !c.Remove {
				f.Mode = fmt.Sprintf("%04o", c.Mode)
			}
		}
		f.Notes = nil
		for _, n := range c.Notes {
			f.Notes = append(f.Notes, plan.Redact(e.TildeIn(n)))
		}
		r.Files = append(r.Files, f)
	}
	return r
}

// applied records what Apply did: the backup, and nothing changed when
// nothing was written.
func (r *setupReport) applied(e *env.Env, res *writers.Result) {
	if res.Backup != "" {
		r.Backup = e.Tilde(res.Backup)
	}
	for _, p := range res.Removed {
		r.Leftovers = append(r.Leftovers, e.Tilde(p))
	}
	r.Changed = len(res.Written) > 0
}

func (r *setupReport) print(o *setupOptions) error {
	if o.JSON {
		return writeJSON(o.Out, r)
	}
	w := o.Out
	if o.UI.Quiet { // only what the checks found wrong
		if r.failing() {
			r.printChecks(w)
		}
		return nil
	}
	src := ""
	if r.keySource != "" {
		src = " (from " + r.keySource + ")"
	}
	fmt.Fprintf(w, "gateway  %s\nmodel    %s\nkey      %s%s\n", r.Profile.BaseURL, r.Profile.Model, r.Profile.Key, src)
	if r.Profile.BackgroundModel != "" {
		fmt.Fprintf(w, "background model  %s\n", r.Profile.BackgroundModel)
	}
	for _, n := range r.Notes {
		fmt.Fprintf(w, "note     %s\n", n)
	}
	fmt.Fprintln(w)
	if r.DryRun {
		for _, f := range r.Files {
			if f.Diff != "" {
				fmt.Fprint(w, f.Diff)
			}
		}
	}
	for _, f := range r.Files {
		if f.Action == "unchanged" && len(f.Notes) == 0 {
			continue
		}
		plan.WriteRow(w, plan.Verb(f.Action, r.DryRun), f.Path, string(f.Tool))
		for _, n := range f.Notes {
			fmt.Fprintf(w, "          note: %s\n", n)
		}
	}
	for _, p := range r.Leftovers {
		fmt.Fprintf(w, "%-9s %s (left by a keydoctor run that was killed)\n", "removed", p)
	}
	if r.ProfileSaved != "" {
		fmt.Fprintf(w, "%-9s %s\n", "profile", r.ProfileSaved)
	}
	switch {
	case !r.Changed:
		fmt.Fprintln(w, "nothing changed: every file already holds this profile")
	case r.DryRun:
		fmt.Fprintln(w, "dry run: nothing was written")
	case r.Backup != "":
		fmt.Fprintf(w, "backup    %s (undo with 'keydoctor restore --last')\n", r.Backup)
	}
	r.printChecks(w)
	return nil
}
