package fixer

import (
	"fmt"
	"io"

	"github.com/keydoctor/keydoctor/doctor"
)

// WriteText prints the plan's diff (paths shown by tilde), what it fixes
// and the steps left to the user; it reports whether there is anything
// to write.
func (r *Result) WriteText(w io.Writer, tilde func(string) string) bool {
	pending := len(r.Plan.Pending()) > 0
	if pending {
		_ = r.Plan.Diff(w, tilde)
		fmt.Fprintln(w, "\nthis fixes:")
		for _, f := range r.Fixes {
			if f.Applied {
				fmt.Fprintf(w, "  %-7s %s (%s)\n", f.Finding.Status, f.Finding.Code, where(f.Finding))
			}
		}
	} else {
		fmt.Fprintln(w, "nothing to fix by editing a file")
	}
	var steps []doctor.Finding
	for _, f := range r.Fixes {
		if !f.Applied {
			if f.Reason != "" {
				f.Finding.Fix += " (not applied: " + f.Reason + ")"
			}
			steps = append(steps, f.Finding)
		}
	}
	_ = doctor.WriteFixes(w, steps, "not file edits keydoctor makes; do these yourself:")
	return pending
}

// where names the tool and place a fix is about.
func where(f doctor.Finding) string {
	s := string(f.Tool)
	if s == "" {
		s = "general"
	}
	if f.Source != "" {
		s += " at " + f.Source
	}
	return s
}
