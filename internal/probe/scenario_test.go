package probe

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/mock"
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
	case mock.NoMessages:
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
func TestScenarioCodes(t *testing.T) {
	// TPOT x Tokens spaces a healthy stream over 150ms: only a stall that
	// long on a loaded machine could make it look buffered.
	srv := startMock(t, mock.Options{Prefix: "/api", TTFT: 60 * time.Millisecond, TPOT: 10 * time.Millisecond, Tokens: 16})
	// Short deadlines only for the stall scenarios, so that a loaded
	// machine cannot turn a healthy answer into a timeout.
	c := newTestClient(t, Options{MaxConnsPerHost: 64})
	stallClient := newTestClient(t, Options{ResponseHeaderTimeout: 300 * time.Millisecond, StreamIdle: 300 * time.Millisecond, MaxConnsPerHost: 64})
	for _, sc := range mock.Scenarios() {
		switch sc.Name {
		case mock.LatencyHigh, mock.ConcurrencyWall, mock.Flaky, mock.ReasoningFirst, mock.SlowFirstToken:
			// latency-high is a judgement on timings (the doctor's, with
			// thresholds); flaky's outcome depends on request order.
			continue
		}
		for _, proto := range gateway.Protocols {
			for _, stream := range []bool{false, true} {
				name := sc.Name + "/" + string(proto)
				if stream {
					name += "/stream"
				}
				t.Run(name, func(t *testing.T) {
					t.Parallel()
					req := Request{Protocol: proto, Root: srv.Root(), Key: testKey, Model: "gpt-4o", Stream: stream,
						Header: http.Header{mock.ScenarioHeader: {sc.Name}}}
					c := c
					if sc.Name == mock.TimeoutHeaders || sc.Name == mock.TimeoutStream {
						c = stallClient
					}
					res := c.Do(context.Background(), req)
					ConfirmProtocol(context.Background(), c, req, res)
					want := expectedCode(sc, proto, stream)
					checkCode(t, res, want)
				})
			}
		}
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
	srv := startMock(t, mock.Options{Prefix: "/api", Tokens: 6})
	c := newTestClient(t, Options{})
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
			if (!res.Timings.ConnReused && res.Timings.Connect <= 0) || res.Timings.WroteRequest <= 0 || res.Timings.FirstByte <= 0 || res.Timings.End < res.Timings.FirstByte {
				t.Errorf("%s: timings %+v", proto, res.Timings)
			}
			if got := res.ReqHeader.Get("x-api-key"); got != gateway.Mask(testKey) {
				t.Errorf("request header shows the key as %q", got)
			}
		}
	}
}

func TestListModelsAndClosest(t *testing.T) {
	srv := startMock(t, mock.Options{Prefix: "/api"})
	c := newTestClient(t, Options{})
	ids, res := ListModels(context.Background(), c, srv.Root(), testKey, gateway.AuthBearer)
	if !res.OK() || len(ids) != len(mock.DefaultModels) {
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
// tells a stall before the headers from a stall in the body.
func TestWholeDeadline(t *testing.T) {
	srv := startMock(t, mock.Options{Tokens: 8, TPOT: time.Millisecond})
	c := newTestClient(t, Options{Timeout: 600 * time.Millisecond})
	for _, tt := range []struct {
		scenario string
		stream   bool
		code     string
	}{
		{mock.TimeoutHeaders, false, "timeout-headers"},
		{mock.TimeoutStream, true, "timeout-stream"},
		{mock.TimeoutStream, false, "timeout-stream"},
	} {
		res := c.Do(context.Background(), Request{Protocol: gateway.Chat, Root: srv.Root(), Key: testKey, Model: "gpt-4o", Stream: tt.stream,
			Header: http.Header{mock.ScenarioHeader: {tt.scenario}}})
		if string(res.Code) != tt.code {
			t.Errorf("%s stream=%v: code %q (%v), want %q", tt.scenario, tt.stream, res.Code, res.Err, tt.code)
		}
	}
}
