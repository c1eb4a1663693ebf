package main

import (
	"context"
	"errors"
	"io"
	"time"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/plan"
	"github.com/keydoctor/keydoctor/internal/setup"
)

// runSession runs a command's write session (internal/plan): the lock
// first, then st's steps, which read the profile store and the files,
// plan, ask, and remember. command names the run to a writer that waits
// for it.
func runSession(ctx context.Context, e *env.Env, stderr io.Writer, command string, st plan.Steps) (*plan.Outcome, error) {
	s, err := plan.For(e, stderr, command)
	if err != nil {
		return nil, err
	}
	out, err := s.Run(ctx, st)
	return out, sessionError(e, s, err)
}

// sessionError is a write session's error as the command reports it: a
// holder that does not finish in time is exit status 2, naming its pid;
// a plan MakePlan or Apply refuses is exit status 2 naming the file.
func sessionError(e *env.Env, s *plan.Session, err error) error {
	var ae *plan.ApplyError
	var pe *setup.PlanError
	if busy, ok := plan.IsLock(err); ok && busy != nil {
		return usageErrorf("wait for it to finish, then run this again (nothing was written)",
			"%s is writing files: %s is still locked after %s", busy.Holder, e.Tilde(busy.Path), s.Wait)
	} else if ok {
		return failf("nothing was written", "%v", errors.Unwrap(err))
	} else if errors.As(err, &ae) {
		return refusal(e, ae.Err)
	} else if errors.As(err, &pe) {
		return refusal(e, pe.Err)
	}
	return err
}

// withWriteLock runs write in a write session that plans no tool file: a
// command that changes only keydoctor's own files (the profile store, the
// team file) reads and writes them in write, holding the lock. write gets
// the time the lock was taken.
func withWriteLock(ctx context.Context, e *env.Env, stderr io.Writer, command string, write func(since time.Time) error) error {
	_, err := runSession(ctx, e, stderr, command, plan.Steps{Remember: func(_ context.Context, out *plan.Outcome) error {
		return write(out.Since)
	}})
	return err
}
