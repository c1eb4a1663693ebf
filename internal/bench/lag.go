package bench

import (
	"slices"
	"sort"
	"sync"
	"time"

	"github.com/keydoctor/keydoctor/internal/stats"
)

// The client's own scheduling lag. A starved client (too many streams for
// its cores, or busy processes beside it) reads each socket late, so the
// deltas that queued up meanwhile arrive together: the stream looks
// buffered though nothing between client and model buffered it. A
// goroutine that asks to wake every lagTick and records how late it woke
// measures that starvation, and a burst that coincides with it is the
// client's, never the network's.
const (
	lagTick = 5 * time.Millisecond
	// starvedLag is the lateness from which a wake-up counts as a
	// starvation interval that explains deltas read together.
	starvedLag = time.Millisecond
	// saturatedLagMS: a level whose lag p90 is above this measured the
	// client, not the gateway: TTFT carries that much of the client's own
	// delay, and bursts cannot be told from buffering.
	saturatedLagMS = 10.0
)

// lagLog is what the monitor saw.
type lagLog struct {
	lags []float32 // every wake-up's lateness, ms
	// starved are [due, woke] intervals, in time order, of wake-ups late
	// by at least starvedLag.
	starved []span
	longest time.Duration // of the starved intervals
}

type span struct{ from, to time.Time }

// lagMonitor runs beside a measured window.
type lagMonitor struct {
	stop chan struct{}
	done chan struct{}
	mu   sync.Mutex
	log  lagLog
}

func startLag() *lagMonitor {
	m := &lagMonitor{stop: make(chan struct{}), done: make(chan struct{})}
	go m.run()
	return m
}

func (m *lagMonitor) run() {
	defer close(m.done)
	t := time.NewTimer(lagTick)
	defer t.Stop()
	due := time.Now().Add(lagTick)
	for {
		select {
		case <-m.stop:
			return
		case <-t.C:
		}
		now := time.Now()
		m.mu.Lock()
		m.log.record(due, now)
		m.mu.Unlock()
		due = now.Add(lagTick)
		t.Reset(lagTick)
	}
}

// record notes one wake-up, due then, at now.
func (g *lagLog) record(due, now time.Time) {
	late := now.Sub(due)
	g.lags = append(g.lags, float32(ms(late)))
	if late >= starvedLag {
		g.starved = append(g.starved, span{due, now})
		g.longest = max(g.longest, late)
	}
}

// finish stops the monitor and returns its log.
func (m *lagMonitor) finish() lagLog {
	close(m.stop)
	<-m.done
	return m.log
}

// summary is the distribution of the lateness, ms.
func (g lagLog) summary() stats.Summary {
	v := make([]float64, len(g.lags))
	for i, l := range g.lags {
		v[i] = float64(l)
	}
	return stats.Summarize(v)
}

// explains says whether a delta read at t may have waited for the client:
// t falls in a starvation interval at least minLen long, or within as
// long again after it (the backlog drains after the client runs again).
func (g lagLog) explains(t time.Time, minLen time.Duration) bool {
	j := sort.Search(len(g.starved), func(i int) bool { return g.starved[i].from.After(t) })
	for i := j - 1; i >= 0; i-- {
		s := g.starved[i]
		if t.Sub(s.from) > 2*g.longest+lagTick {
			return false // every earlier interval ended long before t
		}
		if d := s.to.Sub(s.from); d >= minLen && !t.After(s.to.Add(d+lagTick)) {
			return true
		}
	}
	return false
}

// attribute re-judges a bursty stream with the lag log: a burst that the
// client's starvation explains is marked Starved, not Bursty. A delay
// explains deltas read together only if it lasted at least as long as
// the time between them would have been: the stream's typical gap when
// it has gaps, else three quarters of the silence before its one burst
// (a single stall of a busy machine must not excuse a buffering proxy).
func (g lagLog) attribute(s *Sample) {
	if !s.Bursty || len(s.Deltas) == 0 {
		return
	}
	at := func(i int) time.Time { return s.Start.Add(s.Deltas[i]) }
	var gaps []time.Duration
	for i := 1; i < len(s.Deltas); i++ {
		if d := s.Deltas[i] - s.Deltas[i-1]; d >= burstGap {
			gaps = append(gaps, d)
		}
	}
	minLen := s.Deltas[0] * 3 / 4
	if len(gaps) > 0 {
		slices.Sort(gaps)
		minLen = gaps[len(gaps)/2]
	}
	minLen = max(minLen, starvedLag)
	unexplained := 0
	for i := 1; i < len(s.Deltas); i++ {
		if s.Deltas[i]-s.Deltas[i-1] < burstGap && !g.explains(at(i), minLen) {
			unexplained++
		}
	}
	oneBurst := s.bufferedOnce && !g.explains(at(len(s.Deltas)-1), minLen)
	chunked := len(s.Deltas) >= 4 && unexplained*2 > len(s.Deltas)-1
	if !oneBurst && !chunked {
		s.starve()
	}
}

// settle re-judges the measured streams with the lag log and says
// whether the client was saturated: lag p90 above saturatedLagMS, or a
// quarter of the streams starved. Then the whole machine was short of
// CPU: a gateway on it (or the path to it) was starved as well, so no
// burst is blamed on buffering.
func (g lagLog) settle(samples []Sample) (lag stats.Summary, saturated bool) {
	ok, starved := 0, 0
	for i := range samples {
		s := &samples[i]
		if s.Warmup || !s.OK() {
			continue
		}
		ok++
		g.attribute(s)
		if s.Starved {
			starved++
		}
	}
	lag = g.summary()
	saturated = lag.P90 > saturatedLagMS || (starved > 0 && starved*4 >= ok)
	if saturated {
		for i := range samples {
			if s := &samples[i]; !s.Warmup && s.Bursty {
				s.starve()
			}
		}
	}
	return lag, saturated
}

// starve marks a bursty stream as the client's doing.
func (s *Sample) starve() {
	s.Bursty, s.Starved = false, true
	s.Notes = slices.DeleteFunc(s.Notes, func(c string) bool { return c == bufferedNote })
}

// bufferedNote is the probe's note for a stream that came in one burst.
const bufferedNote = "stream-buffered"
