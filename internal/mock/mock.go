// Package mock is keydoctor's built-in fake LLM gateway: OpenAI chat
// completions, Anthropic messages, OpenAI Responses and the model list,
// with deterministic tokens on an exact schedule and fault scenarios that
// reproduce every wire code of the diagnosis catalog. It serves
// `keydoctor mock`, `keydoctor demo` and every network test. README.md
// next to this file records what the real clients send.
package mock

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/keydoctor/keydoctor/internal/rawconn"
	"github.com/keydoctor/keydoctor/internal/tool"
)

// DefaultKey is the key the fake gateway accepts when none is given. It is
// the gateway's own test key, not a user secret.
const DefaultKey = "sk-mock-0123456789abcdef0123"

// DefaultModels are served when Options.Models is empty: a gateway that
// also serves the models the registered tools send their background
// requests to unless told otherwise (tool.Tool.DefaultBackgroundModel;
// pass Models without them to reproduce a gateway that does not).
func DefaultModels() []string {
	out := []string{"gpt-4o", "gpt-4o-mini", "claude-sonnet-4-5", "claude-haiku-4-5", "gpt-5"}
	for _, t := range tool.All() {
		if m := t.DefaultBackgroundModel; m != "" && !slices.Contains(out, m) {
			out = append(out, m)
		}
	}
	return out
}

// Options configure the fake gateway. The zero value serves DefaultModels
// under no prefix with DefaultKey, 16 tokens, no delays.
type Options struct {
	Prefix string   // path prefix of the gateway root, e.g. "/api"; "" for none
	Key    string   // the one key accepted; DefaultKey when empty
	Models []string // served model ids; DefaultModels when empty
	// TTFT is the delay from a request's arrival (by the kernel's stamp
	// where there is one: rawconn.RequestArrival; or from leaving the
	// concurrency queue) to the first content delta; TPOT the delay
	// between deltas.
	// Delta i is sent at start+TTFT+i*TPOT.
	TTFT, TPOT time.Duration
	// ModelTiming gives some models their own TTFT and TPOT (timing.go).
	ModelTiming map[string]Timing
	Tokens      int    // output tokens per answer (before max_tokens); 16 when 0
	Scenario    string // default scenario; a request's X-Mock-Scenario header overrides it
	// MaxConcurrent > 0 lets that many generation requests run at once;
	// the rest wait in a queue (the "concurrency wall").
	MaxConcurrent int
	// SlowTTFT is the first token's delay in the slow-first-token
	// scenario; 10s when 0.
	SlowTTFT time.Duration
	// RejectOver > 0 refuses (429) a generation request when that many
	// run already; TPMLimit > 0 refuses one that would pass that many
	// tokens in a minute (limits.go).
	RejectOver, TPMLimit int
	// FailFirst is how many generation requests the "flaky" scenario fails
	// before it succeeds; 2 when 0.
	FailFirst int
	// Logger, when set, receives one JSON line per request, key masked.
	Logger io.Writer
	// TimeScale multiplies every delay the gateway schedules: TTFT, TPOT,
	// ModelTiming's, SlowTTFT, latency-high's floors and reasoning-first's
	// second of reasoning (its token count stays). 0 means 1. Tests that
	// wait on those delays run at a fraction of them and scale what they
	// assert with the same factor (Scale). 0 takes TimeScaleVar's value
	// when it is set, else means 1.
	TimeScale float64

	hooks *hooks // tests only: events to synchronise on instead of sleeping
}

// hooks are called when a request reaches a state tests wait for.
type hooks struct {
	stalled func() // a stall began (timeout-headers, timeout-stream)
	queued  func() // a request waits for a concurrency slot
}

// ScenarioHeader selects a scenario for one request.
const ScenarioHeader = "X-Mock-Scenario"

func (o Options) withDefaults() Options {
	if o.Key == "" {
		o.Key = DefaultKey
	}
	if len(o.Models) == 0 {
		o.Models = DefaultModels()
	}
	if o.Tokens <= 0 {
		o.Tokens = 16
	}
	if o.SlowTTFT <= 0 {
		o.SlowTTFT = 10 * time.Second
	}
	if o.FailFirst <= 0 {
		o.FailFirst = 2
	}
	o.Prefix = "/" + strings.Trim(o.Prefix, "/")
	if o.Prefix == "/" {
		o.Prefix = ""
	}
	return o
}

// Handler is the fake gateway as an http.Handler. Its stalls end when a
// request's context ends.
type Handler struct {
	opts     Options
	sem      chan struct{} // MaxConcurrent slots, nil for no limit
	wall     chan struct{} // slots of the concurrency-wall scenario
	failures atomic.Int64  // generation requests seen by "flaky"
	limits   limiter       // RejectOver and TPMLimit
	retimed  atomic.Pointer[Timing]
	seq      atomic.Int64 // ids
	logMu    sync.Mutex

	mu       sync.Mutex
	inflight int
	idle     chan struct{} // closed while inflight == 0
}

// TimeScaleVar, set to a factor such as 0.25, scales the delays of every
// gateway whose Options leave TimeScale 0: the ones a process starts
// itself ('keydoctor demo', 'keydoctor mock'), for the tests that run the
// binary and wait on those delays without asserting them. Nothing sets it
// for a user; an unset or unparsable value, or one outside (0, 1] (it
// only ever speeds a test up: "Inf" would stall every answer), means 1.
const TimeScaleVar = "KEYDOCTOR_MOCK_TIME_SCALE"

// NewHandler builds the fake gateway's handler.
func NewHandler(opts Options) *Handler {
	if opts.TimeScale == 0 {
		if f, err := strconv.ParseFloat(os.Getenv(TimeScaleVar), 64); err == nil && f > 0 && f <= 1 {
			opts.TimeScale = f
		}
	}
	h := &Handler{opts: opts.withDefaults(), idle: make(chan struct{})}
	close(h.idle)
	if h.opts.MaxConcurrent > 0 {
		h.sem = make(chan struct{}, h.opts.MaxConcurrent)
		h.wall = h.sem
	} else {
		h.wall = make(chan struct{}, 2)
	}
	return h
}

func (h *Handler) enter() {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.inflight == 0 {
		h.idle = make(chan struct{})
	}
	h.inflight++
}

// leave runs after a request is logged.
func (h *Handler) leave() {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.inflight--
	if h.inflight == 0 {
		close(h.idle)
	}
}

// Idle returns a channel closed while no request is being handled: once a
// client has its answer, waiting on it guarantees the log line is written.
func (h *Handler) Idle() <-chan struct{} {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.idle
}

// Options returns the effective options (defaults filled in).
func (h *Handler) Options() Options { return h.opts }

// Server is a running fake gateway.
type Server struct {
	*Handler
	srv    *http.Server
	ln     net.Listener
	cancel context.CancelFunc
	done   chan struct{}
	once   sync.Once
}

// Start listens on addr ("127.0.0.1:0" picks a free port) and serves until
// ctx ends or Close is called.
func Start(ctx context.Context, addr string, opts Options) (*Server, error) {
	if _, ok := LookupScenario(opts.Scenario); !ok {
		return nil, fmt.Errorf("unknown mock scenario %q", opts.Scenario)
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, err
	}
	base, cancel := context.WithCancel(context.Background())
	s := &Server{Handler: NewHandler(opts), ln: ln, cancel: cancel, done: make(chan struct{})}
	s.srv = &http.Server{
		Handler:           s.Handler,
		ReadHeaderTimeout: 10 * time.Second,
		BaseContext:       func(net.Listener) context.Context { return base },
		// The handler's clock starts when a request's bytes reached the
		// machine (rawconn.RequestArrival): the connection knows when.
		ConnContext: rawconn.ConnContext,
	}
	go func() {
		defer close(s.done)
		// Raw writes: a bench and its gateway share the machine's cores,
		// and every event the gateway writes would otherwise wake its
		// sysmon, CPU the client then lacks.
		s.srv.Serve(rawconn.Listener{Listener: ln}) // returns ErrServerClosed once Close runs
	}()
	// Ends with ctx; a goroutine rather than context.AfterFunc, whose stop
	// function would have to be stored where Close, run by it, reads it.
	go func() {
		select {
		case <-ctx.Done():
			s.Close()
		case <-s.done:
		}
	}()
	return s, nil
}

// URL is the server's origin, e.g. http://127.0.0.1:8765.
func (s *Server) URL() string { return "http://" + s.ln.Addr().String() }

// Root is the gateway root a user would configure, prefix included, e.g.
// http://127.0.0.1:8765/api.
func (s *Server) Root() string { return s.URL() + s.opts.Prefix }

// Addr is the listening address.
func (s *Server) Addr() string { return s.ln.Addr().String() }

// Close stops the server: stalled requests end, connections close, and it
// returns once every handler has returned. Safe to call more than once.
func (s *Server) Close() error {
	s.once.Do(func() {
		s.cancel() // ends every request context, hence every stall
		_ = s.srv.Close()
		<-s.done
		<-s.Idle()
	})
	return nil
}
