// Package fixer turns doctor's findings into file edits for
// `keydoctor doctor --fix`. The check that raises a finding proposes the
// edit that fixes it (doctor.Finding.Edit: it knows the file, the tool and
// what setup writes there), and a code's catalog entry says whether a
// file edit fixes it (catalog.Entry.FileFix); fixer plans those edits
// with the writers, so a fix is what setup would write, shown, backed up
// and undone the same way.
package fixer

import (
	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/writers"
)

// edit is the edit --fix applies for f, or nil when fixing it is a step
// for the user. Each edit only writes setup's own values or tightens what
// the finding names, so a fix cannot send a key to a host other than the
// profile's: a triple is always re-planned whole.
func edit(f doctor.Finding) *writers.Edit {
	if f.Edit == nil || !catalog.Of(f.Code).FileFix {
		return nil
	}
	return f.Edit
}

// Fix is one finding and what --fix does about it.
type Fix struct {
	Finding doctor.Finding
	// Applied: the plan carries its edit. Otherwise Reason says why it is
	// a step (empty: it is not a file edit).
	Applied bool
	Reason  string
}

// Result is the plan of every file edit and the findings left as steps.
type Result struct {
	Plan  *writers.Plan
	Fixes []Fix // every warning and error finding, in report order
}

// Options are what planning needs besides the findings.
type Options struct {
	Writers writers.Options
	// Missing says why the profile cannot be written whole (no key, a base
	// URL that is only a preset's default); "" when it can. A triple is
	// re-planned only from a profile the user gave.
	Missing string
}

// Plan plans the file edits that fix fs.
func Plan(e *env.Env, o Options, fs []doctor.Finding) (*Result, error) {
	var edits []writers.Edit
	var at []int // edits[i] fixes r.Fixes[at[i]]
	r := &Result{}
	for _, f := range fs {
		if f.Status != doctor.Warning && f.Status != doctor.Error {
			continue
		}
		r.Fixes = append(r.Fixes, Fix{Finding: f})
		ed := edit(f)
		switch {
		case ed == nil:
		case ed.Kind == writers.EditTriple && o.Missing != "" && ed.Alone != nil:
			// no profile to re-plan from: the value alone, on its own host
			edits, at = append(edits, *ed.Alone), append(at, len(r.Fixes)-1)
		case ed.Kind == writers.EditTriple && o.Missing != "":
			r.Fixes[len(r.Fixes)-1].Reason = o.Missing
		case ed.Background && o.Writers.Profile.BackgroundModel == "":
			r.Fixes[len(r.Fixes)-1].Reason = "the gateway's model list gave no served model to set"
		default:
			edits, at = append(edits, *ed), append(at, len(r.Fixes)-1)
		}
	}
	plan, refused, err := writers.PlanEdits(o.Writers, edits)
	if err != nil {
		return nil, err
	}
	r.Plan = plan
	for i, j := range at {
		if err := refused[i]; err != nil {
			r.Fixes[j].Reason = e.Tilde(err.Error()) // shown through the run's writer, which masks the key
			continue
		}
		r.Fixes[j].Applied = true
	}
	// A finding about the value an applied edit rewrites (a tool's model
	// both drifted and not served: one line of config.toml) is cured by
	// that edit, not left as a step the diff already does.
	for i := range r.Fixes {
		if r.Fixes[i].Applied || r.Fixes[i].Reason != "" {
			continue
		}
		for _, j := range at {
			if r.Fixes[j].Applied && doctor.SameValue(r.Fixes[j].Finding, r.Fixes[i].Finding) {
				r.Fixes[i].Applied = true
				break
			}
		}
	}
	return r, nil
}
