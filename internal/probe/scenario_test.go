package probe

import (
	"context"
	"net/http"
	"net/http/httptrace"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/h1stream"
	"github.com/keydoctor/keydoctor/internal/mock"
	"github.com/keydoctor/keydoctor/internal/redact"
)

const testKey = "sk-test-0123456789abcdef0123"

// startMock runs the fake gateway on loopback for one test.
func startMock(t testing.TB, o mock.Options) *mock.Server {
	t.Helper()
	if o.Key == "" {
		o.Key = testKey
	}
	srv, err := mock.Start(context.Background(), "127.0.0.1:0", o)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() })
	return srv
}

func newTestClient(t testing.TB, o Options) *Client {
	t.Helper()
	c, err := NewClient(o)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(c.Close)
	return c
}

// expectedCode is what probe must report for a scenario, protocol and
// stream flag: the scenario's catalog code where one request can see it.
func expectedCode(sc mock.Scenario, proto gateway.Protocol, stream bool) string {
	switch sc.Name {
	case mock.StreamNotSSE, mock.StreamUnterminated, mock.StreamBuffered, mock.GzipBuffersSSE, mock.AnthropicStreamOverloaded:
		if !stream {
			return ""
		}
	case mock.StreamEmptyChoices:
		if !stream || proto != gateway.Chat {
			return ""
		}
	case mock.NoResponses:
		if proto != gateway.Responses {
			return ""
		}
	case mock.NoMessages, mock.VendorRoots: // vendor-roots: Messages only under …/anthropic
		if proto != gateway.Messages {
			return ""
		}
	case mock.NoGemini:
		if proto != gateway.Gemini {
			return ""
		}
	}
	return string(sc.Code)
}

// TestScenarioCodes: every scenario of the fake gateway, over every
// protocol, streamed and not, is classified to the scenario's code (as the
// failure code, or as a note on an answer that arrived).
// The third client is bench's: h1stream with its event loop (Linux),
// which reads the streams it takes by push and hands every other answer
// over to h1stream's reader.
func TestScenarioCodes(t *testing.T) {
	eachClient(t, scenarioCodes)
}

// eachClient runs f with each of the probe's clients: net/http's,
// h1stream's, and h1stream's with its event loop where it runs.
func eachClient(t *testing.T, f func(*testing.T, Options)) {
	for _, o := range []Options{{}, {StreamClient: true}, {StreamClient: true, EventLoop: true}} {
		name := clientName(o.StreamClient)
		if o.EventLoop {
			if !h1stream.LoopSupported {
				continue
			}
			name += "-loop"
		}
		t.Run(name, func(t *testing.T) { f(t, o) })
	}
}

// clientName names a test's client: net/http's transport, or h1stream
// (Options.StreamClient) for plain http://.
func clientName(streamClient bool) string {
	if streamClient {
		return "h1stream"
	}
	return "net-http"
}

func scenarioCodes(t *testing.T, kind Options) {
	// Fewer deltas than a burst needs: however long a loaded machine
	// stalls the client, a healthy stream cannot look buffered. The
	// stream-buffered scenario gets its own gateway with enough deltas,
	// sent in one write after a wait.
	srv := startMock(t, mock.Options{Prefix: "/api", TTFT: 5 * time.Millisecond, TPOT: 5 * time.Millisecond, Tokens: MinBurstDeltas - 1})
	buffered := startMock(t, mock.Options{Prefix: "/api", TTFT: 60 * time.Millisecond, TPOT: time.Millisecond, Tokens: 6})
	// The stall scenarios get short timers, each one that cannot fire
	// before the event it judges, so a loaded machine cannot change the
	// code: the header timer only where headers never come, the idle timer
	// only where they did (it starts once the headers are in).
	own, loop := kind.StreamClient, kind.EventLoop
	c := newTestClient(t, Options{MaxConnsPerHost: 64, StreamClient: own, EventLoop: loop})
	stallClients := map[string]*Client{
		mock.TimeoutHeaders: newTestClient(t, Options{ResponseHeaderTimeout: 300 * time.Millisecond, MaxConnsPerHost: 64, StreamClient: own, EventLoop: loop}),
		mock.TimeoutStream:  newTestClient(t, Options{StreamIdle: 300 * time.Millisecond, MaxConnsPerHost: 64, StreamClient: own, EventLoop: loop}),
	}
	type run struct {
		name  string
		req   Request
		want  string
		c     *Client
		res   *Result
		ready chan struct{}
	}
	var runs []*run
	for _, sc := range mock.Scenarios() {
		switch sc.Name {
		case mock.LatencyHigh, mock.ConcurrencyWall, mock.Flaky, mock.ReasoningFirst, mock.SlowFirstToken:
			// latency-high is a judgement on timings (the doctor's, with
			// thresholds); flaky's outcome depends on request order.
			continue
		}
		if sc.Name != mock.PortkeyHeader && (strings.HasPrefix(sc.Name, "ccr-") || strings.HasPrefix(sc.Name, "portkey-")) {
			// a router's verdict needs to know a router is there
			// (internal/router, checks/wire): the probe alone sees a gateway
			continue
		}
		for _, proto := range gateway.Protocols {
			for _, stream := range []bool{false, true} {
				root := srv.Root()
				if sc.Name == mock.StreamBuffered || sc.Name == mock.GzipBuffersSSE {
					root = buffered.Root()
				}
				r := &run{name: sc.Name + "/" + string(proto), want: expectedCode(sc, proto, stream), c: c, ready: make(chan struct{}),
					req: Request{Protocol: proto, Root: root, Key: testKey, Model: "gpt-4o", Stream: stream,
						Header: http.Header{mock.ScenarioHeader: {sc.Name}}}}
				if stream {
					r.name += "/stream"
				}
				if sc, ok := stallClients[sc.Name]; ok {
					r.c = sc
				}
				runs = append(runs, r)
			}
		}
	}
	// Eight requests at a time (t.Parallel would run GOMAXPROCS at a
	// time, and these mostly wait); each subtest judges its own.
	slots := make(chan struct{}, 8)
	for _, r := range runs {
		go func() {
			defer close(r.ready)
			slots <- struct{}{}
			defer func() { <-slots }()
			r.res = r.c.Do(context.Background(), r.req)
			ConfirmProtocol(context.Background(), r.c, r.req, r.res)
		}()
	}
	for _, r := range runs {
		t.Run(r.name, func(t *testing.T) {
			<-r.ready
			checkCode(t, r.res, r.want)
		})
	}
}

func checkCode(t *testing.T, res *Result, want string) {
	t.Helper()
	got := string(res.Code)
	if got == "" && want != "" && res.HasNote(catalog.Code(want)) {
		got = want
	}
	if got != want {
		t.Fatalf("code %q (err %v, notes %v, status %d, body %.200q), want %q", res.Code, res.Err, res.Notes, res.StatusCode, res.Body, want)
	}
	if want == "" && len(res.Notes) > 0 {
		t.Errorf("healthy answer carries notes %v", res.Notes)
	}
	if res.Code != "" && (res.Err == nil || res.Err.Error() != strings.ToLower(res.Err.Error()[:1])+res.Err.Error()[1:]) {
		t.Errorf("err %v: want a lower-case explanation", res.Err)
	}
	if strings.Contains(string(res.Body), testKey) || (res.Err != nil && strings.Contains(res.Err.Error(), testKey)) {
		t.Errorf("the key leaked into the result")
	}
}

// TestHealthyAnswers checks what a good exchange yields on each protocol.
func TestHealthyAnswers(t *testing.T) {
	eachClient(t, healthyAnswers)
}

func healthyAnswers(t *testing.T, kind Options) {
	srv := startMock(t, mock.Options{Prefix: "/api", Tokens: 6})
	c := newTestClient(t, kind)
	for _, proto := range gateway.Protocols {
		for _, stream := range []bool{false, true} {
			res := c.Do(context.Background(), Request{Protocol: proto, Root: srv.Root(), Key: testKey, Model: "gpt-4o-mini", Stream: stream, Auth: gateway.AuthXAPIKey})
			if !res.OK() || res.StatusCode != 200 {
				t.Fatalf("%s stream=%v: %s %v", proto, stream, res.Code, res.Err)
			}
			if res.Model != "gpt-4o-mini" || res.Text == "" || !res.Usage.FromServer || res.Usage.OutputTokens != 6 {
				t.Errorf("%s stream=%v: model %q text %q usage %+v", proto, stream, res.Model, res.Text, res.Usage)
			}
			if stream {
				if res.Stream == nil || len(res.Stream.Deltas) != 6 || !res.Stream.Terminated || res.Timings.FirstDelta <= 0 || res.Timings.FirstDelta < res.Timings.FirstByte {
					t.Errorf("%s: stream %+v timings %+v", proto, res.Stream, res.Timings)
				}
			}
			// Windows' clock may not tick between the start and the write.
			wroteAtStart := res.Timings.WroteRequest == 0 && runtime.GOOS == "windows"
			if (!res.Timings.ConnReused && res.Timings.Connect <= 0) || res.Timings.WroteRequest <= 0 && !wroteAtStart || res.Timings.FirstByte <= 0 || res.Timings.End < res.Timings.FirstByte {
				t.Errorf("%s: timings %+v", proto, res.Timings)
			}
			if got := res.ReqHeader.Get("x-api-key"); got != redact.Mask(testKey) {
				t.Errorf("request header shows the key as %q", got)
			}
		}
	}
}

func TestListModelsAndClosest(t *testing.T) {
	srv := startMock(t, mock.Options{Prefix: "/api"})
	c := newTestClient(t, Options{})
	ids, res := ListModels(context.Background(), c, srv.Root(), testKey, gateway.AuthBearer)
	if !res.OK() || len(ids) != len(mock.DefaultModels()) {
		t.Fatalf("ids %v code %s err %v", ids, res.Code, res.Err)
	}
	if got := Closest("gpt-4", ids, 2); len(got) != 2 || got[0] != "gpt-4o" {
		t.Errorf("Closest(gpt-4) = %v", got)
	}
	if got := Closest("claude-sonet-4-5", ids, 1); len(got) != 1 || got[0] != "claude-sonnet-4-5" {
		t.Errorf("Closest(claude-sonet-4-5) = %v", got)
	}
	_, res = ListModels(context.Background(), c, srv.Root(), "sk-test-wrong-key-0000000000", gateway.AuthBearer)
	if res.Code != "auth-invalid" {
		t.Errorf("wrong key: code %q", res.Code)
	}
}

// TestWholeDeadline: without StreamIdle, the whole-request deadline still
// tells a stall before the headers from a stall in the body. The deadline
// is an event, not a clock: it expires once the request is written
// (timeout-headers: no headers ever come) or once the headers are in
// (timeout-stream), so a loaded machine cannot move it.
func TestWholeDeadline(t *testing.T) {
	srv := startMock(t, mock.Options{Tokens: 8, TPOT: time.Millisecond})
	c := newTestClient(t, Options{})
	headersIn := make(chan struct{}, 1)
	c.HTTP.Transport = roundTripFunc(func(r *http.Request, next http.RoundTripper) (*http.Response, error) {
		resp, err := next.RoundTrip(r)
		if err == nil {
			headersIn <- struct{}{}
		}
		return resp, err
	}).wrap(c.HTTP.Transport)
	for _, tt := range []struct {
		scenario string
		stream   bool
		code     string
	}{
		{mock.TimeoutHeaders, false, "timeout-headers"},
		{mock.TimeoutStream, true, "timeout-stream"},
		{mock.TimeoutStream, false, "timeout-stream"},
	} {
		ctx := newEventDeadline()
		trigger := headersIn
		if tt.scenario == mock.TimeoutHeaders {
			wrote := make(chan struct{}, 1)
			ctx.Context = httptrace.WithClientTrace(ctx.Context, &httptrace.ClientTrace{
				WroteRequest: func(httptrace.WroteRequestInfo) { wrote <- struct{}{} },
			})
			trigger = wrote
		}
		go func() { <-trigger; ctx.expire() }()
		res := c.Do(ctx, Request{Protocol: gateway.Chat, Root: srv.Root(), Key: testKey, Model: "gpt-4o", Stream: tt.stream,
			Header: http.Header{mock.ScenarioHeader: {tt.scenario}}})
		if string(res.Code) != tt.code {
			t.Errorf("%s stream=%v: code %q (%v), want %q", tt.scenario, tt.stream, res.Code, res.Err, tt.code)
		}
	}
}

// eventDeadline is a context whose deadline passes when expire is called:
// its Err is context.DeadlineExceeded, exactly as a timer's would be.
type eventDeadline struct {
	context.Context // values only (httptrace)
	done            chan struct{}
	once            sync.Once
}

func newEventDeadline() *eventDeadline {
	return &eventDeadline{Context: context.Background(), done: make(chan struct{})}
}

func (d *eventDeadline) expire()               { d.once.Do(func() { close(d.done) }) }
func (d *eventDeadline) Done() <-chan struct{} { return d.done }
func (d *eventDeadline) Err() error {
	select {
	case <-d.done:
		return context.DeadlineExceeded
	default:
		return nil
	}
}

type roundTripFunc func(*http.Request, http.RoundTripper) (*http.Response, error)

func (f roundTripFunc) wrap(next http.RoundTripper) http.RoundTripper {
	return wrapped{f, next}
}

type wrapped struct {
	f    roundTripFunc
	next http.RoundTripper
}

func (w wrapped) RoundTrip(r *http.Request) (*http.Response, error) { return w.f(r, w.next) }
