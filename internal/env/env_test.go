package env

import (
	"path/filepath"
	"testing"
)

func TestDirsHonourVariables(t *testing.T) {
	e := FromMap(map[string]string{"HOME": "/home/u"})
	for got, want := range map[string]string{
		e.ConfigHome():   "/home/u/.config",
		e.KeydoctorDir(): "/home/u/.config/keydoctor",
		e.BackupDir():    "/home/u/.config/keydoctor/backups",
	} {
		if got != filepath.FromSlash(want) {
			t.Errorf("got %q, want %q", got, want)
		}
	}
	e = FromMap(map[string]string{"HOME": "/home/u", "XDG_CONFIG_HOME": "/x"})
	for got, want := range map[string]string{e.KeydoctorDir(): "/x/keydoctor", e.BackupDir(): "/x/keydoctor/backups"} {
		if got != filepath.FromSlash(want) {
			t.Errorf("got %q, want %q", got, want)
		}
	}
}

func TestTilde(t *testing.T) {
	e := FromMap(map[string]string{"HOME": "/home/u"})
	for in, want := range map[string]string{
		"/home/u":                       "~",
		"/home/u/.claude/settings.json": "~/.claude/settings.json",
		"/home/user2/x":                 "/home/user2/x",
		"/etc/claude-code":              "/etc/claude-code",
		"":                              "",
	} {
		// On Windows the same paths with \ (the home is \home\u there).
		in, want := filepath.FromSlash(in), filepath.FromSlash(want)
		if got := e.Tilde(in); got != want {
			t.Errorf("Tilde(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestUntilde(t *testing.T) {
	e := FromMap(map[string]string{"HOME": filepath.FromSlash("/home/u")})
	for in, want := range map[string]string{
		"~/.claude/settings.json": "/home/u/.claude/settings.json",
		"/etc/claude-code":        "/etc/claude-code",
		"~user/x":                 "~user/x",
		"":                        "",
	} {
		if got := e.Untilde(filepath.FromSlash(in)); got != filepath.FromSlash(want) {
			t.Errorf("Untilde(%q) = %q, want %q", in, got, want)
		}
		if in != "" && in[0] == '~' && want[0] == '/' {
			// Tilde and Untilde undo each other.
			if got := e.Tilde(e.Untilde(filepath.FromSlash(in))); got != filepath.FromSlash(in) {
				t.Errorf("Tilde(Untilde(%q)) = %q", in, got)
			}
		}
	}
}
