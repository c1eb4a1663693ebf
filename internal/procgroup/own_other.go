//go:build !unix

package procgroup

import "os/exec"

// Own ends only the tool's own process elsewhere (exec's default).
func Own(*exec.Cmd) {}
