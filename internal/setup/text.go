package setup

import (
	"fmt"
	"io"

	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/human"
	"github.com/keydoctor/keydoctor/internal/plan"
	"github.com/keydoctor/keydoctor/internal/profile"
)

// WriteText prints the report as setup's (and use's) text: the triple,
// the notes, the diffs of a dry run, a row per file, the backup and what
// the checks found. quiet prints only what the checks found wrong. Lines
// are wrapped at spaces to width (a terminal's; 0: none), continued under
// the values' column; a diff is printed as it is.
func (r *Report) WriteText(w io.Writer, quiet bool, width int) {
	raw, wrapped := w, human.WrapWriter(w, width, valueColumn)
	defer wrapped.Flush()
	w = wrapped
	if quiet {
		if r.Failing() {
			r.writeChecks(w)
		}
		return
	}
	src := ""
	if r.KeySource != "" {
		src = " (from " + r.KeySource + ")"
	}
	fmt.Fprintf(w, "gateway  %s\nmodel    %s\nkey      %s%s\n", r.Profile.BaseURL+profile.RootsText(r.Profile.Roots), r.Profile.Model, r.Profile.Key, src)
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
				fmt.Fprint(raw, f.Diff)
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
		plan.WriteBackup(w, r.Backup)
	}
	r.writeChecks(w)
}

// writeChecks prints the problems the checks found, or that none were.
func (r *Report) writeChecks(w io.Writer) {
	if r.CheckSummary == nil {
		return
	}
	s := r.CheckSummary
	fmt.Fprintf(w, "\nchecked   %d ok, %d info, %d warning, %d error ('keydoctor doctor' for the whole picture)\n", s.OK, s.Info, s.Warning, s.Error)
	for _, f := range r.Checks {
		if f.Status == doctor.OK || f.Status == doctor.Skipped {
			continue
		}
		tool := ""
		if f.Tool != "" {
			tool = " (" + string(f.Tool) + ")"
		}
		fmt.Fprintf(w, "%-9s %s%s: %s\n", f.Status, f.Code, tool, f.Message)
		if f.Fix != "" {
			fmt.Fprintf(w, "          fix: %s\n", f.Fix)
		}
	}
}

// valueColumn is where setup's values start ("created   ~/…"): wrapped
// lines continue there.
const valueColumn = "          "
