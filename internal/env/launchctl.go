package env

import (
	"context"
	"os/exec"
	"strings"
	"time"
)

// launchctlTimeout bounds one `launchctl getenv`: a launchd that does not
// answer must not hang doctor.
const launchctlTimeout = 2 * time.Second

// LaunchctlGetenv is the value `launchctl setenv NAME VALUE` gave launchd
// (macOS): what apps started from the Dock, Finder or Spotlight get in
// their environment, and not what a running shell has. "" when unset,
// or when launchctl cannot tell.
func LaunchctlGetenv(name string) (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), launchctlTimeout)
	defer cancel()
	out, err := exec.CommandContext(ctx, "/bin/launchctl", "getenv", name).Output()
	if err != nil {
		return "", err
	}
	return strings.TrimRight(string(out), "\n"), nil
}
