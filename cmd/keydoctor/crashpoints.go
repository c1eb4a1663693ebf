//go:build keydoctor_crashpoints

package main

// Built only into the binary the tests build (go build -tags
// keydoctor_crashpoints; see asuser_test.go), never into a release:
//
//	KEYDOCTOR_CRASH_AT=N     the process kills itself (SIGKILL on Unix) at
//	                         the Nth step of writing files
//	KEYDOCTOR_CRASH_TRACE=F  appends "N STEP PATH" to F for every step
//
// The steps are those of internal/atomicfile.Write (created, written,
// synced, renamed) for every file a run writes, backups included, so a test
// can stop a real run at each point in turn, deterministically.

import (
	"fmt"
	"os"
	"strconv"

	"github.com/keydoctor/keydoctor/internal/atomicfile"
)

func init() {
	at, _ := strconv.Atoi(os.Getenv("KEYDOCTOR_CRASH_AT"))
	trace := os.Getenv("KEYDOCTOR_CRASH_TRACE")
	if at <= 0 && trace == "" {
		return
	}
	step := 0
	atomicfile.Hook = func(point, path string) {
		step++
		if trace != "" {
			if f, err := os.OpenFile(trace, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o600); err == nil {
				fmt.Fprintf(f, "%d %s %s\n", step, point, path)
				f.Close()
			}
		}
		if step == at {
			p, _ := os.FindProcess(os.Getpid())
			p.Kill() // SIGKILL: no deferred function, no cleanup runs
			select {}
		}
	}
}
