package fixer

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/plan"
	"github.com/keydoctor/keydoctor/internal/setup"
	"github.com/keydoctor/keydoctor/writers"
)

// Session is one doctor --fix run: find, plan every file edit that fixes
// a finding into one plan, show it, ask, apply (backed up: restore --last
// undoes it). A real run does all of it in its write session: the
// profile is resolved and the checks run (the wire ones take seconds)
// holding the lock, so a run that waited for another fixes what the
// other left, not what was there before.
type Session struct {
	Env *env.Env
	Out io.Writer
	// Lock is the write session; nil is a dry run (shown, not written).
	Lock *plan.Session
	// Find resolves the profile and runs the checks.
	Find func(ctx context.Context) (*Input, error)
	// ListModels is the gateway's model list, for a background model to
	// set (Input.SettleBackground).
	ListModels func(ctx context.Context, root, key string) ([]string, error)
	// Confirm asks before writing; false writes nothing.
	Confirm func(ctx context.Context) (bool, error)
}

// Run plans, shows, asks and applies. It returns the planned fixes and
// what was written: nil when nothing was (a dry run, nothing to write,
// the answer no). A plan refused is a setup.PlanError.
func (s *Session) Run(ctx context.Context) (*Result, *writers.Result, error) {
	var r *Result
	planFixes := func(ctx context.Context, _ time.Time) (*writers.Plan, error) {
		in, err := s.Find(ctx)
		if err != nil {
			return nil, err
		}
		in.SettleBackground(ctx, s.ListModels)
		if r, err = in.Plan(); err != nil {
			return nil, &setup.PlanError{Err: err}
		}
		if !r.WriteText(s.Out, s.Env.Tilde) {
			return nil, nil // nothing to fix by editing a file
		}
		return r.Plan, nil
	}
	if s.Lock == nil {
		pl, err := planFixes(ctx, time.Time{})
		if pl != nil {
			fmt.Fprintln(s.Out, "dry run: nothing was written")
		}
		return r, nil, err
	}
	out, err := s.Lock.Run(ctx, plan.Steps{Plan: planFixes, Confirm: func(ctx context.Context, _ *writers.Plan) (bool, error) {
		ok, err := s.Confirm(ctx)
		if err == nil && !ok {
			fmt.Fprintln(s.Out, "nothing was written")
		}
		return ok, err
	}})
	if err != nil || out.Declined() || len(out.Plan.Pending()) == 0 {
		return r, nil, err
	}
	return r, out.Result, nil
}

// Failing reports whether a finding the fixes were planned for fails the
// run as it is now (warnings too when strict).
func (r *Result) Failing(strict bool) bool {
	for _, f := range r.Fixes {
		if f.Finding.Status == doctor.Error || (strict && f.Finding.Status == doctor.Warning) {
			return true
		}
	}
	return false
}
