package testutil

import (
	"testing"
	"time"
)

// stampWait bounds how long UntilKernelStamps waits for the switch.
const stampWait = 30 * time.Second

// UntilKernelStamps calls try until it reports a read the kernel had
// stamped, and fails t if none did for stampWait. Linux turns receive
// stamps on for the whole machine in deferred work after the first socket
// asks (net_enable_timestamp), and bytes that arrived before carry none.
// When that work runs is the scheduler's call, not an event a test can
// wait on: on a loaded CI machine it once came after more than a thousand
// quick reads. So the bound is time, not a count of tries.
func UntilKernelStamps(t testing.TB, try func() (stamped bool)) {
	t.Helper()
	deadline := time.Now().Add(stampWait)
	for tries := 1; !try(); tries++ {
		if time.Now().After(deadline) {
			t.Fatalf("no read in %d over %s had the kernel's receive stamp", tries, stampWait)
		}
	}
}
