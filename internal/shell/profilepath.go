package shell

import (
	"path/filepath"

	"github.com/keydoctor/keydoctor/internal/env"
)

// ProfilePath is the absolute path of the file s reads at start, where a
// block of variables is kept for every new session: ~/.bashrc
// (~/.bash_profile on macOS, whose Terminal starts login shells),
// $ZDOTDIR/.zshrc, $XDG_CONFIG_HOME/fish/config.fish (fish reads
// conf.d/ first, so a variable the block names from config.fish would not
// be set yet there), PowerShell's $PROFILE (Documents\PowerShell on
// Windows, $XDG_CONFIG_HOME/powershell elsewhere). A POSIX shell of
// unknown name gets the system default's: bash on Linux, zsh on macOS.
// "" for cmd, which reads no profile (setx keeps variables).
func (s Shell) ProfilePath(e *env.Env) string {
	name := s.Name
	if s.Kind == POSIX && name == "" {
		name = "bash"
		if e.GOOS == "darwin" {
			name = "zsh"
		}
	}
	switch {
	case s.Kind == Fish:
		return filepath.Join(e.ConfigHome(), "fish", "config.fish")
	case s.Kind == PowerShell && e.GOOS == "windows":
		return filepath.Join(e.Home, "Documents", "PowerShell", "Microsoft.PowerShell_profile.ps1")
	case s.Kind == PowerShell:
		return filepath.Join(e.ConfigHome(), "powershell", "Microsoft.PowerShell_profile.ps1")
	case s.Kind == Cmd:
		return ""
	case name == "zsh":
		dir := e.Getenv("ZDOTDIR")
		if dir == "" {
			dir = e.Home
		}
		return filepath.Join(dir, ".zshrc")
	case name == "bash" && e.GOOS == "darwin":
		return filepath.Join(e.Home, ".bash_profile")
	case name == "bash":
		return filepath.Join(e.Home, ".bashrc")
	}
	return filepath.Join(e.Home, ".profile")
}
