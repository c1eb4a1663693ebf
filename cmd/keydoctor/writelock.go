package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"time"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/lock"
	"github.com/keydoctor/keydoctor/internal/profiles"
	"github.com/keydoctor/keydoctor/writers"
)

// defaultLockWait is how long a writer waits for another to finish: a
// setup takes milliseconds, so seconds mean the holder is stuck or is a
// wizard waiting for its user.
const defaultLockWait = 5 * time.Second

// lockWaitVar overrides the wait (a Go duration, "0" to fail at once).
const lockWaitVar = "KEYDOCTOR_LOCK_WAIT"

// withWriteLock runs write holding keydoctor's write lock. Every command
// that writes a tool file (setup, restore, and any later one) plans and
// applies inside it, so two runs at once are serialised and the second
// plans against what the first wrote. write gets the time the lock was
// taken (writers.ApplyOptions.Since). A holder that does not finish in
// time is exit status 2, naming its pid.
func withWriteLock(ctx context.Context, e *env.Env, stderr io.Writer, command string, write func(since time.Time) error) error {
	wait := defaultLockWait
	if v, ok := e.Lookup(lockWaitVar); ok {
		d, err := time.ParseDuration(v)
		if err != nil || d < 0 {
			return usageErrorf("e.g. "+lockWaitVar+"=30s", "%s=%q is not a duration", lockWaitVar, v)
		}
		wait = d
	}
	l, err := lock.Acquire(ctx, e.KeydoctorDir(), lock.Options{Command: command, Wait: wait, OnWait: func(h lock.Holder) {
		fmt.Fprintf(stderr, "keydoctor: waiting up to %s for %s to finish writing\n", wait, h)
	}})
	var busy *lock.BusyError
	if errors.As(err, &busy) {
		return usageErrorf("wait for it to finish, then run this again (nothing was written)",
			"%s is writing files: %s is still locked after %s", busy.Holder, e.Tilde(busy.Path), wait)
	}
	if err != nil {
		return failf("nothing was written", "%v", err)
	}
	defer l.Release()
	removeOwnStale(e, l.Since)
	return write(l.Since)
}

// removeOwnStale removes the temporary copies a killed run left in
// keydoctor's own directories (the profile store's, the key store's, the
// backups; a copy of keys/NAME holds a key): every writer does it first,
// holding the lock, so none outlives the next run. A copy that cannot be
// removed is no reason not to write; doctor reports it (temp-file-left).
func removeOwnStale(e *env.Env, since time.Time) {
	writers.RemoveStale(e.BackupDir(), since, filepath.Dir(profiles.Path(e)), profiles.NewSecrets(e).Dir)
}
