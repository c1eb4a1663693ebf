package main

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/fixer"
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/plan"
	"github.com/keydoctor/keydoctor/internal/profile"
	"github.com/keydoctor/keydoctor/internal/tool/anthropic"
	"github.com/keydoctor/keydoctor/internal/tool/claude"
	"github.com/keydoctor/keydoctor/internal/tool/codex"
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
		r, err := in.plan(o)
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
			if r, err = in.plan(o); err != nil {
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
	for _, c := range out.Result.Written {
		plan.WriteRow(o.Out, plan.Verb(c.Action(), false), o.Env.Tilde(c.Path), string(c.Tool))
	}
	if out.Result.Backup != "" {
		fmt.Fprintf(o.Out, "backup    %s (undo with 'keydoctor restore --last')\n", o.Env.Tilde(out.Result.Backup))
	}
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

// fixInput is what the checks found, and what planning the fixes needs.
type fixInput struct {
	profile gateway.Profile // with the background model to set, if any
	snap    *discover.Snapshot
	fs      []doctor.Finding
}

// doctorFixFindings runs the checks (as doctor does) for --fix.
func doctorFixFindings(ctx context.Context, o *doctorOptions, p gateway.Profile) (*fixInput, error) {
	res, err := doctorSession(ctx, o, p)
	if err != nil {
		return nil, err
	}
	snap, fs := res.Snapshot, res.Report.Findings
	settleFixBackground(ctx, o, &p, fs)
	return &fixInput{profile: p, snap: snap, fs: fs}, nil
}

// plan plans the fixes of the findings into one plan, reading the files
// now.
func (in *fixInput) plan(o *doctorOptions) (*fixer.Result, error) {
	p := in.profile
	codexAuth, codexProvider := codexProviderOf(in.snap)
	wo := writers.Options{Env: o.Env, Profile: p, Project: o.Project,
		ToolOptions: map[string]string{"claude-auth": claudeAuthOf(in.snap), "codex-auth": codexAuth, "codex-provider": codexProvider}}
	r, err := fixer.Plan(o.Env, fixer.Options{Writers: wo, Missing: profileMissing(p)}, in.fs)
	if err != nil {
		return nil, refusal(o.Env, err)
	}
	return r, nil
}

// profileMissing says why a triple cannot be written from p, or "". A
// base URL that is only the preset's default is not enough: the tools'
// files may name another gateway, and the key must go to the one the user
// named.
func profileMissing(p gateway.Profile) string {
	if err := profile.Complete(p); err != nil {
		return "no profile to write: " + err.Error()
	}
	if src := p.Source(gateway.FieldBaseURL); strings.HasPrefix(src, "preset ") {
		return fmt.Sprintf("the gateway's base URL is only the %s default: give it with --base-url or %s", src, p.VarBaseURL)
	}
	return ""
}

// settleFixBackground picks the served small model to set as a tool's
// background model when a check proposes setting one (the wire checks
// found it unserved), as setup --yes does (the same model list, the same
// pick).
func settleFixBackground(ctx context.Context, o *doctorOptions, p *gateway.Profile, fs []doctor.Finding) {
	for _, f := range fs {
		if f.Edit != nil && f.Edit.Background {
			so := &setupOptions{Env: o.Env, Project: o.Project, Err: io.Discard,
				ListModels: func(ctx context.Context, root, key string) ([]string, error) {
					return listModels(ctx, o.Env, root, key)
				}}
			so.settleBackground(ctx, p, []gateway.ToolID{f.Edit.Tool})
			return
		}
	}
}

// claudeAuthOf keeps the variable the user's Claude Code key is in.
func claudeAuthOf(snap *discover.Snapshot) string {
	if t, ok := snap.Own(claude.ID); ok && t.KeyName == anthropic.APIKey {
		return "api-key"
	}
	return ""
}

// codexProviderOf keeps the user's Codex provider and how it gets its key,
// so a fix edits that provider rather than adding one.
func codexProviderOf(snap *discover.Snapshot) (auth, id string) {
	c := codex.StateOf(snap)
	pv, ok := c.Providers[c.Provider.Value]
	if !ok {
		return "", ""
	}
	for _, r := range codex.Reserved {
		if strings.EqualFold(pv.ID, r.ID) {
			return "", ""
		}
	}
	if pv.EnvKey.Value != "" {
		auth = "env"
	}
	return auth, pv.ID
}

// showFixPlan prints the diff, what it fixes and the steps left to the
// user; it reports whether there is anything to write.
func showFixPlan(o *doctorOptions, r *fixer.Result) bool {
	w := o.Out
	pending := len(r.Plan.Pending()) > 0
	if pending {
		_ = r.Plan.Diff(w, o.Env.Tilde)
		fmt.Fprintln(w, "\nthis fixes:")
		for _, f := range r.Fixes {
			if f.Applied {
				fmt.Fprintf(w, "  %-7s %s (%s)\n", f.Finding.Status, f.Finding.Code, fixWhere(f.Finding))
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

func fixWhere(f doctor.Finding) string {
	s := f.Tool
	if s == "" {
		s = "general"
	}
	if f.Source != "" {
		s += " at " + f.Source
	}
	return s
}

func errOut(o *doctorOptions) io.Writer {
	if o.Env.Stderr != nil {
		return o.Env.Stderr
	}
	return io.Discard
}
