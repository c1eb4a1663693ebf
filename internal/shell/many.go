package shell

import (
	"fmt"
	"strings"

	"github.com/keydoctor/keydoctor/internal/human"
)

// SetAll is the command that sets every variable of names to value in the
// running session: `export A=v B=v`. Windows ignores the case of
// variable names, so PowerShell and cmd set NO_PROXY once for NO_PROXY
// and no_proxy.
func (s Shell) SetAll(names []string, value string) string { return s.setAll(names, value, false) }

// PersistAll is how every variable of names keeps value in new sessions,
// as a clause: "in ~/.zshrc" (the profile's line is SetAll's), or on
// Windows the commands that write the user's environment.
func (s Shell) PersistAll(names []string, value string) string {
	return s.persistAll(names, value, false)
}

// SetAllShown and PersistAllShown are SetAll and PersistAll for a value
// shown as a placeholder ("<your gateway key>"): written as is.
func (s Shell) SetAllShown(names []string, shown string) string { return s.setAll(names, shown, true) }

// PersistAllShown: see SetAllShown.
func (s Shell) PersistAllShown(names []string, shown string) string {
	return s.persistAll(names, shown, true)
}

func (s Shell) setAll(names []string, value string, shown bool) string {
	names = s.distinct(names)
	var parts []string
	switch s.Kind {
	case Fish:
		for _, n := range names {
			parts = append(parts, fmt.Sprintf("set -gx %s %s", n, s.quote(value, shown)))
		}
		return strings.Join(parts, "; ")
	case PowerShell:
		for _, n := range names {
			parts = append(parts, fmt.Sprintf("$env:%s = %s", n, s.quote(value, shown)))
		}
		return strings.Join(parts, "; ")
	case Cmd:
		for _, n := range names {
			parts = append(parts, fmt.Sprintf(`set "%s=%s"`, n, value))
		}
		return strings.Join(parts, " & ")
	}
	for _, n := range names {
		parts = append(parts, n+"="+s.quote(value, shown))
	}
	return "export " + strings.Join(parts, " ")
}

func (s Shell) persistAll(names []string, value string, shown bool) string {
	names = s.distinct(names)
	var parts []string
	switch s.Kind {
	case PowerShell:
		for _, n := range names {
			parts = append(parts, fmt.Sprintf("[Environment]::SetEnvironmentVariable(%s, %s, 'User')", psQuote(n), s.quote(value, shown)))
		}
		return strings.Join(parts, "; ") + " for new sessions"
	case Cmd:
		v := value
		if !shown {
			v = cmdQuote(value)
		}
		for _, n := range names {
			parts = append(parts, fmt.Sprintf("setx %s %s", n, v))
		}
		return strings.Join(parts, " & ") + " for new sessions"
	}
	return "in " + s.profile()
}

// quote is value quoted for the shell, or as is when it is a placeholder.
func (s Shell) quote(value string, shown bool) string {
	switch {
	case shown && s.Kind == PowerShell:
		return "'" + value + "'"
	case shown:
		return value
	case s.Kind == PowerShell:
		return psQuote(value)
	}
	return human.ShellQuote(value)
}

// distinct drops names that differ only in case on Windows' shells.
func (s Shell) distinct(names []string) []string {
	if s.Kind != PowerShell && s.Kind != Cmd {
		return names
	}
	var out []string
	seen := map[string]bool{}
	for _, n := range names {
		if k := strings.ToUpper(n); !seen[k] {
			seen[k] = true
			out = append(out, n)
		}
	}
	return out
}
