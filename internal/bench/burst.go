package bench

import "time"

// burstGap is the largest gap between two deltas that still counts as
// "arrived together": far below any model's time per token, far above
// the client's own scheduling noise.
const burstGap = 500 * time.Microsecond

// isChunked says more than half of the gaps between deltas are shorter than
// burstGap: tokens arrive in clumps, as when a proxy flushes every few
// kilobytes. The probe's detector sees only the single burst.
func isChunked(at []time.Duration) bool {
	if len(at) < 4 {
		return false
	}
	together := 0
	for i := 1; i < len(at); i++ {
		if at[i]-at[i-1] < burstGap {
			together++
		}
	}
	return together*2 > len(at)-1
}
