package claude

import (
	"time"

	"github.com/keydoctor/keydoctor/checks"
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/gateway"
)

// Lookup is State.lookup, for the precedence test.
func Lookup(st State, name string, shell discover.Value) discover.Value {
	return st.lookup(name, shell)
}

// ShadowedProfileKey is claude-request's choice of the profile's key
// beneath the winning one, for the table test.
func ShadowedProfileKey(snap *discover.Snapshot, p gateway.Profile, set *checks.ProfileSet, t discover.Tool) (discover.Value, string, bool) {
	return claudeSendCheck{snap: snap, profile: p, profiles: set}.shadowedProfileKey(t)
}

// SetHelperTimeout shortens apiKeyHelper's deadline for a test of it.
func SetHelperTimeout(d time.Duration) (restore func()) {
	was := helperTimeout
	helperTimeout = d
	return func() { helperTimeout = was }
}
