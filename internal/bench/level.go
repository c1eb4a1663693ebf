package bench

import (
	"math"
	"time"

	"github.com/keydoctor/keydoctor/internal/probe"
	"github.com/keydoctor/keydoctor/internal/stats"
)

// Level is the result of one run at one concurrency: what the report
// prints for it and what --json writes in runs[].
type Level struct {
	// Label names the variant of a comparison run (--models, --against,
	// --input-tokens a,b, --stream=both); "" otherwise.
	Label       string         `json:"label,omitempty"`
	Concurrency int            `json:"concurrency"`
	Rate        float64        `json:"rate,omitempty"` // open-loop arrivals per second
	Requests    int            `json:"requests"`       // measured requests that completed
	OK          int            `json:"ok"`
	Failed      int            `json:"failed"`
	Errors      map[string]int `json:"errors"` // catalog code → count
	// Notes counts facts about answers that did arrive (usage-missing,
	// model-mismatch, stream-buffered …) by catalog code.
	Notes map[string]int `json:"notes,omitempty"`
	// Stream says the requests streamed: without it, TTFT, TPOT and
	// everything about bursts were not measured (and JSON omits them).
	Stream bool          `json:"stream"`
	TTFT   stats.Summary `json:"ttft_ms"`
	TPOT   stats.Summary `json:"tpot_ms"`
	E2E    stats.Summary `json:"e2e_ms"`
	// ModelTTFT is each request's TTFT minus its time to response
	// headers, then summarised: the part of TTFT spent after the gateway
	// answered (the model's, when headers come at once).
	ModelTTFT stats.Summary `json:"model_ttft_ms,omitzero"`
	// InputTokens is the prompt size the gateway reported per request.
	InputTokens stats.Summary `json:"input_tokens,omitzero"`
	// OutputTokens is the total over successful requests; TokensSource
	// says where the counts came from: server, deltas or mixed.
	OutputTokens int     `json:"output_tokens"`
	TokensSource string  `json:"tokens_source,omitempty"`
	TokensPerS   float64 `json:"tokens_per_s"`
	TPM          float64 `json:"tpm"`
	RPS          float64 `json:"rps"`
	WindowS      float64 `json:"window_s"`
	// Walls says which limit the 429s hit (nil: none came); Advertised
	// is what the gateway's rate-limit headers state (nil: nothing).
	Walls      *Walls      `json:"walls,omitempty"`
	Advertised *RateLimits `json:"advertised_limits,omitempty"`
	// TotalTPM is prompt and answer tokens per minute of the successful
	// requests: what a tokens-per-minute limit counts.
	TotalTPM float64 `json:"total_tpm,omitempty"`
	// Network is the connection phases, told apart from the model's time.
	Network Network `json:"network_ms"`
	// Lambda is λ, completions (ok or failed) per second, and
	// ObservedConcurrency Little's L = λ·W over the window.
	Lambda              float64 `json:"lambda"`
	ObservedConcurrency float64 `json:"observed_concurrency"`
	// Bursty counts streams that arrived in bursts; TPOTTrusted is false
	// when they are the majority, so TPOT does not measure generation.
	Bursty      int  `json:"bursty_streams"`
	TPOTTrusted bool `json:"tpot_trusted"`
	// Starved counts streams whose deltas came together while this client
	// was saturated (see client.go): not counted as buffering.
	Starved int `json:"client_starved_streams,omitempty"`
	// Client is how starved this client was: when saturated, the level
	// measured this machine, and its bursts are Starved, not Bursty.
	Client      ClientLoad `json:"client"`
	Interrupted int        `json:"interrupted,omitempty"`
	// LateSends counts open-loop requests sent more than lateSend after
	// their planned time, because the -c cap was full: their latency
	// then hides queueing in the client (coordinated omission).
	LateSends int    `json:"late_sends,omitempty"`
	Stopped   string `json:"stopped,omitempty"` // why the run ended early

	window time.Duration // exact WindowS, for adding windows up
}

// Network summarises the httptrace phases. DNS, connect and TLS count
// the requests that opened a connection, warmup included; first byte
// (response headers) counts every measured request.
type Network struct {
	NewConns  int           `json:"new_connections"`
	DNS       stats.Summary `json:"dns"`
	Connect   stats.Summary `json:"connect"`
	TLS       stats.Summary `json:"tls"`
	FirstByte stats.Summary `json:"first_byte"`
}

// lateSend is how far behind its planned time an open-loop send may be
// before it counts as late.
const lateSend = 10 * time.Millisecond

// Aggregate builds a Level from the measured samples of one run. window is
// the wall time of the measured window (first send to last completion):
// the denominator of every rate.
func Aggregate(concurrency int, samples []Sample, window time.Duration) Level {
	l := Level{Concurrency: concurrency, Errors: map[string]int{}, TPOTTrusted: true}
	var a accum
	for i := range samples {
		s := &samples[i]
		switch {
		case s.Warmup:
			// Warmup opens the connections: its phases are the network's
			// cost even though its latency is left out.
			a.conn(&l.Network, s.Timings)
		case s.Interrupted:
			l.Interrupted++
		default:
			l.Requests++
			if s.Scheduled >= 0 && s.Offset-s.Scheduled > lateSend {
				l.LateSends++
			}
			a.e2eAll = append(a.e2eAll, ms(s.E2E()))
			if !s.OK() {
				l.Failed++
				l.Errors[s.Code]++
				continue
			}
			a.ok(&l, s)
		}
	}
	l.TTFT, l.TPOT, l.E2E = stats.Summarize(a.ttft), stats.Summarize(a.tpot), stats.Summarize(a.e2e)
	l.ModelTTFT, l.InputTokens = stats.Summarize(a.model), stats.Summarize(a.in)
	l.Walls, l.Advertised = classifyWalls(samples), advertised(samples)
	l.Network.DNS, l.Network.Connect, l.Network.TLS, l.Network.FirstByte = stats.Summarize(a.dns), stats.Summarize(a.connect), stats.Summarize(a.tls), stats.Summarize(a.fb)
	switch {
	case a.server > 0 && a.deltas > 0:
		l.TokensSource = "mixed"
	case a.server > 0:
		l.TokensSource = "server"
	case a.deltas > 0:
		l.TokensSource = "deltas"
	}
	l.TPOTTrusted = l.Bursty*2 <= l.OK
	if window > 0 {
		l.window = window
		sec := window.Seconds()
		l.WindowS = round3(sec)
		l.TokensPerS = float64(l.OutputTokens) / sec
		l.TPM = l.TokensPerS * 60
		l.TotalTPM = float64(l.OutputTokens+a.inTokens) / sec * 60
		l.RPS = float64(l.OK) / sec
		// λ counts every completion, failed ones too: they occupied a
		// slot for their E2E as well.
		l.Lambda = float64(l.Requests) / sec
		if all := stats.Summarize(a.e2eAll); all.N > 0 {
			l.ObservedConcurrency = l.Lambda * all.Mean / 1000 // Little: L = λ·W
		}
	}
	return l
}

// accum gathers a level's per-request figures (ms) before they are
// summarised.
type accum struct {
	ttft, tpot, e2e, e2eAll, dns, connect, tls, fb, model, in []float64
	inTokens, server, deltas                                  int
}

// ok adds a successful request.
func (a *accum) ok(l *Level, s *Sample) {
	l.OK++
	for _, n := range s.Notes {
		if l.Notes == nil {
			l.Notes = map[string]int{}
		}
		l.Notes[n]++
	}
	if t, ok := s.TTFT(); ok {
		a.ttft = append(a.ttft, ms(t))
		if s.Timings.FirstByte > 0 && t >= s.Timings.FirstByte {
			a.model = append(a.model, ms(t-s.Timings.FirstByte))
		}
	}
	if s.InputTokens > 0 {
		a.in = append(a.in, float64(s.InputTokens))
		a.inTokens += s.InputTokens
	}
	if s.HasTPOT {
		a.tpot = append(a.tpot, ms(s.TPOT))
	}
	if s.Bursty {
		l.Bursty++
	}
	if s.Starved {
		l.Starved++
	}
	a.e2e = append(a.e2e, ms(s.E2E()))
	l.OutputTokens += s.Tokens
	if s.FromServer {
		a.server++
	} else {
		a.deltas++
	}
	a.conn(&l.Network, s.Timings)
	if s.Timings.FirstByte > 0 {
		a.fb = append(a.fb, ms(s.Timings.FirstByte))
	}
}

// conn records the connection phases of a request that opened one.
func (a *accum) conn(n *Network, t probe.Timings) {
	if t.ConnReused || (t.Connect <= 0 && t.DNS <= 0) {
		return
	}
	n.NewConns++
	if t.DNS > 0 {
		a.dns = append(a.dns, ms(t.DNS))
	}
	a.connect = append(a.connect, ms(t.Connect))
	if t.TLS > 0 {
		a.tls = append(a.tls, ms(t.TLS))
	}
}

// ErrorRate is failed / completed.
func (l Level) ErrorRate() float64 {
	if l.Requests == 0 {
		return 0
	}
	return float64(l.Failed) / float64(l.Requests)
}

// MeanE2E is the mean latency W of Little's law.
func (l Level) MeanE2E() time.Duration {
	return time.Duration(l.E2E.Mean * float64(time.Millisecond))
}

func round3(v float64) float64 { return math.Round(v*1000) / 1000 }
