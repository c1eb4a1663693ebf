package shell

import (
	"testing"

	"github.com/keydoctor/keydoctor/internal/env"
)

func TestOf(t *testing.T) {
	for _, tt := range []struct {
		goos string
		vars map[string]string
		kind Kind
		name string
		prof string
	}{
		{"linux", nil, POSIX, "", ""},
		{"linux", map[string]string{"SHELL": "/bin/bash"}, POSIX, "bash", "~/.bashrc"},
		{"darwin", nil, POSIX, "zsh", "~/.zshrc"}, // $SHELL unset (launchd, a GUI app): macOS's default
		{"darwin", map[string]string{"SHELL": "/bin/zsh"}, POSIX, "zsh", "~/.zshrc"},
		{"darwin", map[string]string{"SHELL": "/bin/bash"}, POSIX, "bash", "~/.bash_profile"},
		{"linux", map[string]string{"SHELL": "/usr/bin/fish"}, Fish, "fish", "~/.config/fish/config.fish"},
		{"windows", nil, PowerShell, "powershell", ""},
		{"windows", map[string]string{"SHELL": `C:\Program Files\Git\usr\bin\bash.exe`}, POSIX, "bash", "~/.bashrc"},
		{"windows", map[string]string{"KEYDOCTOR_SHELL": "cmd"}, Cmd, "cmd", ""},
		{"linux", map[string]string{"SHELL": "/bin/zsh", "KEYDOCTOR_SHELL": "pwsh"}, PowerShell, "pwsh", ""},
	} {
		e := env.FromMap(tt.vars)
		e.GOOS = tt.goos
		got := Of(e)
		if got.Kind != tt.kind || got.Name != tt.name || got.Profile != tt.prof {
			t.Errorf("%s %v: %+v, want %s %q %q", tt.goos, tt.vars, got, tt.kind, tt.name, tt.prof)
		}
	}
}

func TestCommands(t *testing.T) {
	const v = "http://127.0.0.1:3456/it's"
	for _, tt := range []struct {
		s                                 Shell
		set, persist, both, unset, forget string
	}{
		{Shell{Kind: POSIX},
			`export ANTHROPIC_BASE_URL='http://127.0.0.1:3456/it'\''s'`,
			`export ANTHROPIC_BASE_URL='http://127.0.0.1:3456/it'\''s' in your shell profile`,
			`export ANTHROPIC_BASE_URL='http://127.0.0.1:3456/it'\''s' (and in your shell profile)`,
			"unset ANTHROPIC_BASE_URL", "remove it from your shell profile"},
		{Shell{Kind: POSIX, Name: "zsh", Profile: "~/.zshrc"},
			`export ANTHROPIC_BASE_URL='http://127.0.0.1:3456/it'\''s'`,
			`export ANTHROPIC_BASE_URL='http://127.0.0.1:3456/it'\''s' in ~/.zshrc`,
			`export ANTHROPIC_BASE_URL='http://127.0.0.1:3456/it'\''s' (and in ~/.zshrc)`,
			"unset ANTHROPIC_BASE_URL", "remove it from ~/.zshrc"},
		{Shell{Kind: Fish, Profile: "~/.config/fish/config.fish"},
			`set -gx ANTHROPIC_BASE_URL 'http://127.0.0.1:3456/it'\''s'`,
			`set -gx ANTHROPIC_BASE_URL 'http://127.0.0.1:3456/it'\''s' in ~/.config/fish/config.fish`,
			`set -gx ANTHROPIC_BASE_URL 'http://127.0.0.1:3456/it'\''s' (and in ~/.config/fish/config.fish)`,
			"set -e ANTHROPIC_BASE_URL", "remove it from ~/.config/fish/config.fish"},
		{Shell{Kind: PowerShell},
			`$env:ANTHROPIC_BASE_URL = 'http://127.0.0.1:3456/it''s'`,
			`[Environment]::SetEnvironmentVariable('ANTHROPIC_BASE_URL', 'http://127.0.0.1:3456/it''s', 'User')`,
			`$env:ANTHROPIC_BASE_URL = 'http://127.0.0.1:3456/it''s' (this session), and [Environment]::SetEnvironmentVariable('ANTHROPIC_BASE_URL', 'http://127.0.0.1:3456/it''s', 'User') (new sessions)`,
			"Remove-Item Env:ANTHROPIC_BASE_URL", "[Environment]::SetEnvironmentVariable('ANTHROPIC_BASE_URL', $null, 'User')"},
		{Shell{Kind: Cmd},
			`set "ANTHROPIC_BASE_URL=http://127.0.0.1:3456/it's"`,
			`setx ANTHROPIC_BASE_URL http://127.0.0.1:3456/it's`,
			`set "ANTHROPIC_BASE_URL=http://127.0.0.1:3456/it's" (this session), and setx ANTHROPIC_BASE_URL http://127.0.0.1:3456/it's (new sessions)`,
			`set "ANTHROPIC_BASE_URL="`, `reg delete HKCU\Environment /v ANTHROPIC_BASE_URL /f`},
	} {
		const n = "ANTHROPIC_BASE_URL"
		for _, c := range []struct{ what, got, want string }{
			{"Set", tt.s.Set(n, v), tt.set},
			{"Persist", tt.s.Persist(n, v), tt.persist},
			{"SetAndPersist", tt.s.SetAndPersist(n, v), tt.both},
			{"Unset", tt.s.Unset(n), tt.unset},
			{"Forget", tt.s.Forget(n), tt.forget},
		} {
			if c.got != c.want {
				t.Errorf("%s %s:\n got %s\nwant %s", tt.s.Kind, c.what, c.got, c.want)
			}
		}
	}
	if got := (Shell{Kind: Cmd}).Persist("K", `a b"c`); got != `setx K "a b\"c"` {
		t.Errorf("setx quoting: %s", got)
	}
}

func TestShownAndForget(t *testing.T) {
	names := []string{"A_KEY", "B_URL"}
	for _, tt := range []struct {
		s            Shell
		shown, unset string
	}{
		{Shell{Kind: POSIX}, "export A_KEY=… B_URL=… (and in your shell profile)", "unset A_KEY and remove it from your shell profile"},
		{Shell{Kind: POSIX, Profile: "~/.zshrc"}, "export A_KEY=… B_URL=… (and in ~/.zshrc)", "unset A_KEY and remove it from ~/.zshrc"},
		{Shell{Kind: Fish, Profile: "~/.config/fish/config.fish"}, "set -gx A_KEY …; set -gx B_URL … (and in ~/.config/fish/config.fish)", "set -e A_KEY and remove it from ~/.config/fish/config.fish"},
		{Shell{Kind: PowerShell}, "$env:A_KEY = '…'; $env:B_URL = '…' (this session), and [Environment]::SetEnvironmentVariable('A_KEY', '…', 'User'); [Environment]::SetEnvironmentVariable('B_URL', '…', 'User') (new sessions)",
			"Remove-Item Env:A_KEY and [Environment]::SetEnvironmentVariable('A_KEY', $null, 'User')"},
		{Shell{Kind: Cmd}, `set "A_KEY=…" & set "B_URL=…" (this session), and setx A_KEY … & setx B_URL … (new sessions)`,
			`set "A_KEY=" and reg delete HKCU\Environment /v A_KEY /f`},
	} {
		if got := tt.s.SetAndPersistShown(names, "…"); got != tt.shown {
			t.Errorf("%s SetAndPersistShown:\n got %s\nwant %s", tt.s.Kind, got, tt.shown)
		}
		if got := tt.s.UnsetAndForget("A_KEY"); got != tt.unset {
			t.Errorf("%s UnsetAndForget:\n got %s\nwant %s", tt.s.Kind, got, tt.unset)
		}
	}
}

func TestMakePrivate(t *testing.T) {
	revoke := []string{"S-1-1-0", "S-1-5-32-545"}
	for _, tc := range []struct {
		shell, file string
		revoke      []string
		want        string
	}{
		{"bash", "~/.codex/auth.json", revoke, "chmod 600 ~/.codex/auth.json"},
		{"fish", "/srv/my proj/.env", nil, "chmod 600 '/srv/my proj/.env'"},
		{"powershell", `~\.codex\auth.json`, revoke, `icacls "$HOME\.codex\auth.json" /inheritance:r /grant:r "${env:USERNAME}:F" *S-1-5-18:F *S-1-5-32-544:F /remove:g *S-1-1-0 *S-1-5-32-545`},
		{"cmd", `~\.claude\settings.json`, nil, `icacls "%USERPROFILE%\.claude\settings.json" /inheritance:r /grant:r "%USERNAME%:F" *S-1-5-18:F *S-1-5-32-544:F`},
		{"pwsh", `D:\proj\.env`, revoke[:1], `icacls "D:\proj\.env" /inheritance:r /grant:r "${env:USERNAME}:F" *S-1-5-18:F *S-1-5-32-544:F /remove:g *S-1-1-0`},
	} {
		e := env.FromMap(map[string]string{"KEYDOCTOR_SHELL": tc.shell})
		if got := Of(e).MakePrivate(tc.file, tc.revoke); got != tc.want {
			t.Errorf("%s: MakePrivate(%q) =\n %s\nwant\n %s", tc.shell, tc.file, got, tc.want)
		}
	}
}

func TestSetAllPersistAll(t *testing.T) {
	names := []string{"NO_PROXY", "no_proxy"}
	for _, tc := range []struct {
		shell, set, persist string
	}{
		{"", "export NO_PROXY='a b' no_proxy='a b'", "in your shell profile"},
		{"zsh", "export NO_PROXY='a b' no_proxy='a b'", "in ~/.zshrc"},
		{"fish", "set -gx NO_PROXY 'a b'; set -gx no_proxy 'a b'", "in ~/.config/fish/config.fish"},
		{"powershell", "$env:NO_PROXY = 'a b'", "[Environment]::SetEnvironmentVariable('NO_PROXY', 'a b', 'User') for new sessions"},
		{"cmd", `set "NO_PROXY=a b"`, `setx NO_PROXY "a b" for new sessions`},
	} {
		e := env.FromMap(map[string]string{"KEYDOCTOR_SHELL": tc.shell})
		s := Of(e)
		if got := s.SetAll(names, "a b"); got != tc.set {
			t.Errorf("%q: SetAll = %s, want %s", tc.shell, got, tc.set)
		}
		if got := s.PersistAll(names, "a b"); got != tc.persist {
			t.Errorf("%q: PersistAll = %s, want %s", tc.shell, got, tc.persist)
		}
	}
	ps := Of(env.FromMap(map[string]string{"KEYDOCTOR_SHELL": "pwsh"}))
	if got, want := ps.SetAllShown([]string{"K"}, "<your gateway key>")+" / "+ps.PersistAllShown([]string{"K"}, "<your gateway key>"),
		"$env:K = '<your gateway key>' / [Environment]::SetEnvironmentVariable('K', '<your gateway key>', 'User') for new sessions"; got != want {
		t.Errorf("shown: %s, want %s", got, want)
	}
	if got := Of(env.FromMap(nil)).SetAllShown([]string{"K"}, "<your gateway key>"); got != "export K=<your gateway key>" {
		t.Errorf("posix shown: %s", got)
	}
}
