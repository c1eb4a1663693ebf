package plan

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/lock"
)

// TestWaitFor: the lock wait is $KEYDOCTOR_LOCK_WAIT when it is a
// duration that is not negative, 5s when unset; anything else is a usage
// error naming the variable and the value.
func TestWaitFor(t *testing.T) {
	for _, tc := range []struct {
		value string
		set   bool
		want  time.Duration
		err   string
	}{
		{"", false, DefaultWait, ""},
		{"0", true, 0, ""},
		{"30s", true, 30 * time.Second, ""},
		{"soon", true, 0, `KEYDOCTOR_LOCK_WAIT="soon" is not a duration`},
		{"-1s", true, 0, `KEYDOCTOR_LOCK_WAIT="-1s" is not a duration`},
		{"", true, DefaultWait, ""}, // set and empty is unset (env.Lookup)
	} {
		m := map[string]string{}
		if tc.set {
			m[WaitVar] = tc.value
		}
		got, err := WaitFor(env.FromMap(m))
		var ue *gateway.UsageError
		switch {
		case tc.err == "" && (err != nil || got != tc.want):
			t.Errorf("%q: %v, %v; want %v", tc.value, got, err, tc.want)
		case tc.err != "" && (!errors.As(err, &ue) || ue.Msg != tc.err || ue.Hint != "e.g. KEYDOCTOR_LOCK_WAIT=30s"):
			t.Errorf("%q: err = %#v, want %q", tc.value, err, tc.err)
		}
	}
}

// TestForSaysItWaits: the session says on stderr whom it waits for; a
// run without a stderr (nil) waits all the same, saying nothing.
func TestForSaysItWaits(t *testing.T) {
	var b strings.Builder
	s, err := For(env.FromMap(map[string]string{WaitVar: "2s"}), &b, "setup")
	if err != nil || s.Wait != 2*time.Second || s.Command != "setup" {
		t.Fatalf("For = %+v, %v", s, err)
	}
	s.OnWait(lock.Holder{PID: 42, Command: "restore"})
	if want := "keydoctor: waiting up to 2s for keydoctor restore (pid 42) to finish writing\n"; b.String() != want {
		t.Errorf("stderr = %q, want %q", b.String(), want)
	}
	quiet, err := For(env.FromMap(nil), nil, "doctor --fix")
	if err != nil || quiet.Wait != DefaultWait {
		t.Fatalf("For without stderr = %+v, %v", quiet, err)
	}
	quiet.OnWait(lock.Holder{PID: 42, Command: "restore"}) // must not panic
}
