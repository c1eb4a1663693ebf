package plan

import (
	"fmt"
	"time"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
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
