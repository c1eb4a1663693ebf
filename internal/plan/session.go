// Package plan runs keydoctor's write sessions. Every command that writes
// (setup, use, profile, restore, doctor --fix, init) runs one Session:
// it takes the write lock first, and only then reads the profile store and
// the files, plans, asks, applies and remembers. A run that waited for
// another therefore plans against what the other wrote, so N runs at once
// end as some serial order of them, and no run reports a change that a
// run planned from stale values then overwrote.
package plan

import (
	"context"
	"errors"
	"path/filepath"
	"time"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/lock"
	"github.com/keydoctor/keydoctor/internal/profile"
	"github.com/keydoctor/keydoctor/writers"
)

// Session is one writing run.
type Session struct {
	Env *env.Env
	// Command names the run to a writer that waits for it ("keydoctor use
	// (pid N)") and in its backup's manifest.
	Command string
	// Wait is how long to wait for another holder of the lock; OnWait is
	// told once who that is, before waiting.
	Wait   time.Duration
	OnWait func(lock.Holder)
}

// Steps are what a command does inside its session, each called holding
// the lock, in this order; each may be nil.
type Steps struct {
	// Plan reads what the run depends on (the profile store, the tools'
	// files) and plans every file change. since is when the lock was
	// taken. A nil plan writes no tool file (a command that only changes
	// the profile store does so in Remember).
	Plan func(ctx context.Context, since time.Time) (*writers.Plan, error)
	// Confirm shows the plan and asks; false writes nothing. Nil: apply.
	// It is not called when the plan changes nothing.
	Confirm func(ctx context.Context, p *writers.Plan) (bool, error)
	// Remember records what the run did beyond the plan's files (the
	// profile store, the default profile), after they were written
	// (out.Result is empty, not nil, when no file changed).
	Remember func(ctx context.Context, out *Outcome) error
}

// Outcome is what a session did.
type Outcome struct {
	Plan *writers.Plan
	// Result is what Apply did; nil when nothing was applied (declined).
	Result *writers.Result
	Since  time.Time
}

// Declined reports whether the user said no (nothing was written).
func (o *Outcome) Declined() bool { return o.Result == nil }

// LockError is the write lock not taken: BusyError when another run held
// it for the whole wait. Nothing was read or written.
type LockError struct{ Err error }

func (e *LockError) Error() string { return e.Err.Error() }
func (e *LockError) Unwrap() error { return e.Err }

// ApplyError is the plan refused or failed while being written (Apply's
// error: a *writers.RefusedError, or a write that was rolled back).
type ApplyError struct{ Err error }

func (e *ApplyError) Error() string { return e.Err.Error() }
func (e *ApplyError) Unwrap() error { return e.Err }

// Run runs the steps holding the write lock. Errors of the steps come back
// as they are; the lock's as *LockError, Apply's as *ApplyError.
func (s *Session) Run(ctx context.Context, st Steps) (*Outcome, error) {
	l, err := lock.Acquire(ctx, s.Env.KeydoctorDir(), lock.Options{Command: s.Command, Wait: s.Wait, OnWait: s.OnWait})
	if err != nil {
		return nil, &LockError{Err: err}
	}
	defer l.Release()
	// The temporary copies a killed run left in keydoctor's own
	// directories (the profile store's, the key store's, the backups; a
	// copy of keys/NAME holds a key) go first, whatever this run writes:
	// none outlives the next writer. One that cannot be removed is no
	// reason not to write; doctor reports it (temp-file-left).
	removed, _ := writers.RemoveStale(s.Env.BackupDir(), l.Since, filepath.Dir(profile.Path(s.Env)), profile.NewSecrets(s.Env).Dir)
	out := &Outcome{Since: l.Since}
	if st.Plan != nil {
		if out.Plan, err = st.Plan(ctx, l.Since); err != nil {
			return out, err
		}
	}
	if out.Plan == nil {
		out.Plan = &writers.Plan{}
	}
	if st.Confirm != nil && len(out.Plan.Pending()) > 0 {
		ok, err := st.Confirm(ctx, out.Plan)
		if err != nil || !ok {
			return out, err
		}
	}
	res, err := out.Plan.Apply(writers.ApplyOptions{BackupRoot: s.Env.BackupDir(), Now: s.Env.Now(), Command: s.Command,
		Since: l.Since, Keep: []string{profile.Path(s.Env)}})
	if err != nil {
		return out, &ApplyError{Err: err}
	}
	res.Removed = append(removed, res.Removed...)
	out.Result = res
	if st.Remember != nil {
		if err := st.Remember(ctx, out); err != nil {
			return out, err
		}
	}
	if res.Backup != "" {
		// What the run left in the profile store, for restore's notes; a
		// backup without it still restores.
		_ = writers.SealKept(res.Backup)
	}
	return out, nil
}

// IsLock reports whether err is the lock not taken, and its BusyError if
// another run held it.
func IsLock(err error) (busy *lock.BusyError, ok bool) {
	var le *LockError
	if !errors.As(err, &le) {
		return nil, false
	}
	errors.As(le.Err, &busy)
	return busy, true
}
