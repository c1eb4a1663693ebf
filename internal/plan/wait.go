package plan

import (
	"fmt"
	"io"
	"time"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/lock"
)

// DefaultWait is how long a writer waits for another to finish: a setup
// takes milliseconds, so seconds mean the holder is stuck or is a wizard
// waiting for its user.
const DefaultWait = 5 * time.Second

// WaitVar overrides the wait (a Go duration, "0" to fail at once).
const WaitVar = "KEYDOCTOR_LOCK_WAIT"

// WaitFor is the wait e asks for: $KEYDOCTOR_LOCK_WAIT, else DefaultWait.
// A value that is not a duration is a *gateway.UsageError.
func WaitFor(e *env.Env) (time.Duration, error) {
	v, ok := e.Lookup(WaitVar)
	if !ok {
		return DefaultWait, nil
	}
	d, err := time.ParseDuration(v)
	if err != nil || d < 0 {
		return 0, &gateway.UsageError{Msg: fmt.Sprintf("%s=%q is not a duration", WaitVar, v), Hint: "e.g. " + WaitVar + "=30s"}
	}
	return d, nil
}

// For is the session a command named command writes in: it waits
// $KEYDOCTOR_LOCK_WAIT (WaitFor) for another writer, saying so on
// stderr (nil: nowhere; a run without one still waits).
func For(e *env.Env, stderr io.Writer, command string) (*Session, error) {
	wait, err := WaitFor(e)
	if err != nil {
		return nil, err
	}
	if stderr == nil {
		stderr = io.Discard
	}
	return &Session{Env: e, Command: command, Wait: wait, OnWait: func(h lock.Holder) {
		fmt.Fprintf(stderr, "keydoctor: waiting up to %s for %s to finish writing\n", wait, h)
	}}, nil
}
