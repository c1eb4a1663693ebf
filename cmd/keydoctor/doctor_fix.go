package main

import (
	"context"
	"fmt"

	"github.com/keydoctor/keydoctor/fixer"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/plan"
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

// runDoctorFix is `doctor --fix` (fixer.Session): the fixes' diff, a
// question, the edits; then the checks again, reporting what is left.
func runDoctorFix(ctx context.Context, o *doctorOptions, load func() (gateway.Profile, error)) error {
	var p gateway.Profile
	s := &fixer.Session{Env: o.Env, Out: o.Out,
		Find: func(ctx context.Context) (*fixer.Input, error) {
			var err error
			if p, err = load(); err != nil {
				return nil, err
			}
			return doctorFixFindings(ctx, o, p)
		},
		ListModels: func(ctx context.Context, root, key string) ([]string, error) {
			return listModels(ctx, o.Env, root, key)
		},
		Confirm: func(ctx context.Context) (bool, error) {
			if o.fix.yes {
				return true, nil
			}
			if !o.Env.IsTerminal {
				return false, usageErrorf("pass --yes to apply them, or --dry-run to only see them", "doctor --fix asks before writing, and there is no terminal to ask on (nothing was written)")
			}
			return askConfirm(ctx, o.Env, o.Out, "doctor --fix", "nothing was written", "Apply these changes?")
		}}
	if !o.fix.dryRun {
		var err error
		if s.Lock, err = plan.For(o.Env, o.Env.Stderr, "doctor --fix"); err != nil {
			return err
		}
	}
	r, written, err := s.Run(ctx)
	switch {
	case err != nil:
		return sessionError(o.Env, s.Lock, err)
	case written == nil && r.Failing(o.Strict):
		return &exitError{code: exitFindings}
	case written == nil:
		return nil
	}
	plan.WriteResult(o.Out, o.Env, written)
	fmt.Fprintln(o.Out)
	return doctorReport(ctx, o, p, "keydoctor doctor, after --fix")
}

// doctorFixFindings runs the checks (as doctor does) for --fix.
func doctorFixFindings(ctx context.Context, o *doctorOptions, p gateway.Profile) (*fixer.Input, error) {
	res, err := doctorSession(ctx, o, p)
	if err != nil {
		return nil, err
	}
	return &fixer.Input{Env: o.Env, Project: o.Project, Profile: p, Snapshot: res.Snapshot, Findings: res.Report.Findings, Versions: res.Versions}, nil
}
