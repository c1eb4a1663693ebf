package shell

import (
	"strings"

	"github.com/keydoctor/keydoctor/internal/human"
)

// MakePrivate is the command that leaves file (as shown: ~/… or ~\…)
// readable by its owner only: chmod 600 in a POSIX shell or fish; on
// Windows icacls, which drops the inherited entries, grants full control
// to the user, SYSTEM and Administrators (what a file in a profile has by
// default, and what OpenSSH asks of a private key), and removes the
// explicit entries of the groups named by SID in revoke (the ones found
// reading it). The home is spelled the way that shell expands it.
func (s Shell) MakePrivate(file string, revoke []string) string {
	var user, path string
	switch s.Kind {
	case PowerShell:
		user, path = `"${env:USERNAME}:F"`, `"`+homeAs(file, "$HOME")+`"`
	case Cmd:
		user, path = `"%USERNAME%:F"`, `"`+homeAs(file, "%USERPROFILE%")+`"`
	default:
		return "chmod 600 " + human.ShellQuote(file)
	}
	cmd := "icacls " + path + " /inheritance:r /grant:r " + user + " *S-1-5-18:F *S-1-5-32-544:F"
	if len(revoke) > 0 {
		cmd += " /remove:g *" + strings.Join(revoke, " *")
	}
	return cmd
}

// homeAs spells a path shown under ~ with the shell's name for the home.
func homeAs(file, home string) string {
	for _, p := range []string{`~\`, "~/"} {
		if rest, ok := strings.CutPrefix(file, p); ok {
			return home + `\` + strings.ReplaceAll(rest, "/", `\`)
		}
	}
	return file
}
