package render

import (
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/keydoctor/keydoctor/internal/bench/selftest"
)

// SelfTest prints the self-test: accuracy per level against the fake
// gateway's truth, the client's CPU and memory, and the verdict.
func SelfTest(w io.Writer, r selftest.Result, g selftest.Gateway) {
	fmt.Fprintf(w, "self-test against the built-in fake gateway: truth TTFT %g ms, TPOT %g ms, %d tokens per answer\n\n",
		r.TTFTTruthMS, r.TPOTTruthMS, selftest.Truth.Tokens)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "c\trequests\tfailed\tTTFT p50\terror\tTPOT p50\terror\t\t")
	for _, a := range r.Levels {
		verdict := "ok"
		if !a.Pass {
			verdict = "MISSED"
		}
		fmt.Fprintf(tw, "%d\t%d\t%d\t%.2f\t%+.2f\t%.3f\t%+.3f\t%s\t\n", a.Concurrency, a.Requests, a.Failed, a.TTFTP50, a.TTFTError, a.TPOTP50, a.TPOTError, verdict)
	}
	tw.Flush()
	fmt.Fprintf(w, "(ms; targets: TTFT p50 within %v, TPOT p50 within %v of the truth)\n", selftest.TTFTTolerance, selftest.TPOTTolerance)
	fmt.Fprintf(w, "this machine's timers fire %.2f ms late (p50): the fake gateway's share of each TTFT error\n\n", r.TimerLateMS)
	where := "the fake gateway ran in another process: this is the client alone"
	if r.CPUWithGateway {
		where = "includes the fake gateway, which ran in this process"
	}
	fmt.Fprintf(w, "CPU per streamed request: %.3f ms (%s; %s)\n", r.CPUPerRequestMS, r.CPUSource, where)
	if n := len(r.Levels); n > 0 && !r.Levels[n-1].Pass {
		top := r.Levels[n-1].Concurrency
		fmt.Fprintf(w, "at concurrency %d the client alone needs about %.1f of this machine's %d cores (requests/s × CPU per request), and the in-process gateway shares them: a miss there measures the machine, not the client\n",
			top, r.ClientCores(top, g), r.NumCPU)
	}
	if r.Streams > 0 {
		where = "client alone"
		if r.MemoryWithServer {
			where = "includes the fake gateway"
		}
		fmt.Fprintf(w, "%d concurrent streams: %d ok, %d in flight at the peak; peak RSS %.1f MB, Go runtime %.1f MB (%s; target < %d MB)\n",
			r.Streams, r.StreamsOK, r.StreamsInFlight, mb(r.PeakRSS), mb(r.PeakGoMemory), where, selftest.MemoryTarget>>20)
		if r.BytesPerStream > 0 {
			fmt.Fprintf(w, "memory grows by %.1f KB per concurrent stream (from %d to %d streams)\n", r.BytesPerStream/1024, r.Streams/4, r.Streams)
		}
	}
	if r.Pass {
		fmt.Fprintln(w, "self-test: pass")
	} else {
		fmt.Fprintln(w, "self-test: FAIL (see the rows above)")
	}
}

func mb(b uint64) float64 { return float64(b) / (1 << 20) }
