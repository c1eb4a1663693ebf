package bench

import "time"

// burstGap is the largest gap between two deltas that still counts as
// "arrived together": far below any model's time per token, far above
// the client's own scheduling noise.
const burstGap = 500 * time.Microsecond

// Bursty says a stream arrived in bursts rather than token by token: more
// than half of the gaps between deltas are shorter than burstGap. Then
// last−first no longer measures generation, and TPOT is not to be
// trusted (something between client and model buffers the stream).
func Bursty(at []time.Duration) bool {
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
