// Package selftest measures keydoctor's benchmark client against a fake
// gateway of known timing: how far its TTFT and TPOT are from the truth at
// each concurrency, the CPU it spends per streamed request, and the memory
// 1,000 concurrent streams take. `keydoctor bench --self-test` and the Go
// benchmarks run it.
package selftest

import (
	"context"
	"fmt"
	"math"
	"runtime"
	"sync"
	"time"

	"github.com/keydoctor/keydoctor/internal/bench"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/human"
	"github.com/keydoctor/keydoctor/internal/probe"
	"github.com/keydoctor/keydoctor/internal/stats"
)

// Targets from the issue: the client must not distort what it measures.
const (
	TTFTTolerance = 2 * time.Millisecond
	TPOTTolerance = 50 * time.Microsecond // issue 31 (was 0.5 ms)
	MemoryTarget  = 64 << 20              // bytes of peak RSS, for 1,000 concurrent streams (issue 31; was 150 MB)
)

// Gateway is a running fake gateway of known timing.
type Gateway struct {
	Root, Key, Model string
	TTFT, TPOT       time.Duration
	Tokens           int
	// External is true when the gateway runs in another process, so that
	// the CPU and memory measured here are the client's alone.
	External bool
}

// Options configure a self-test.
type Options struct {
	// Gateway is measured for accuracy; Isolated, when set, for CPU and
	// memory (a gateway in another process, so the figures are the
	// client's alone).
	Gateway  Gateway
	Isolated *Gateway
	// Levels are the concurrencies checked for accuracy (default 1…256).
	Levels []int
	// Streams is how many concurrent streams the memory figure opens
	// (default 1000; 0 after defaults means skip).
	Streams int
	// PerLevel is the least number of measured requests per accuracy
	// level (default 30; at least 3 per slot).
	PerLevel int
	// CPURequests is how many streamed requests the CPU figure averages
	// over (default 400).
	CPURequests int
	NewDoer     func(concurrency int) (bench.Doer, error)
	// Step is told what runs next (progress); may be nil.
	Step func(string)
}

// Accuracy is one concurrency level against the truth.
type Accuracy struct {
	Concurrency int     `json:"concurrency"`
	Requests    int     `json:"requests"`
	Failed      int     `json:"failed"`
	TTFTP50     float64 `json:"ttft_p50_ms"`
	TPOTP50     float64 `json:"tpot_p50_ms"`
	TTFTError   float64 `json:"ttft_error_ms"`
	TPOTError   float64 `json:"tpot_error_ms"`
	Pass        bool    `json:"pass"`
}

// Result is the whole self-test.
type Result struct {
	TTFTTruthMS float64 `json:"ttft_truth_ms"`
	TPOTTruthMS float64 `json:"tpot_truth_ms"`
	// TimerLateMS is how late this machine's timers fire (p50): the fake
	// gateway schedules every token with one, so this much of each TTFT
	// error is the gateway's, not the client's.
	TimerLateMS float64    `json:"timer_late_ms"`
	Levels      []Accuracy `json:"levels"`
	// CPU is client CPU (user+system) per streamed request; it includes
	// the fake gateway's when that runs in this process.
	CPUPerRequest   time.Duration `json:"-"`
	CPUPerRequestMS float64       `json:"cpu_per_request_ms"`
	CPUWithGateway  bool          `json:"cpu_includes_gateway"`
	CPUSource       string        `json:"cpu_source"`
	Streams         int           `json:"streams"`
	StreamsOK       int           `json:"streams_ok"`
	StreamsInFlight int           `json:"streams_peak_in_flight"`
	PeakGoMemory    uint64        `json:"peak_go_memory_bytes"`
	PeakRSS         uint64        `json:"peak_rss_bytes,omitempty"` // sampled during the streams (Linux)
	// BytesPerStream is how the peak grows per concurrent stream: the
	// slope between a run of a quarter of Streams and the full one, so
	// that the process's fixed cost drops out.
	BytesPerStream   float64 `json:"bytes_per_stream,omitempty"`
	MaxRSS           uint64  `json:"max_rss_bytes,omitempty"` // the process's high-water mark, earlier runs included
	MemoryWithServer bool    `json:"memory_includes_gateway"`
	NumCPU           int     `json:"num_cpu"`
	Pass             bool    `json:"pass"`

	// Where the memory goes, for the benchmarks (not in the JSON): the
	// peaks of goroutine stacks and of goroutines while the streams ran.
	peakStacks, peakGoroutines uint64
}

// ClientCores is how many CPU cores the client alone needs to keep c
// streams going with the truth's timing: requests per second (Little's
// law, λ = L/W) times CPU per request.
func (r Result) ClientCores(c int, g Gateway) float64 {
	w := g.TTFT + time.Duration(g.Tokens-1)*g.TPOT
	if w <= 0 {
		return 0
	}
	return float64(c) / w.Seconds() * r.CPUPerRequest.Seconds()
}

func (o *Options) defaults() {
	if len(o.Levels) == 0 {
		for c := 1; c <= 256; c *= 2 {
			o.Levels = append(o.Levels, c)
		}
	}
	if o.Streams == 0 {
		o.Streams = 1000
	}
	if o.PerLevel == 0 {
		o.PerLevel = 30
	}
	if o.CPURequests == 0 {
		o.CPURequests = 400
	}
	if o.Step == nil {
		o.Step = func(string) {}
	}
}

func (o *Options) request(maxTokens int) probe.Request { return request(o.Gateway, maxTokens) }

func request(g Gateway, maxTokens int) probe.Request {
	return probe.Request{Protocol: gateway.Chat, Root: g.Root, Key: g.Key, Auth: gateway.AuthBearer, Model: g.Model,
		Stream: true, MaxTokens: maxTokens, Prompt: bench.DefaultPrompt}
}

// Run runs the accuracy levels, then the CPU and memory figures.
func Run(ctx context.Context, o Options) (Result, error) {
	o.defaults()
	g := o.Gateway
	r := Result{TTFTTruthMS: ms(g.TTFT), TPOTTruthMS: ms(g.TPOT), TimerLateMS: timerLate(g.TTFT), NumCPU: runtime.NumCPU(), Pass: true}
	for _, c := range o.Levels {
		if ctx.Err() != nil {
			return r, ctx.Err()
		}
		o.Step(fmt.Sprintf("accuracy at concurrency %d", c))
		a, err := o.accuracy(ctx, c)
		if err != nil {
			return r, err
		}
		r.Levels = append(r.Levels, a)
		r.Pass = r.Pass && a.Pass
	}
	o.Step(fmt.Sprintf("CPU over %d streamed requests", o.CPURequests))
	if err := o.cpu(ctx, &r); err != nil {
		return r, err
	}
	if o.Streams > 0 {
		o.Step(fmt.Sprintf("memory of %d concurrent streams", o.Streams))
		if err := o.memory(ctx, &r); err != nil {
			return r, err
		}
	}
	return r, nil
}

func (o *Options) accuracy(ctx context.Context, c int) (Accuracy, error) {
	d, err := o.NewDoer(c)
	if err != nil {
		return Accuracy{}, err
	}
	defer bench.CloseDoer(d)
	// Warm up one request per slot, so every connection is open and
	// measured requests time the gateway, not the handshake.
	// The ramp spreads the first requests over one answer's time: with
	// every answer equally long, unspread requests would stay in one herd
	// whose first tokens all arrive in the same instant.
	g := o.Gateway
	ramp := g.TTFT + time.Duration(g.Tokens)*g.TPOT
	l, _ := bench.Execute(ctx, d, bench.Plan{Request: o.request(g.Tokens * 2), Concurrency: c,
		Requests: max(3*c, o.PerLevel), Warmup: c, Ramp: ramp, MaxErrors: 0.5, Key: g.Key})
	a := Accuracy{Concurrency: c, Requests: l.Requests, Failed: l.Failed, TTFTP50: l.TTFT.P50, TPOTP50: l.TPOT.P50}
	a.TTFTError = a.TTFTP50 - ms(o.Gateway.TTFT)
	a.TPOTError = a.TPOTP50 - ms(o.Gateway.TPOT)
	a.Pass = l.Failed == 0 && l.OK > 0 && math.Abs(a.TTFTError) <= ms(TTFTTolerance) && math.Abs(a.TPOTError) <= ms(TPOTTolerance)
	return a, nil
}

// cpu measures process CPU over CPURequests streamed requests at a
// moderate concurrency (16), after a warmup that opens the connections.
func (o *Options) cpu(ctx context.Context, r *Result) error {
	d, err := o.NewDoer(16)
	if err != nil {
		return err
	}
	defer bench.CloseDoer(d)
	g := o.isolated()
	req := request(g, g.Tokens*2)
	bench.Execute(ctx, d, bench.Plan{Request: req, Concurrency: 16, Requests: 16, MaxErrors: 1})
	before, src := cpuTime()
	l, _ := bench.Execute(ctx, d, bench.Plan{Request: req, Concurrency: 16, Requests: o.CPURequests, MaxErrors: 0.5, Key: g.Key})
	after, _ := cpuTime()
	if l.OK == 0 {
		return fmt.Errorf("no request of the CPU run succeeded (%v)", l.Errors)
	}
	r.CPUPerRequest = (after - before) / time.Duration(l.OK)
	r.CPUPerRequestMS = ms(r.CPUPerRequest)
	r.CPUWithGateway = !g.External
	r.CPUSource = src
	return nil
}

// isolated is the gateway for the CPU and memory figures.
func (o *Options) isolated() Gateway {
	if o.Isolated != nil {
		return *o.Isolated
	}
	return o.Gateway
}

// timerLate fires 5 rounds of 16 concurrent timers of d and returns the
// median of how late they fired: the fake gateway schedules every token
// with such a timer.
func timerLate(d time.Duration) float64 {
	var (
		mu   sync.Mutex
		late []float64
	)
	for round := 0; round < 5; round++ {
		var wg sync.WaitGroup
		for i := 0; i < 16; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				start := time.Now()
				t := time.NewTimer(d)
				<-t.C
				l := ms(time.Since(start) - d)
				mu.Lock()
				late = append(late, l)
				mu.Unlock()
			}()
		}
		wg.Wait()
	}
	return stats.Summarize(late).P50
}

// ms is human.Millis, named short for the formulas above.
var ms = human.Millis
