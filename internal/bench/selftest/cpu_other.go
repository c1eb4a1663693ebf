//go:build !unix

package selftest

import "time"

func cpuTime() (time.Duration, string) { return runtimeCPU(), "runtime/metrics" }

func maxRSS() uint64 { return 0 }
