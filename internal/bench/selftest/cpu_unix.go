//go:build unix

package selftest

import (
	"runtime"
	"syscall"
	"time"
)

// cpuTime is the process's user+system CPU time from getrusage.
func cpuTime() (time.Duration, string) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return runtimeCPU(), "runtime/metrics"
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), "getrusage"
}

// maxRSS is the process's peak resident set size in bytes.
func maxRSS() uint64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	if runtime.GOOS == "darwin" { // bytes there, KiB elsewhere
		return uint64(ru.Maxrss)
	}
	return uint64(ru.Maxrss) * 1024
}
