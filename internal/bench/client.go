package bench

import (
	"fmt"
	"github.com/keydoctor/keydoctor/internal/catalog"
	"math"
	"runtime/metrics"
	"slices"
	"time"
)

// The client's own saturation. A starved client (too many streams for
// its cores, or busy processes beside it) reads each socket late, so the
// deltas that queued up meanwhile arrive together: the stream looks
// buffered though nothing between client and model buffered it, and every
// latency carries the client's own delay. Two clocks say how starved it
// was, neither costing a wake-up of its own (a ticking watchdog would
// itself cost a third of the client's CPU at concurrency 1):
//   - the Go runtime's histogram of how long goroutines waited, runnable,
//     before they ran (too many streams for GOMAXPROCS);
//   - the kernel's count of how long this process's threads waited for a
//     CPU (/proc/self/task/*/schedstat; busy processes beside it).
const (
	schedLatency = "/sched/latencies:seconds"
	// saturatedMS: a level whose goroutines waited more than this at p90,
	// or whose threads waited more than this per run on average, measured
	// the client, not the gateway.
	saturatedMS = 10.0
)

// clientClock is both counters at one moment.
type clientClock struct {
	counts  []uint64
	buckets []float64
	os      osWait
}

// osWait is the kernel's scheduler account of this process's threads.
type osWait struct {
	waited time.Duration // on a run queue
	runs   uint64        // times they were given a CPU
	ok     bool
}

func readClientClock() clientClock {
	s := []metrics.Sample{{Name: schedLatency}}
	metrics.Read(s)
	var c clientClock
	if s[0].Value.Kind() == metrics.KindFloat64Histogram {
		h := s[0].Value.Float64Histogram()
		c.counts, c.buckets = slices.Clone(h.Counts), h.Buckets
	}
	c.os = readOSWait()
	return c
}

// ClientLoad is how starved the client was during a level.
type ClientLoad struct {
	// SchedP90MS is the p90 of how long goroutines waited, runnable,
	// before they ran (upper bound of its histogram bucket).
	SchedP90MS float64 `json:"sched_p90_ms"`
	// OSWaitMS is how long this process's threads waited for a CPU per
	// run, on average; absent where the kernel does not say (not Linux).
	OSWaitMS  *float64 `json:"os_wait_ms,omitempty"`
	Saturated bool     `json:"saturated"`
}

// merge is the worse of two loads (of one variant's blocks).
func (l ClientLoad) merge(o ClientLoad) ClientLoad {
	out := ClientLoad{SchedP90MS: max(l.SchedP90MS, o.SchedP90MS), Saturated: l.Saturated || o.Saturated, OSWaitMS: l.OSWaitMS}
	if o.OSWaitMS != nil && (out.OSWaitMS == nil || *o.OSWaitMS > *out.OSWaitMS) {
		out.OSWaitMS = o.OSWaitMS
	}
	return out
}

// worstMS is the longer of the two waits.
func (l ClientLoad) worstMS() float64 {
	if l.OSWaitMS != nil {
		return max(l.SchedP90MS, *l.OSWaitMS)
	}
	return l.SchedP90MS
}

// String says how starved the client was, for a reason or a report.
func (l ClientLoad) String() string {
	s := fmt.Sprintf("its goroutines waited up to %s ms for a CPU (p90)", num(l.SchedP90MS))
	if l.OSWaitMS != nil {
		s += fmt.Sprintf(", its threads %s ms per run on average", num(*l.OSWaitMS))
	}
	return s
}

// since is the load between two clocks.
func (end clientClock) since(start clientClock) ClientLoad {
	var l ClientLoad
	l.SchedP90MS = histQuantile(start.counts, end.counts, end.buckets, 0.9) * 1000
	if start.os.ok && end.os.ok && end.os.runs > start.os.runs && end.os.waited >= start.os.waited {
		v := ms(end.os.waited-start.os.waited) / float64(end.os.runs-start.os.runs)
		l.OSWaitMS = &v
	}
	l.Saturated = l.SchedP90MS > saturatedMS || (l.OSWaitMS != nil && *l.OSWaitMS > saturatedMS)
	return l
}

// histQuantile is the q-quantile of what a histogram recorded between two
// readings: the upper bound of the bucket it falls in (seconds); 0 when
// nothing was recorded.
func histQuantile(start, end []uint64, buckets []float64, q float64) float64 {
	if len(end) == 0 || len(start) != len(end) {
		return 0
	}
	var total uint64
	for i := range end {
		total += end[i] - start[i]
	}
	if total == 0 {
		return 0
	}
	want := uint64(math.Ceil(q * float64(total)))
	var seen uint64
	for i := range end {
		seen += end[i] - start[i]
		if seen >= want {
			if hi := buckets[i+1]; !math.IsInf(hi, 1) {
				return hi
			}
			return buckets[i]
		}
	}
	return 0
}

// settle says which bursty streams of a saturated level were the
// client's doing: then the whole machine was short of CPU, and a gateway
// on it (or the path to it) was starved as well, so no burst is blamed
// on buffering.
func settle(samples []Sample, load ClientLoad) {
	if !load.Saturated {
		return
	}
	for i := range samples {
		if s := &samples[i]; !s.Warmup && s.Bursty {
			s.Bursty, s.Starved = false, true
			s.Notes = slices.DeleteFunc(s.Notes, func(c string) bool { return c == bufferedNote })
		}
	}
}

// bufferedNote is the probe's note for a stream that came in one burst.
const bufferedNote = string(catalog.StreamBuffered)
