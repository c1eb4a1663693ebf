package selftest

import (
	"context"
	"runtime/debug"
	"runtime/metrics"
	"sync"
	"sync/atomic"
	"time"

	"github.com/keydoctor/keydoctor/internal/bench"
	"github.com/keydoctor/keydoctor/internal/probe"
)

// memory runs a quarter of Streams first, then Streams: the peak of the
// second is the figure, and the difference between the two peaks per
// added stream is how memory grows per stream.
func (o *Options) memory(ctx context.Context, r *Result) error {
	quarter := *o
	quarter.Streams = o.Streams / 4
	var q Result
	if quarter.Streams > 0 {
		if err := quarter.memoryOnce(ctx, &q); err != nil {
			return err
		}
	}
	if err := o.memoryOnce(ctx, r); err != nil {
		return err
	}
	if q.StreamsOK == quarter.Streams && quarter.Streams > 0 {
		r.BytesPerStream = PerStream(q.PeakMemory(), r.PeakMemory(), o.Streams-quarter.Streams)
	}
	return nil
}

// PerStream is the growth per stream between two peaks n streams apart.
func PerStream(before, after uint64, n int) float64 {
	return (float64(after) - float64(before)) / float64(n)
}

// memoryOnce opens Streams concurrent streams at once and records the peak of
// the Go runtime's memory (everything it mapped, less what it returned to
// the OS) while they run, and the process's max RSS.
func (o *Options) memoryOnce(ctx context.Context, r *Result) error {
	d, err := o.NewDoer(o.Streams)
	if err != nil {
		return err
	}
	defer bench.CloseDoer(d)
	// Collect and hand freed pages back first: the RSS sampled below is
	// then the streams', not what earlier phases (the accuracy levels,
	// with the gateway in this process) left mapped.
	debug.FreeOSMemory()
	counting := &inFlight{d: d}
	var peak, peakRSS, peakStacks, peakG atomic.Uint64
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() { // sample while the streams run
		defer wg.Done()
		t := time.NewTicker(10 * time.Millisecond)
		defer t.Stop()
		for {
			if m := goMemory(); m > peak.Load() {
				peak.Store(m)
			}
			if m, ok := rssNow(); ok && m > peakRSS.Load() {
				peakRSS.Store(m)
			}
			if st, g := stacks(); st > peakStacks.Load() || g > peakG.Load() {
				peakStacks.Store(max(st, peakStacks.Load()))
				peakG.Store(max(g, peakG.Load()))
			}
			select {
			case <-stop:
				return
			case <-t.C:
			}
		}
	}()
	g := o.isolated()
	l, _ := bench.Execute(ctx, counting, bench.Plan{Request: request(g, g.Tokens*2), Concurrency: o.Streams,
		Requests: o.Streams, MaxErrors: 1, Key: g.Key})
	close(stop)
	wg.Wait()
	r.Streams, r.StreamsOK, r.StreamsInFlight = o.Streams, l.OK, int(counting.peak.Load())
	r.PeakGoMemory, r.PeakRSS = peak.Load(), peakRSS.Load()
	r.peakStacks, r.peakGoroutines = peakStacks.Load(), peakG.Load()
	r.MaxRSS = maxRSS()
	r.MemoryWithServer = !g.External
	if l.OK < o.Streams {
		r.Pass = false
	}
	if r.PeakMemory() > MemoryTarget {
		r.Pass = false
	}
	return nil
}

// PeakMemory is the figure the memory target applies to: the resident
// set sampled during the streams where the OS tells it, else the Go
// runtime's own account.
func (r Result) PeakMemory() uint64 {
	if r.PeakRSS > 0 {
		return r.PeakRSS
	}
	return r.PeakGoMemory
}

// goMemory is the Go runtime's resident estimate: all it mapped minus what
// it released back to the OS.
func goMemory() uint64 {
	s := []metrics.Sample{{Name: "/memory/classes/total:bytes"}, {Name: "/memory/classes/heap/released:bytes"}}
	metrics.Read(s)
	return s[0].Value.Uint64() - s[1].Value.Uint64()
}

// stacks is the memory of goroutine stacks and the number of goroutines.
func stacks() (bytes, goroutines uint64) {
	s := []metrics.Sample{{Name: "/memory/classes/heap/stacks:bytes"}, {Name: "/sched/goroutines:goroutines"}}
	metrics.Read(s)
	return s[0].Value.Uint64(), s[1].Value.Uint64()
}

// inFlight counts streams open at once, to show the 1,000 were
// concurrent and not run one after another.
type inFlight struct {
	d         bench.Doer
	cur, peak atomic.Int64
}

func (f *inFlight) Do(ctx context.Context, r probe.Request) *probe.Result {
	n := f.cur.Add(1)
	for p := f.peak.Load(); n > p && !f.peak.CompareAndSwap(p, n); p = f.peak.Load() {
	}
	defer f.cur.Add(-1)
	return f.d.Do(ctx, r)
}
