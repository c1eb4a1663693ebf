package selftest

import (
	"runtime/metrics"
	"time"
)

// runtimeCPU is the Go runtime's estimate of CPU time spent, where
// getrusage is not available.
func runtimeCPU() time.Duration {
	s := []metrics.Sample{{Name: "/cpu/classes/total:cpu-seconds"}, {Name: "/cpu/classes/idle:cpu-seconds"}}
	metrics.Read(s)
	return time.Duration((s[0].Value.Float64() - s[1].Value.Float64()) * float64(time.Second))
}
