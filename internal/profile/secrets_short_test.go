package profile

import (
	"errors"
	"strings"
	"testing"

	"github.com/zalando/go-keyring"
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

// On macOS the note names the login Keychain and says what security's bare
// exit status usually means; Linux's wording stays as it was.
func TestKeyringNotePerOS(t *testing.T) {
	keyring.MockInitWithError(errors.New("exit status 36"))
	for goos, want := range map[string]string{
		"darwin":  "the login Keychain cannot be used (security exit status 36; a login Keychain still locked (an SSH session) does that: 'security unlock-keychain' unlocks it): the key is kept in ",
		"windows": "the Windows Credential Manager cannot be used (exit status 36): the key is kept in ",
		"linux":   "no OS keyring here (exit status 36): the key is kept in ",
	} {
		e := testEnv(t, nil)
		e.GOOS = goos
		where, note, err := NewSecrets(e).Set("home", testKey)
		if err != nil || where != StoreFile || !strings.HasPrefix(note, want) {
			t.Errorf("%s: Set = %q, %q, %v; want the file store and a note starting %q", goos, where, note, err, want)
		}
		if k, err := NewSecrets(e).Get(StoreFile, "home"); err != nil || k != testKey {
			t.Errorf("%s: the file store gives %v", goos, err)
		}
	}
}
