package setup

import (
	"context"
	"fmt"
	"time"

	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/plan"
	"github.com/keydoctor/keydoctor/internal/profile"
	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/keydoctor/keydoctor/internal/toolversion"
	"github.com/keydoctor/keydoctor/writers"
)

// Front is what a setup session asks of the program that runs it: the
// questions (a wizard, a confirmation) and the choices still made from
// its command line. 'use' is a Front whose profile is a stored one.
type Front interface {
	// Resolve returns the profile to write and the tools to write it
	// into; a real run calls it holding the write lock, so that the
	// stored profile and the files it starts from are those no other run
	// is changing. A wizard asks here for what is missing.
	Resolve(ctx context.Context) (writers.Options, []gateway.ToolID, error)
	// Untargeted says, for each chosen tool the plan writes nothing for,
	// why; an error refuses the run.
	Untargeted(tools []gateway.ToolID, pl *writers.Plan) ([]string, error)
	// Confirm shows the plan and asks; false writes nothing. It is not
	// called when the plan changes nothing.
	Confirm(ctx context.Context, pl *writers.Plan) (bool, error)
	// Remember records, once the files are written, what the run did
	// beyond them (a team file trusted, the stored profile); it returns
	// what to report as the profile saved ("" nothing).
	Remember(ctx context.Context, p gateway.Profile) (string, error)
}

// Session is one setup (or use) run: resolve, plan, confirm, apply,
// remember, check, all but a dry run's holding the write lock.
type Session struct {
	// Lock is the write session the run holds (its wait, its name).
	Lock   *plan.Session
	DryRun bool // plan and report; take no lock, write nothing
	Front  Front
	// Check runs the offline checks on what was written (not on a dry
	// run); its findings end the report. Nil means none.
	Check func(ctx context.Context, p gateway.Profile, tools []gateway.ToolID) []doctor.Finding
}

// PlanError is the plan not made: a file that does not parse, a value a
// tool cannot hold (writers.MakePlan's error). Nothing was written.
type PlanError struct{ Err error }

func (e *PlanError) Error() string { return e.Err.Error() }
func (e *PlanError) Unwrap() error { return e.Err }

// Run runs the session and returns its report; nil, with no error, when
// the user declined (nothing was written). Errors of the Front come back
// as they are, MakePlan's as *PlanError, the lock's and Apply's as
// plan.Session.Run returns them.
func (s *Session) Run(ctx context.Context) (*Report, error) {
	if s.DryRun {
		_, rep, err := s.plan(ctx)
		return rep, err
	}
	var rep *Report
	out, err := s.Lock.Run(ctx, plan.Steps{
		Plan: func(ctx context.Context, _ time.Time) (*writers.Plan, error) {
			pl, r, err := s.plan(ctx)
			rep = r
			return pl, err
		},
		Confirm: s.Front.Confirm,
		Remember: func(ctx context.Context, out *plan.Outcome) error {
			rep.Applied(s.Lock.Env, out.Result)
			var err error
			if rep.ProfileSaved, err = s.Front.Remember(ctx, rep.profile); err != nil {
				return err
			}
			if s.Check != nil {
				rep.Checked(s.Check(ctx, rep.profile, rep.Tools))
			}
			return nil
		},
	})
	if err != nil || out.Declined() {
		return nil, err
	}
	return rep, nil
}

// plan resolves what to write and plans it.
func (s *Session) plan(ctx context.Context) (*writers.Plan, *Report, error) {
	wo, ids, err := s.Front.Resolve(ctx)
	if err != nil {
		return nil, nil, err
	}
	if err := anthropicRootForOpenAI(wo.Profile, ids); err != nil {
		return nil, nil, err
	}
	if wo.Versions == nil {
		// A tool's planner writes the files its installed version reads
		// (an editor extension's MCP file that moved between versions).
		wo.Versions = toolversion.ForIDs(ctx, wo.Env, writers.VersionedIDs(ids)...)
	}
	pl, err := writers.MakePlan(wo, ids)
	if err != nil {
		return nil, nil, &PlanError{Err: err}
	}
	notes, err := s.Front.Untargeted(ids, pl)
	if err != nil {
		return nil, nil, err
	}
	rep := NewReport(wo.Env, wo.Profile, ids, pl, s.DryRun)
	rep.Notes = append(rep.Notes, notes...)
	rep.profile = wo.Profile
	return pl, rep, nil
}

// anthropicRootForOpenAI refuses to give a tool that speaks another API
// than Anthropic's a vendor's Anthropic root (…/anthropic): with its /v1
// that is …/anthropic/v1/chat/completions, a 404 at every vendor that
// serves the two under separate roots. The profile knows the other root
// from a preset (profile.Load) or --openai-base-url; without either the
// user must say it.
func anthropicRootForOpenAI(p gateway.Profile, ids []gateway.ToolID) error {
	for _, id := range ids {
		t, ok := tool.Lookup(string(id))
		if !ok {
			continue
		}
		f := t.Protocol.Family()
		if f == gateway.FamilyAnthropic || !gateway.IsAnthropicRoot(p.RootOf(f)) {
			continue
		}
		flag := profile.RootFlags[f]
		return &gateway.UsageError{
			Msg:  fmt.Sprintf("%s is an Anthropic API root, and %s speaks the %s API: it would request %s, which such vendors do not serve", p.RootOf(f), t.Title, f.Title(), t.RequestURL(p.RootOf(f))),
			Hint: fmt.Sprintf("pass the vendor's %s API root too (%s URL, from its documentation), or leave %s out with --tools", f.Title(), flag, id)}
	}
	return nil
}
