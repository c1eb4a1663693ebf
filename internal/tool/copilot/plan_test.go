package copilot_test

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	_ "github.com/keydoctor/keydoctor/internal/tool/all"
	"github.com/keydoctor/keydoctor/internal/tool/copilot"
	"github.com/keydoctor/keydoctor/writers"
	"github.com/keydoctor/keydoctor/writers/writerstest"
)

// TestPlanPerShell: the block goes into the profile of the user's shell,
// in its syntax, the key named by its variable; the rest of the file is
// kept and a second run changes nothing.
func TestPlanPerShell(t *testing.T) {
	tests := []struct {
		name, goos string
		vars       map[string]string
		file       string // relative to the home
		lines      []string
	}{
		{"bash", "linux", map[string]string{"SHELL": "/bin/bash"}, ".bashrc", []string{
			`export COPILOT_PROVIDER_BASE_URL='https://taotoken.net/api/v1'`, `export COPILOT_PROVIDER_API_KEY="${TAOTOKEN_API_KEY}"`, `export COPILOT_MODEL='gpt-4o'`}},
		{"bash on macOS", "darwin", map[string]string{"SHELL": "/bin/bash"}, ".bash_profile", []string{`export COPILOT_MODEL='gpt-4o'`}},
		{"zsh", "darwin", map[string]string{"SHELL": "/bin/zsh"}, ".zshrc", []string{`export COPILOT_MODEL='gpt-4o'`}},
		{"zsh with ZDOTDIR", "linux", map[string]string{"SHELL": "/usr/bin/zsh", "ZDOTDIR": "{home}/zdot"}, "zdot/.zshrc", []string{`export COPILOT_MODEL='gpt-4o'`}},
		{"fish", "linux", map[string]string{"SHELL": "/usr/bin/fish", "XDG_CONFIG_HOME": "{home}/xdg"}, "xdg/fish/config.fish", []string{
			`set -gx COPILOT_PROVIDER_BASE_URL 'https://taotoken.net/api/v1'`, `set -gx COPILOT_PROVIDER_API_KEY $TAOTOKEN_API_KEY`}},
		{"pwsh on Linux", "linux", map[string]string{"SHELL": "/usr/bin/pwsh"}, ".config/powershell/Microsoft.PowerShell_profile.ps1", []string{
			`$env:COPILOT_PROVIDER_API_KEY = $env:TAOTOKEN_API_KEY`, `$env:COPILOT_MODEL = 'gpt-4o'`}},
		{"PowerShell on Windows", "windows", nil, "Documents/PowerShell/Microsoft.PowerShell_profile.ps1", []string{
			`$env:COPILOT_PROVIDER_BASE_URL = 'https://taotoken.net/api/v1'`, `$env:COPILOT_PROVIDER_TYPE = 'openai'`}},
		{"Git Bash on Windows", "windows", map[string]string{"SHELL": `C:\Program Files\Git\usr\bin\bash.exe`}, ".bashrc", []string{`export COPILOT_MODEL='gpt-4o'`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o := writerstest.Options(t)
			home := o.Env.Home
			m := map[string]string{"HOME": home, "TAOTOKEN_API_KEY": writerstest.Key}
			for k, v := range tt.vars {
				m[k] = strings.ReplaceAll(v, "{home}", home)
			}
			o.Env = env.FromMap(m)
			o.Env.GOOS = tt.goos
			o.ToolOptions = map[string]string{"shell-profile": "true"}
			path := filepath.Join(home, filepath.FromSlash(tt.file))
			writerstest.WriteFile(t, path, "# mine\r\n", 0o644)
			p := writerstest.PlanOne(t, o, copilot.ID)
			writerstest.NoKey(t, writerstest.Diff(p))
			writerstest.Apply(t, o, p)
			got := writerstest.ReadString(t, path)
			if !strings.HasPrefix(got, "# mine\r\n\r\n# >>> keydoctor copilot >>>\r\n") {
				t.Errorf("%s:\n%s", tt.file, got)
			}
			for _, l := range tt.lines {
				if !strings.Contains(got, l+"\r\n") {
					t.Errorf("%s lacks %s:\n%s", tt.file, l, got)
				}
			}
			writerstest.NoKey(t, got)
			if fi, _ := os.Stat(path); !writerstest.NoModes && fi.Mode().Perm() != 0o644 {
				t.Errorf("mode %v: the file holds no key", fi.Mode().Perm())
			}
			if len(writerstest.PlanOne(t, o, copilot.ID).Pending()) != 0 {
				t.Error("a second run would change it")
			}
		})
	}
}

// TestPlanWithoutConsent: without --shell-profile nothing is written and
// the lines to add are notes, the key never in them.
func TestPlanWithoutConsent(t *testing.T) {
	o := writerstest.Options(t)
	o.Env = env.FromMap(map[string]string{"HOME": o.Env.Home, "SHELL": "/usr/bin/fish"})
	o.Env.GOOS = "linux"
	p := writerstest.PlanOne(t, o, copilot.ID)
	if len(p.Pending()) != 0 {
		t.Fatalf("writes %s", writerstest.Diff(p))
	}
	notes := filepath.ToSlash(strings.Join(p.Changes[0].Notes, "\n")) // ~\ under Windows
	for _, want := range []string{"add these lines to ~/.config/fish/config.fish", "set -gx COPILOT_PROVIDER_API_KEY '<your gateway key>'", "set -gx COPILOT_MODEL 'gpt-4o'"} {
		if !strings.Contains(notes, want) {
			t.Errorf("notes lack %q:\n%s", want, notes)
		}
	}
	writerstest.NoKey(t, notes)
	if _, err := os.Stat(filepath.Join(o.Env.Home, ".config", "fish", "config.fish")); !os.IsNotExist(err) {
		t.Errorf("the profile was created: %v", err)
	}
}

// TestPlanAnthropic: the anthropic provider's base has no /v1.
func TestPlanAnthropic(t *testing.T) {
	o := writerstest.Options(t)
	o.ToolOptions = map[string]string{"shell-profile": "true", "copilot-provider": "anthropic", "copilot-key": "file"}
	p := writerstest.PlanOne(t, o, copilot.ID)
	writerstest.Apply(t, o, p)
	got := writerstest.ReadString(t, filepath.Join(o.Env.Home, ".bashrc"))
	for _, l := range []string{"export COPILOT_PROVIDER_BASE_URL='https://taotoken.net/api'\n", "export COPILOT_PROVIDER_TYPE='anthropic'\n"} {
		if !strings.Contains(got, l) {
			t.Errorf("lacks %q:\n%s", l, got)
		}
	}
}

// TestPlanNotesInteractiveGuard: Debian's and Ubuntu's ~/.bashrc returns
// early for shells that are not interactive, before the block setup
// appends: a script's bash -c does not get it (observed), and the note
// says so.
func TestPlanNotesInteractiveGuard(t *testing.T) {
	for _, tc := range []struct {
		name, bashrc string
		line         int
	}{
		{"case", "# ~/.bashrc\ncase $- in\n    *i*) ;;\n      *) return;;\nesac\n", 4},
		{"PS1", "[ -z \"$PS1\" ] && return\n", 1},
		{"none", "alias ll='ls -l'\n", 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o := writerstest.Options(t)
			o.ToolOptions = map[string]string{"shell-profile": "true", "copilot-key": "file"}
			writerstest.WriteFile(t, filepath.Join(o.Env.Home, ".bashrc"), tc.bashrc, 0o644)
			p := writerstest.PlanOne(t, o, copilot.ID)
			notes := filepath.ToSlash(strings.Join(p.Changes[0].Notes, "\n")) // ~\ under Windows
			want := "stops shells that are not interactive before the block"
			if got := strings.Contains(notes, want); got != (tc.line > 0) || tc.line > 0 && !strings.Contains(notes, "line "+strconv.Itoa(tc.line)+" of ~/.bashrc") {
				t.Errorf("notes:\n%s", notes)
			}
		})
	}
}

// TestPlanKeyForm: a key in no variable is written only when the user
// chooses --copilot-key file (then 0600); without the choice setup
// refuses and says how to name it; a later run keeps the form.
func TestPlanKeyForm(t *testing.T) {
	o := writerstest.Options(t) // the key is in no variable
	o.ToolOptions = map[string]string{"shell-profile": "true"}
	_, err := writers.MakePlan(o, []gateway.ToolID{copilot.ID})
	var ue *gateway.UsageError
	if !errors.As(err, &ue) || !strings.Contains(ue.Hint, "--copilot-key file") {
		t.Fatalf("err = %v", err)
	}
	o.ToolOptions["copilot-key"] = "file"
	p := writerstest.PlanOne(t, o, copilot.ID)
	writerstest.NoKey(t, writerstest.Diff(p))
	writerstest.Apply(t, o, p)
	path := filepath.Join(o.Env.Home, ".bashrc")
	if got := writerstest.ReadString(t, path); !strings.Contains(got, "export COPILOT_PROVIDER_API_KEY='"+writerstest.Key+"'\n") {
		t.Errorf("the key is not in the block:\n%s", got)
	}
	if fi, _ := os.Stat(path); !writerstest.NoModes && fi.Mode().Perm() != 0o600 {
		t.Errorf("mode %v", fi.Mode().Perm())
	}
	delete(o.ToolOptions, "copilot-key")
	o.Profile.Model = "gpt-4o-mini" // use switches the model: the form stays
	p = writerstest.PlanOne(t, o, copilot.ID)
	writerstest.Apply(t, o, p)
	if got := writerstest.ReadString(t, path); !strings.Contains(got, "export COPILOT_PROVIDER_API_KEY='"+writerstest.Key+"'\n") || !strings.Contains(got, "gpt-4o-mini") {
		t.Errorf("the form was not kept:\n%s", got)
	}
}
