package profile

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/testutil"
	"github.com/zalando/go-keyring"
)

const testKey = "sk-test-0123456789abcdef0123"

func testEnv(t *testing.T, vars map[string]string) *env.Env {
	dir := testutil.TempDir(t)
	m := map[string]string{"HOME": dir, "XDG_CONFIG_HOME": filepath.Join(dir, ".config")}
	for k, v := range vars {
		m[k] = v
	}
	e := env.FromMap(m)
	e.Home = dir
	return e
}

// The keyring path, on the library's mock provider: the key goes to the
// keyring, no file, no note; rename moves it; rm removes it.
func TestKeyringStore(t *testing.T) {
	keyring.MockInit()
	e := testEnv(t, nil)
	st, err := Open(e)
	if err != nil {
		t.Fatal(err)
	}
	where, note, err := st.Secrets.Set("work", testKey)
	if err != nil || where != StoreKeyring || note != "" {
		t.Fatalf("Set = %q, %q, %v; want keyring, no note", where, note, err)
	}
	if _, err := os.Stat(st.Secrets.file("work")); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("a key file was written beside the keyring: %v", err)
	}
	st.Put(Profile{Name: "work", Preset: "taotoken", Model: "gpt-5", KeyStore: where})
	if err := st.Rename("work", "job"); err != nil {
		t.Fatal(err)
	}
	p, _ := st.Get("job")
	if k, err := st.Key(e, p); err != nil || k != testKey {
		t.Fatalf("key after rename = %q, %v", k, err)
	}
	if _, err := keyring.Get(keyringService, "work"); !errors.Is(err, keyring.ErrNotFound) {
		t.Fatalf("old entry left in the keyring: %v", err)
	}
	if err := st.Save(); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(st.Path)
	if strings.Contains(string(b), testKey) {
		t.Fatalf("profiles.yaml holds the key:\n%s", b)
	}
	if err := st.Remove("job"); err != nil {
		t.Fatal(err)
	}
	if _, err := keyring.Get(keyringService, "job"); !errors.Is(err, keyring.ErrNotFound) {
		t.Fatalf("rm left the key in the keyring: %v", err)
	}
}

// No keyring (a headless Linux box: Secret Service absent): the 0600
// file store, with a one-line note naming it.
func TestKeyringUnavailableFallsBack(t *testing.T) {
	keyring.MockInitWithError(errors.New("The name org.freedesktop.secrets was not provided by any .service files"))
	e := testEnv(t, nil)
	s := NewSecrets(e)
	where, note, err := s.Set("home", testKey)
	if err != nil || where != StoreFile {
		t.Fatalf("Set = %q, %v; want file", where, err)
	}
	if strings.Count(note, "\n") != 0 || !strings.Contains(note, "no OS keyring here") || !strings.Contains(note, filepath.FromSlash("keys/home")+" (mode 0600)") {
		t.Fatalf("note = %q", note)
	}
	if strings.Contains(note, testKey) {
		t.Fatal("the note holds the key")
	}
	fi, err := os.Stat(s.file("home"))
	if err != nil || runtime.GOOS != "windows" && fi.Mode().Perm() != 0o600 { // no modes there
		t.Fatalf("key file: %v %v", fi, err)
	}
	if k, err := s.Get(StoreFile, "home"); err != nil || k != testKey {
		t.Fatalf("Get = %q, %v", k, err)
	}
	// KEYDOCTOR_KEYRING=off never asks the keyring, and says nothing.
	off := NewSecrets(testEnv(t, map[string]string{KeyringVar: "off"}))
	if where, note, _ := off.Set("x", testKey); where != StoreFile || note != "" {
		t.Fatalf("off: %q %q", where, note)
	}
}

func TestUnknownKeys(t *testing.T) {
	dir := testutil.TempDir(t)
	p := filepath.Join(dir, TeamFile)
	for in, want := range map[string]string{
		"baseurl: https://x\n":   "did you mean base_url",
		"backgroundModel: m\n":   "did you mean background_model",
		"zzzzzzzzzzzz: 1\n":      "known keys:",
		"key_env: sk-abc-def!\n": "must name a variable",
	} {
		os.WriteFile(p, []byte(in), 0o644)
		_, err := ReadTeam(p)
		if err == nil || !strings.Contains(err.Error()+" "+hintOf(err), want) {
			t.Errorf("%q: %v, want %q", in, err, want)
		}
	}
}

func hintOf(err error) string {
	var ue *gateway.UsageError
	if errors.As(err, &ue) {
		return ue.Hint
	}
	return ""
}
