package setup

import (
	"context"
	"fmt"
	"time"

	"github.com/keydoctor/keydoctor/checks"
	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/writers"
)

// Schema is the schema of setup's (and use's) JSON document.
const Schema = "keydoctor/setup@1"

// Report is what setup prints, as text or as JSON (schema
// keydoctor/setup@1). Every diff and note goes through the plan's
// masking before it is stored here.
type Report struct {
	Schema  string           `json:"schema"`
	DryRun  bool             `json:"dry_run"`
	Profile gateway.Public   `json:"profile"`
	Tools   []gateway.ToolID `json:"tools"`
	Changed bool             `json:"changed"`
	Files   []File           `json:"files"`
	Backup  string           `json:"backup,omitempty"`
	// ProfileSaved says how the stored profile changed ("" it did not).
	ProfileSaved string `json:"profile_saved,omitempty"`
	// Leftovers are temporary copies a killed run left, removed first.
	Leftovers []string `json:"removed_leftovers,omitempty"`
	Notes     []string `json:"notes,omitempty"`
	// Checks are the offline checks run on what was written.
	Checks       []doctor.Finding `json:"checks,omitempty"`
	CheckSummary *doctor.Summary  `json:"check_summary,omitempty"`

	// KeySource is where the key came from, for the text report.
	KeySource string `json:"-"`
	// profile is what the run writes, for the steps after the plan.
	profile gateway.Profile
}

// File is one file the run wrote (or would write).
type File struct {
	Tool   gateway.ToolID `json:"tool"`
	Path   string         `json:"path"`
	Action string         `json:"action"` // create, update, chmod, remove, unchanged
	Mode   string         `json:"mode,omitempty"`
	Notes  []string       `json:"notes,omitempty"`
	Diff   string         `json:"diff,omitempty"`
}

// NewReport is the report of plan, planned for p and tools (dry: a dry
// run); every diff and note masked by the plan.
func NewReport(e *env.Env, p gateway.Profile, tools []gateway.ToolID, plan *writers.Plan, dry bool) *Report {
	r := &Report{Schema: Schema, DryRun: dry, Profile: p.Public(), Tools: tools, KeySource: p.Source(gateway.FieldKey)}
	for _, n := range p.Notes {
		r.Notes = append(r.Notes, n.Message)
	}
	for _, c := range plan.Changes {
		f := File{Tool: c.Tool, Path: e.Tilde(c.Path), Action: c.Action(), Notes: c.Notes}
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

// Applied records what Apply did: the backup, and nothing changed when
// nothing was written.
func (r *Report) Applied(e *env.Env, res *writers.Result) {
	if res.Backup != "" {
		r.Backup = e.Tilde(res.Backup)
	}
	for _, p := range res.Removed {
		r.Leftovers = append(r.Leftovers, e.Tilde(p))
	}
	r.Changed = len(res.Written) > 0
}

// CheckWritten runs the offline doctor on what setup just wrote and keeps
// the findings about the tools it wrote (and those about no tool in
// particular, such as a proxy that would capture their traffic).
func CheckWritten(ctx context.Context, e *env.Env, p gateway.Profile, project string, tools []gateway.ToolID) []doctor.Finding {
	snap := discover.Discover(e, discover.OptionsFor(p, project))
	fs := doctor.Run(ctx, e, checks.Offline(checks.Options{Snapshot: snap, Profile: p}), doctor.RunOptions{Timeout: 5 * time.Second})
	wrote := map[string]bool{"": true}
	for _, t := range tools {
		wrote[string(t)] = true
	}
	var keep []doctor.Finding
	for _, f := range fs {
		if f.Code == catalog.UsageStatsOn {
			// The tool's own privacy choice, a key setup does not write:
			// closing setup with "now edit the file we just wrote" reads as
			// setup's unfinished work. doctor still says it (info).
			continue
		}
		if wrote[string(f.Tool)] { // printed through the run's writer, which masks every key the snapshot read
			keep = append(keep, f)
		}
	}
	return keep
}

// Checked stores the findings of the checks that ran after writing.
func (r *Report) Checked(fs []doctor.Finding) {
	if fs == nil {
		fs = []doctor.Finding{}
	}
	r.Checks = fs
	s := doctor.NewReport(gateway.Profile{}, fs).Summary
	r.CheckSummary = &s
}

// Failing: setup exits 1 when the checks found an error in what it wrote.
func (r *Report) Failing() bool { return r.CheckSummary != nil && r.CheckSummary.Error > 0 }
