//go:build !unix && !windows

package procgroup

import "os/exec"

// Elsewhere cancelling ends only the tool's own process (exec's default).
func own(*exec.Cmd)           {}
func started(*exec.Cmd, bool) {}
