package profile

import (
	"errors"
	"strings"
	"testing"
)

// A note about the keyring says what is missing, not the library's
// internals (issue 30 item 11).
func TestShortKeyringError(t *testing.T) {
	for _, tt := range []struct{ err, want string }{
		{`exec: "dbus-launch": executable file not found in $PATH`, "no Secret Service (D-Bus session) is running"},
		{"The name org.freedesktop.secrets was not provided by any .service files", "no Secret Service (D-Bus session) is running"},
		{"exec: \"security\": executable file not found in $PATH", "the keyring's helper program is not installed"},
		{"keyring locked\nsecond line", "keyring locked"},
	} {
		got := short(errors.New(tt.err))
		if got != tt.want || strings.Contains(got, "exec:") {
			t.Errorf("short(%q) = %q, want %q", tt.err, got, tt.want)
		}
	}
}
