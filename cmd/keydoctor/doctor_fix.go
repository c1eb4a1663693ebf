package main

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/fixer"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/plan"
	"github.com/keydoctor/keydoctor/writers"
	"github.com/spf13/pflag"
)

// doctorFixFlags are doctor's --fix, --yes and --dry-run.
type doctorFixFlags struct {
	on, yes, dryRun bool
}

func (f *doctorFixFlags) add(fs *pflag.FlagSet) {
	fs.BoolVar(&f.on, "fix", false, "apply every fix that is an edit of a file keydoctor writes (shows the diff, asks, backs up; 'keydoctor restore --last' undoes it)")
	fs.BoolVarP(&f.yes, "yes", "y", false, "with --fix: apply without asking")
	fs.BoolVar(&f.dryRun, "dry-run", false, "with --fix: show the diff and write nothing")
}

func (f *doctorFixFlags) validate(o *doctorOptions) error {
	switch {
	case !f.on && (f.yes || f.dryRun):
		return usageErrorf("add --fix", "--yes and --dry-run only go with --fix")
	case f.on && o.JSON:
		return usageErrorf("run 'keydoctor doctor --json' to read the findings", "--fix does not print JSON")
	}
	return nil
}

// runDoctorFix is `doctor --fix`: it plans every file edit that fixes a
// finding into one plan (setup's writers), shows its diff, asks, applies
// it (backed up: restore --last undoes it), then runs the checks again
// and reports what is left. A real run does all of it but the last report
// in its write session: the profile is resolved and the checks run (the
// wire ones take seconds) holding the lock, so a run that waited for
// another fixes what the other left, not what was there before.
func runDoctorFix(ctx context.Context, o *doctorOptions, load func() (gateway.Profile, error)) error {
	if o.fix.dryRun {
		p, err := load()
		if err != nil {
			return err
		}
		in, err := doctorFixFindings(ctx, o, p)
		if err != nil {
			return err
		}
		r, err := planFixes(o, in)
		if err != nil {
			return err
		}
		if showFixPlan(o, r) {
			fmt.Fprintln(o.Out, "dry run: nothing was written")
		}
		return fixExit(r, o.Strict)
	}
	var p gateway.Profile
	var r *fixer.Result
	out, err := runSession(ctx, o.Env, errOut(o), "doctor --fix", plan.Steps{
		Plan: func(ctx context.Context, _ time.Time) (*writers.Plan, error) {
			var err error
			if p, err = load(); err != nil {
				return nil, err
			}
			in, err := doctorFixFindings(ctx, o, p)
			if err != nil {
				return nil, err
			}
			if r, err = planFixes(o, in); err != nil {
				return nil, err
			}
			if !showFixPlan(o, r) {
				return nil, fixExit(r, o.Strict)
			}
			return r.Plan, nil
		},
		Confirm: func(ctx context.Context, _ *writers.Plan) (bool, error) {
			if o.fix.yes {
				return true, nil
			}
			if !o.Env.IsTerminal {
				return false, usageErrorf("pass --yes to apply them, or --dry-run to only see them", "doctor --fix asks before writing, and there is no terminal to ask on (nothing was written)")
			}
			yes, err := askConfirm(ctx, o.Env, o.Out, "doctor --fix", "nothing was written", "Apply these changes?")
			if err != nil {
				return false, err
			}
			if !yes {
				fmt.Fprintln(o.Out, "nothing was written")
				return false, fixExit(r, o.Strict)
			}
			return true, nil
		},
	})
	if err != nil || out.Declined() || len(out.Plan.Pending()) == 0 {
		return err // nothing to fix by editing a file, or not confirmed
	}
	plan.WriteResult(o.Out, o.Env, out.Result)
	fmt.Fprintln(o.Out)
	return runDoctorReport(ctx, o, p)
}

// runDoctorReport is doctor's report after the fixes: what is left.
func runDoctorReport(ctx context.Context, o *doctorOptions, p gateway.Profile) error {
	return doctorReport(ctx, o, p, "keydoctor doctor, after --fix")
}

// fixExit is doctor's exit status for findings that are not fixed yet.
func fixExit(r *fixer.Result, strict bool) error {
	for _, f := range r.Fixes {
		if f.Finding.Status == doctor.Error || (strict && f.Finding.Status == doctor.Warning) {
			return &exitError{code: exitFindings}
		}
	}
	return nil
}

// doctorFixFindings runs the checks (as doctor does) for --fix.
func doctorFixFindings(ctx context.Context, o *doctorOptions, p gateway.Profile) (*fixer.Input, error) {
	res, err := doctorSession(ctx, o, p)
	if err != nil {
		return nil, err
	}
	in := &fixer.Input{Env: o.Env, Project: o.Project, Profile: p, Snapshot: res.Snapshot, Findings: res.Report.Findings}
	in.SettleBackground(ctx, func(ctx context.Context, root, key string) ([]string, error) {
		return listModels(ctx, o.Env, root, key)
	})
	return in, nil
}

// planFixes plans the fixes of the findings (fixer.Input.Plan), a file
// refused as setup reports it.
func planFixes(o *doctorOptions, in *fixer.Input) (*fixer.Result, error) {
	r, err := in.Plan()
	if err != nil {
		return nil, refusal(o.Env, err)
	}
	return r, nil
}

// showFixPlan prints the diff, what it fixes and the steps left to the
// user (fixer.Result.WriteText); it reports whether there is anything to
// write.
func showFixPlan(o *doctorOptions, r *fixer.Result) bool { return r.WriteText(o.Out, o.Env.Tilde) }

func errOut(o *doctorOptions) io.Writer {
	if o.Env.Stderr != nil {
		return o.Env.Stderr
	}
	return io.Discard
}
