// Package shell writes the commands a fix tells the user to run in the
// shell they use: `export NAME=value` in a POSIX shell, `set -gx` in fish,
// `$env:NAME = 'value'` and [Environment]::SetEnvironmentVariable in
// PowerShell, `set` and `setx` in cmd — and names the file that shell
// reads at start (the profile a variable is kept in).
package shell

import (
	"fmt"
	"path"
	"strings"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/human"
)

// Kind is a family of shells with one syntax.
type Kind string

const (
	POSIX      Kind = "posix" // sh, bash, zsh, dash, ksh
	Fish       Kind = "fish"
	PowerShell Kind = "powershell"
	Cmd        Kind = "cmd"
)

// Shell is the user's shell: its syntax, and the file it reads at start
// ("" when keydoctor cannot tell: the fix then says "your shell profile").
type Shell struct {
	Kind Kind
	// Name is the shell's program name ("zsh", "bash", "pwsh").
	Name string
	// Profile is where a variable is kept across sessions, shown with ~.
	Profile string
}

// Of is the shell of the environment: KEYDOCTOR_SHELL when set (posix,
// bash, zsh, fish, powershell, pwsh, cmd), else $SHELL (set by every Unix
// login and by Git Bash and MSYS2 on Windows), else on Windows
// PowerShell, the default of Windows Terminal and of the Start menu's
// terminal, on macOS zsh (its default since 10.15; Terminal starts it as a
// login shell, which reads ~/.zprofile and then ~/.zshrc: ~/.zshrc is the
// one both login and other interactive shells read), and elsewhere a
// POSIX shell of unknown name.
func Of(e *env.Env) Shell {
	name := strings.ToLower(strings.TrimSpace(e.Getenv("KEYDOCTOR_SHELL")))
	if name == "" {
		name = strings.ToLower(path.Base(strings.ReplaceAll(e.Getenv("SHELL"), `\`, "/")))
		name = strings.TrimSuffix(name, ".exe")
		if name == "." || name == "/" {
			name = ""
		}
	}
	switch {
	case name != "":
	case e.GOOS == "windows":
		name = "powershell"
	case e.GOOS == "darwin": // the default login shell since macOS 10.15
		name = "zsh"
	}
	switch name {
	case "fish":
		return Shell{Kind: Fish, Name: name, Profile: "~/.config/fish/config.fish"}
	case "powershell", "pwsh":
		return Shell{Kind: PowerShell, Name: name}
	case "cmd":
		return Shell{Kind: Cmd, Name: name}
	case "zsh":
		return Shell{Kind: POSIX, Name: name, Profile: "~/.zshrc"}
	case "bash":
		if e.GOOS == "darwin" { // Terminal.app starts login shells
			return Shell{Kind: POSIX, Name: name, Profile: "~/.bash_profile"}
		}
		return Shell{Kind: POSIX, Name: name, Profile: "~/.bashrc"}
	case "sh", "dash", "ksh", "mksh":
		return Shell{Kind: POSIX, Name: name, Profile: "~/.profile"}
	}
	return Shell{Kind: POSIX}
}

// Set is the command that sets a variable in the running session.
func (s Shell) Set(name, value string) string {
	switch s.Kind {
	case Fish:
		return fmt.Sprintf("set -gx %s %s", name, human.ShellQuote(value))
	case PowerShell:
		return fmt.Sprintf("$env:%s = %s", name, psQuote(value))
	case Cmd:
		return fmt.Sprintf(`set "%s=%s"`, name, value) // the quotes keep & | < > literal
	}
	return fmt.Sprintf("export %s=%s", name, human.ShellQuote(value))
}

// Persist is how the variable is kept for every new session: the line
// for the profile, or on Windows the command that writes it to the
// user's environment (HKCU\Environment; new processes only).
func (s Shell) Persist(name, value string) string {
	switch s.Kind {
	case PowerShell:
		return fmt.Sprintf("[Environment]::SetEnvironmentVariable(%s, %s, 'User')", psQuote(name), psQuote(value))
	case Cmd:
		return fmt.Sprintf("setx %s %s", name, cmdQuote(value))
	}
	return s.Set(name, value) + " in " + s.profile()
}

// SetAndPersist is one sentence doing both: for this session and the next.
func (s Shell) SetAndPersist(name, value string) string {
	switch s.Kind {
	case PowerShell, Cmd:
		return fmt.Sprintf("%s (this session), and %s (new sessions)", s.Set(name, value), s.Persist(name, value))
	}
	return fmt.Sprintf("%s (and in %s)", s.Set(name, value), s.profile())
}

// SetAndPersistShown is SetAndPersist for a value shown as a placeholder
// ("<your gateway key>", "…"): written as is, never quoted or expanded.
func (s Shell) SetAndPersistShown(names []string, shown string) string {
	switch s.Kind {
	case PowerShell:
		var set, keep []string
		for _, n := range names {
			set = append(set, fmt.Sprintf("$env:%s = '%s'", n, shown))
			keep = append(keep, fmt.Sprintf("[Environment]::SetEnvironmentVariable('%s', '%s', 'User')", n, shown))
		}
		return strings.Join(set, "; ") + " (this session), and " + strings.Join(keep, "; ") + " (new sessions)"
	case Cmd:
		var set, keep []string
		for _, n := range names {
			set = append(set, fmt.Sprintf(`set "%s=%s"`, n, shown))
			keep = append(keep, fmt.Sprintf("setx %s %s", n, shown))
		}
		return strings.Join(set, " & ") + " (this session), and " + strings.Join(keep, " & ") + " (new sessions)"
	case Fish:
		var set []string
		for _, n := range names {
			set = append(set, fmt.Sprintf("set -gx %s %s", n, shown))
		}
		return strings.Join(set, "; ") + " (and in " + s.profile() + ")"
	}
	parts := make([]string, len(names))
	for i, n := range names {
		parts[i] = n + "=" + shown
	}
	return "export " + strings.Join(parts, " ") + " (and in " + s.profile() + ")"
}

// UnsetAndForget removes a variable from this session and the next.
func (s Shell) UnsetAndForget(name string) string {
	return s.Unset(name) + " and " + s.Forget(name)
}

// Unset is the command that removes a variable from the running session.
func (s Shell) Unset(name string) string {
	switch s.Kind {
	case Fish:
		return "set -e " + name
	case PowerShell:
		return "Remove-Item Env:" + name
	case Cmd:
		return `set "` + name + `="`
	}
	return "unset " + name
}

// Forget is how a kept variable is removed for new sessions.
func (s Shell) Forget(name string) string {
	switch s.Kind {
	case PowerShell:
		return fmt.Sprintf("[Environment]::SetEnvironmentVariable(%s, $null, 'User')", psQuote(name))
	case Cmd:
		return `reg delete HKCU\Environment /v ` + name + " /f"
	}
	return "remove it from " + s.profile()
}

func (s Shell) profile() string {
	if s.Profile == "" {
		return "your shell profile"
	}
	return s.Profile
}

// psQuote is a PowerShell single-quoted string: nothing in it expands,
// a ' is doubled.
func psQuote(v string) string { return "'" + strings.ReplaceAll(v, "'", "''") + "'" }

// cmdQuote quotes a setx value that holds spaces or cmd's specials.
func cmdQuote(v string) string {
	if v != "" && !strings.ContainsAny(v, " \t&|<>^\"%") {
		return v
	}
	return `"` + strings.ReplaceAll(v, `"`, `\"`) + `"`
}
