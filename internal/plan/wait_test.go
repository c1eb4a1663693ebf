package plan

import (
	"errors"
	"testing"
	"time"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
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
