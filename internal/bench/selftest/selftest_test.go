package selftest

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"runtime"
	"testing"
	"time"

	"github.com/keydoctor/keydoctor/internal/bench"
	"github.com/keydoctor/keydoctor/internal/mock"
	"github.com/keydoctor/keydoctor/internal/probe"
)

// childEnv makes the test binary serve the fake gateway instead of running
// tests: the benchmarks start it as a child process, so that the CPU and
// memory they measure are the client's alone.
const childEnv = "KEYDOCTOR_SELFTEST_CHILD_GATEWAY"

func TestMain(m *testing.M) {
	if os.Getenv(childEnv) == "1" {
		serveChild()
		return
	}
	flag.Parse()
	os.Exit(m.Run())
}

func serveChild() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	srv, err := mock.Start(ctx, "127.0.0.1:0", mock.Options{TTFT: Truth.TTFT, TPOT: Truth.TPOT, Tokens: Truth.Tokens})
	if err != nil {
		fmt.Println("error:", err)
		os.Exit(1)
	}
	fmt.Printf("serving %s (child)\n", srv.Root())
	<-ctx.Done() // the parent kills this process when done
}

func childGateway(tb testing.TB) Gateway {
	exe, err := os.Executable()
	if err != nil {
		tb.Fatal(err)
	}
	g, stop, err := Child(context.Background(), []string{exe}, []string{childEnv + "=1"})
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(stop)
	return g
}

func doer(tb testing.TB) func(int) (bench.Doer, error) {
	return func(c int) (bench.Doer, error) {
		return probe.NewClient(probe.Options{MaxConnsPerHost: c, Timeout: time.Minute, StreamClient: true})
	}
}

// TestRunShape runs a small self-test against the in-process gateway and
// checks its shape, not its timing (timing targets are benchmarks).
func TestRunShape(t *testing.T) {
	g, stop, err := InProcess(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	var steps []string
	r, err := Run(context.Background(), Options{Gateway: g, Levels: []int{1, 4}, PerLevel: 4, Streams: 20, CPURequests: 10,
		NewDoer: doer(t), Step: func(s string) { steps = append(steps, s) }})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Levels) != 2 || r.Levels[1].Concurrency != 4 || r.Levels[0].Failed != 0 || r.Levels[0].Requests != 4 {
		t.Fatalf("levels %+v", r.Levels)
	}
	if r.TTFTTruthMS != 80 || r.TPOTTruthMS != 10 || r.Levels[0].TTFTP50 < 80 || r.Levels[0].TPOTP50 <= 0 {
		t.Errorf("figures %+v", r)
	}
	// Windows counts a process's CPU time in clock ticks of 15.6 ms: ten
	// small requests on a busy host may read as none (seen under Wine).
	noCPU := r.CPUPerRequest <= 0 && runtime.GOOS != "windows"
	if r.StreamsOK != 20 || r.PeakGoMemory == 0 || noCPU || !r.CPUWithGateway || r.CPUSource == "" {
		t.Errorf("cpu/memory %+v", r)
	}
	if len(steps) != 4 {
		t.Errorf("steps %v", steps)
	}
}

func TestChildGateway(t *testing.T) {
	g := childGateway(t)
	if !g.External || g.Root == "" {
		t.Fatalf("gateway %+v", g)
	}
	d, _ := doer(t)(1)
	l, _ := bench.Execute(context.Background(), d, bench.Plan{Request: request(g, 40), Concurrency: 1, Requests: 2, MaxErrors: 1})
	if l.OK != 2 || l.OutputTokens != 2*Truth.Tokens {
		t.Fatalf("level %+v", l)
	}
}

// BenchmarkStreamedRequestCPU: client CPU (getrusage) per streamed request
// of Truth.Tokens deltas at concurrency 1, 16 and 256, gateway in a child
// process, so that a -cpuprofile is the client's alone:
//
//	go test ./internal/bench/selftest -run '^$' -bench 'StreamedRequestCPU/c=256' -cpuprofile cpu.out
func BenchmarkStreamedRequestCPU(b *testing.B) {
	g := childGateway(b)
	for _, c := range []int{1, 16, 256} {
		b.Run(fmt.Sprintf("c=%d", c), func(b *testing.B) {
			d, _ := doer(b)(c)
			defer bench.CloseDoer(d)
			req := request(g, 2*g.Tokens)
			bench.Execute(context.Background(), d, bench.Plan{Request: req, Concurrency: c, Requests: c, MaxErrors: 1})
			b.ResetTimer()
			before, _ := cpuTime()
			l, _ := bench.Execute(context.Background(), d, bench.Plan{Request: req, Concurrency: c, Requests: max(b.N, c), MaxErrors: 1})
			after, _ := cpuTime()
			if l.OK != max(b.N, c) {
				b.Fatalf("%d of %d ok: %v", l.OK, max(b.N, c), l.Errors)
			}
			b.ReportMetric(ms(after-before)/float64(max(b.N, c)), "cpu-ms/req")
		})
	}
}

// BenchmarkAccuracy: distance of the measured TTFT and TPOT p50 from the
// gateway's truth (targets: 2 ms and 0.05 ms), gateway in a child process.
func BenchmarkAccuracy(b *testing.B) {
	g := childGateway(b)
	for _, c := range []int{1, 16, 64, 256} {
		b.Run(fmt.Sprintf("c=%d", c), func(b *testing.B) {
			o := Options{Gateway: g, NewDoer: doer(b)}
			o.defaults()
			var ttft, tpot float64
			for i := 0; i < b.N; i++ {
				a, err := o.accuracy(context.Background(), c)
				if err != nil || a.Failed > 0 {
					b.Fatalf("%+v %v", a, err)
				}
				ttft, tpot = ttft+a.TTFTError, tpot+a.TPOTError
			}
			b.ReportMetric(ttft/float64(b.N), "ttft-err-ms")
			b.ReportMetric(tpot/float64(b.N), "tpot-err-ms")
		})
	}
}

// BenchmarkMemory1000Streams: peak Go memory and max RSS with 1,000
// streams open at once (target < 64 MB), gateway in a child process.
func BenchmarkMemory1000Streams(b *testing.B) {
	g := childGateway(b)
	for i := 0; i < b.N; i++ {
		o := Options{Gateway: g, Streams: 1000, NewDoer: doer(b)}
		r := Result{Pass: true}
		if err := o.memoryOnce(context.Background(), &r); err != nil {
			b.Fatal(err)
		}
		if r.StreamsOK != 1000 {
			b.Fatalf("%d streams ok", r.StreamsOK)
		}
		b.ReportMetric(float64(r.PeakGoMemory)/(1<<20), "peak-go-MB")
		b.ReportMetric(float64(r.PeakRSS)/(1<<20), "peak-rss-MB")
		b.ReportMetric(float64(r.MaxRSS)/(1<<20), "maxrss-MB")
		b.ReportMetric(float64(r.StreamsInFlight), "in-flight")
	}
}

func TestClientCores(t *testing.T) {
	// 256 streams of 80 ms + 19 × 10 ms = 270 ms: 948 requests/s; at 1.5 ms
	// each the client needs 1.42 cores.
	r := Result{CPUPerRequest: 1500 * time.Microsecond}
	g := Gateway{TTFT: 80 * time.Millisecond, TPOT: 10 * time.Millisecond, Tokens: 20}
	if got := r.ClientCores(256, g); got < 1.42 || got > 1.43 {
		t.Fatalf("ClientCores = %v", got)
	}
}

// BenchmarkBytesPerStream: how memory grows per concurrent stream, the
// slope of peak memory between 250 and 1,000 streams (so that the
// process's fixed cost drops out), gateway in a child process; and the
// 1,000 streams' peak RSS (target < 64 MB).
//
//	go test ./internal/bench/selftest -run '^$' -bench BytesPerStream -benchtime 1x
func BenchmarkBytesPerStream(b *testing.B) {
	g := childGateway(b)
	for i := 0; i < b.N; i++ {
		var runs [2]Result
		for j, n := range []int{250, 1000} {
			o := Options{Gateway: g, Streams: n, NewDoer: doer(b)}
			runs[j] = Result{Pass: true}
			if err := o.memoryOnce(context.Background(), &runs[j]); err != nil {
				b.Fatal(err)
			}
			if runs[j].StreamsOK != n {
				b.Fatalf("%d of %d streams ok", runs[j].StreamsOK, n)
			}
		}
		b.ReportMetric(PerStream(runs[0].PeakRSS, runs[1].PeakRSS, 750), "rss-B/stream")
		b.ReportMetric(PerStream(runs[0].PeakGoMemory, runs[1].PeakGoMemory, 750), "go-B/stream")
		b.ReportMetric(PerStream(runs[0].peakStacks, runs[1].peakStacks, 750), "stack-B/stream")
		b.ReportMetric(PerStream(runs[0].peakGoroutines, runs[1].peakGoroutines, 750), "goroutines/stream")
		b.ReportMetric(float64(runs[1].PeakRSS)/(1<<20), "peak-rss-MB")
		b.ReportMetric(float64(runs[1].StreamsInFlight), "in-flight") // below 1,000 when a loaded machine let some end first
	}
}
