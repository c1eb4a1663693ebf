package profile

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/keydoctor/keydoctor/internal/atomicfile"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/safefile"
	"github.com/zalando/go-keyring"
)

// keyringService names keydoctor's entries in the OS keyring; the
// profile name is the entry's user.
const keyringService = "keydoctor"

// KeyringVar switches the OS keyring off ("off": keys go to the file
// store), for machines whose keyring prompts or hangs, and for tests, which
// must never write into a developer's real keyring.
const KeyringVar = "KEYDOCTOR_KEYRING"

// keyringTimeout bounds one keyring call: a Secret Service that is
// registered but never answers must not hang a command.
const keyringTimeout = 5 * time.Second

// Secrets keeps the keys of profiles that name no variable.
type Secrets struct {
	Dir     string // the file store: DIR/NAME, 0600, in a 0700 dir
	Keyring bool
	tilde   func(string) string
	goos    string // whose keyring: its name and its errors in notes
}

// NewSecrets is the secrets store of e's config dir.
func NewSecrets(e *env.Env) *Secrets {
	v, _ := e.Lookup(KeyringVar)
	return &Secrets{Dir: filepath.Join(e.KeydoctorDir(), "keys"), Keyring: v != "off", tilde: e.Tilde, goos: e.GOOS}
}

// Set keeps key for profile name: in the keyring when there is one,
// else in the file store, with a one-line note saying so. It returns
// where the key went.
func (s *Secrets) Set(name, key string) (where, note string, err error) {
	// The name becomes a file name and a keyring entry: ".." or "a/b"
	// must not store anything anywhere.
	if err := ValidName(name); err != nil {
		return "", "", err
	}
	if s.Keyring {
		kerr := withTimeout(func() error { return keyring.Set(keyringService, name, key) })
		if kerr == nil {
			_ = os.Remove(s.file(name)) // an older copy must not outlive the new key
			return StoreKeyring, "", nil
		}
		note = fmt.Sprintf("%s (%s): the key is kept in %s (mode 0600)", noKeyring(s.goos), shortFor(s.goos, kerr), s.tilde(s.file(name)))
	}
	if err := os.MkdirAll(s.Dir, 0o700); err != nil {
		return "", "", err
	}
	if err := atomicfile.Write(s.file(name), []byte(key+"\n"), atomicfile.Options{Mode: 0o600, Private: true, UID: -1, GID: -1}); err != nil {
		return "", "", err
	}
	return StoreFile, note, nil
}

// Get reads the key kept for name in store.
func (s *Secrets) Get(store, name string) (string, error) {
	switch store {
	case StoreKeyring:
		var key string
		err := withTimeout(func() error {
			var err error
			key, err = keyring.Get(keyringService, name)
			return err
		})
		if err != nil {
			return "", fmt.Errorf("reading the key of profile %s from the OS keyring: %s", name, shortFor(s.goos, err))
		}
		return key, nil
	case StoreFile:
		b, err := safefile.ReadFile(s.file(name))
		if err != nil {
			return "", fmt.Errorf("reading the key of profile %s: %w", name, err)
		}
		return strings.TrimRight(string(b), "\r\n"), nil
	}
	return "", fmt.Errorf("profile %s: unknown key_store %q", name, store)
}

// Delete forgets the key kept for name; an absent one is not an error.
func (s *Secrets) Delete(store, name string) error {
	if err := ValidName(name); err != nil {
		return err
	}
	switch store {
	case StoreKeyring:
		err := withTimeout(func() error { return keyring.Delete(keyringService, name) })
		if err != nil && !errors.Is(err, keyring.ErrNotFound) {
			return fmt.Errorf("removing the key of profile %s from the OS keyring: %s", name, shortFor(s.goos, err))
		}
	case StoreFile:
		if err := os.Remove(s.file(name)); err != nil && !errors.Is(err, os.ErrNotExist) {
			return err
		}
	}
	return nil
}

func (s *Secrets) file(name string) string { return filepath.Join(s.Dir, name) }

func withTimeout(f func() error) error {
	done := make(chan error, 1)
	go func() { done <- f() }()
	select {
	case err := <-done:
		return err
	case <-time.After(keyringTimeout):
		return errors.New("the keyring did not answer within " + keyringTimeout.String())
	}
}

// noKeyring says which keyring is missing: go-keyring uses the login
// Keychain on macOS (through /usr/bin/security), the Credential Manager
// on Windows and the Secret Service (D-Bus) elsewhere.
func noKeyring(goos string) string {
	switch goos {
	case "darwin":
		return "the login Keychain cannot be used"
	case "windows":
		return "the Windows Credential Manager cannot be used"
	}
	return "no OS keyring here"
}

// shortFor is short, with what macOS's security tool means: go-keyring
// passes on only its exit status, and the usual cause of a failure is a
// login Keychain still locked in an SSH session or a headless runner.
func shortFor(goos string, err error) string {
	s := short(err)
	if goos == "darwin" && strings.HasPrefix(s, "exit status ") {
		return "security " + s + "; a login Keychain still locked (an SSH session) does that: 'security unlock-keychain' unlocks it"
	}
	return s
}

// short is the first line of an error, for a one-line note.
func short(err error) string {
	s, _, _ := strings.Cut(err.Error(), "\n")
	// The keyring library's own words name its internals (`exec:
	// "dbus-launch": executable file not found in $PATH`): say what is
	// missing instead.
	switch {
	case strings.Contains(s, "dbus-launch"), strings.Contains(s, "org.freedesktop.secrets"), strings.Contains(s, "DBUS_SESSION_BUS_ADDRESS"):
		return "no Secret Service (D-Bus session) is running"
	case strings.Contains(s, "executable file not found"):
		return "the keyring's helper program is not installed"
	}
	return s
}
