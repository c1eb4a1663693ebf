package main

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/keydoctor/keydoctor/checks"
	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
)

// checkWritten runs the offline doctor on what setup just wrote and keeps
// the findings about the tools it wrote (and those about no tool in
// particular, such as a proxy that would capture their traffic).
func checkWritten(ctx context.Context, e *env.Env, p gateway.Profile, project string, tools []gateway.ToolID) []doctor.Finding {
	snap := discover.Discover(e, discover.OptionsFor(p, project))
	fs := doctor.Run(ctx, e, checks.Offline(checks.Options{Snapshot: snap, Profile: p}), doctor.RunOptions{Timeout: 5 * time.Second})
	wrote := map[string]bool{"": true}
	for _, t := range tools {
		wrote[string(t)] = true
	}
	var keep []doctor.Finding
	for _, f := range fs {
		if wrote[f.Tool] { // printed through the run's writer, which masks every key the snapshot read
			keep = append(keep, f)
		}
	}
	return keep
}

// checked stores the findings of the checks that ran after writing.
func (r *setupReport) checked(fs []doctor.Finding) {
	if fs == nil {
		fs = []doctor.Finding{}
	}
	r.Checks = fs
	s := doctor.NewReport(gateway.Profile{}, fs).Summary
	r.CheckSummary = &s
}

// failing: setup exits 1 when the checks found an error in what it wrote.
func (r *setupReport) failing() bool { return r.CheckSummary != nil && r.CheckSummary.Error > 0 }

// printChecks prints the problems the checks found, or that none were.
func (r *setupReport) printChecks(w io.Writer) {
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
			tool = " (" + f.Tool + ")"
		}
		fmt.Fprintf(w, "%-9s %s%s: %s\n", f.Status, f.Code, tool, f.Message)
		if f.Fix != "" {
			fmt.Fprintf(w, "          fix: %s\n", f.Fix)
		}
	}
}
