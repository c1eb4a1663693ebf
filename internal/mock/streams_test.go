package mock

import (
	"bufio"
	"context"
	"io"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	gosse "github.com/tmaxmax/go-sse"
)

// terminators are the last event of each protocol's stream.
var terminators = map[string]func(gosse.Event) bool{
	"chat":      func(e gosse.Event) bool { return e.Data == "[DONE]" },
	"messages":  func(e gosse.Event) bool { return e.Type == "message_stop" },
	"responses": func(e gosse.Event) bool { return e.Type == "response.completed" || e.Type == "response.incomplete" },
}

func terminated(name string, a answer) bool {
	return len(a.events) > 0 && terminators[name](a.events[len(a.events)-1])
}

// modelOf is the model an answer names, streaming or not.
func modelOf(t *testing.T, a answer) string {
	if a.json != nil {
		return str(a.json, "model")
	}
	for _, d := range a.data(t) {
		for _, m := range []string{str(d, "model"), str(d, "message", "model"), str(d, "response", "model")} {
			if m != "" {
				return m
			}
		}
	}
	return ""
}

func TestHealthyStreamsTerminate(t *testing.T) {
	s := startTest(t, Options{Tokens: 3})
	for _, p := range protocols {
		a := do(t, s, call1{path: p.path, body: streaming(p.body)})
		if a.status != 200 || !terminated(p.name, a) || modelOf(t, a) != "gpt-4o" {
			t.Fatalf("%s: %d %v", p.name, a.status, a.types())
		}
	}
}

func TestScenarioStreamShapes(t *testing.T) {
	s := startTest(t, Options{Tokens: 4, Models: []string{"gpt-4o", "gpt-4o-mini"}})
	for _, p := range protocols {
		for _, stream := range []bool{false, true} {
			body := p.body
			if stream {
				body = streaming(strings.Replace(body, "{", `{"stream_options":{"include_usage":true},`, 1))
			}
			run := func(sc string) answer { return do(t, s, call1{path: p.path, body: body, scenario: sc}) }
			name := func(sc string) string { return sc + " " + p.name + map[bool]string{true: " stream", false: ""}[stream] }

			a := run(ModelMismatch)
			if a.status != 200 || modelOf(t, a) != "gpt-4o-mini" {
				t.Fatalf("%s: model %q", name(ModelMismatch), modelOf(t, a))
			}
			a = run(ModelDatedAlias)
			if a.status != 200 || modelOf(t, a) != "gpt-4o-2024-08-06" {
				t.Fatalf("%s: model %q", name(ModelDatedAlias), modelOf(t, a))
			}
			a = run(UsageMissing)
			if a.status != 200 || strings.Contains(strings.ReplaceAll(string(a.body), `"usage":null`, ""), `"usage"`) ||
				strings.Contains(string(a.body), `"output_tokens"`) {
				t.Fatalf("%s: usage present: %s", name(UsageMissing), a.body)
			}
			if ok := run(OK); !strings.Contains(string(ok.body), `_tokens":3`) {
				t.Fatalf("%s: healthy answer lacks usage: %s", name(OK), ok.body)
			}
			a = run(ErrorIn200)
			if a.status != 200 || !strings.Contains(string(a.body), `"error"`) || strings.Contains(string(a.body), "tok0") {
				t.Fatalf("%s: %d %s", name(ErrorIn200), a.status, a.body)
			}
			if stream && (len(a.events) != 1 || terminated(p.name, a)) {
				t.Fatalf("%s: events %v", name(ErrorIn200), a.events)
			}
			if !stream {
				checkErrorShape(t, a, p.anthropic, "api_error")
				continue
			}
			a = run(StreamNotSSE)
			if a.status != 200 || a.json == nil || len(a.events) != 0 || !strings.Contains(string(a.body), "tok2") {
				t.Fatalf("%s: %v %s", name(StreamNotSSE), a.header, a.body)
			}
			a = run(StreamUnterminated)
			if a.status != 200 || terminated(p.name, a) || !strings.Contains(string(a.body), "tok2") {
				t.Fatalf("%s: %v", name(StreamUnterminated), a.types())
			}
			a = run(StreamEmptyChoices)
			empty := 0
			for _, d := range a.data(t) {
				if c, ok := d["choices"].([]any); ok && len(c) == 0 && d["usage"] == nil {
					empty++
				}
			}
			if want := map[bool]int{true: 1, false: 0}[p.name == "chat"]; empty != want || !terminated(p.name, a) {
				t.Fatalf("%s: %d empty-choices chunks, want %d", name(StreamEmptyChoices), empty, want)
			}
			if b := run(StreamBuffered); !slices.Equal(b.types(), run(OK).types()) {
				t.Fatalf("%s: %v", name(StreamBuffered), b.types())
			}
		}
	}
}

// writeCounter counts the writes a handler makes: a buffered stream makes
// one after its headers, a healthy one one per event.
type writeCounter struct {
	header http.Header
	writes int
}

func (w *writeCounter) Header() http.Header { return w.header }
func (w *writeCounter) WriteHeader(int)     {}
func (w *writeCounter) Write(b []byte) (int, error) {
	w.writes++
	return len(b), nil
}
func (w *writeCounter) Flush() {}

func TestScenarioStreamBufferedWritesOnce(t *testing.T) {
	h := NewHandler(Options{Tokens: 5, Key: testKey})
	for _, p := range protocols {
		for _, sc := range []string{OK, StreamBuffered} {
			r, _ := http.NewRequest("POST", p.path, strings.NewReader(streaming(p.body)))
			r.Header.Set("Authorization", "Bearer "+testKey)
			r.Header.Set(ScenarioHeader, sc)
			w := &writeCounter{header: http.Header{}}
			h.ServeHTTP(w, r)
			if (sc == StreamBuffered) != (w.writes == 1) || w.writes == 0 {
				t.Fatalf("%s %s: %d writes", sc, p.name, w.writes)
			}
		}
	}
}

// readUntilStall starts a stream and returns the events that came before
// the gateway stalled. It then closes the gateway: the client reads what
// was sent before the connection ends (a client cancel would drop it).
func readUntilStall(t *testing.T, s *Server, stalled chan struct{}, path, body, sc string) (events []gosse.Event, status int) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "POST", s.Root()+path, strings.NewReader(body))
	req.Header.Set("Authorization", "Bearer "+testKey)
	req.Header.Set(ScenarioHeader, sc)
	got := make(chan gosse.Event, 64)
	done := make(chan int)
	go func() {
		defer close(got)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			done <- 0
			return
		}
		done <- resp.StatusCode
		defer resp.Body.Close()
		for ev, err := range gosse.Read(bufio.NewReader(resp.Body), nil) {
			if err != nil {
				return
			}
			got <- ev
		}
	}()
	<-stalled
	// the handler stalls after its last write; the events before it may
	// still be in flight, so collect until the client is cut off
	select {
	case status = <-done:
	case <-ctx.Done():
		t.Fatal("no headers before the stall")
	}
	s.Close()
	for ev := range got {
		events = append(events, ev)
	}
	return events, status
}

func TestScenarioTimeouts(t *testing.T) {
	stalled := make(chan struct{}, 1)
	o := Options{Tokens: 6, hooks: &hooks{stalled: func() { stalled <- struct{}{} }}}
	for _, p := range protocols {
		s := startTest(t, o)
		body := streaming(strings.Replace(p.body, "3", "6", 1))
		events, status := readUntilStall(t, s, stalled, p.path, body, TimeoutStream)
		deltas := 0
		for _, ev := range events {
			if strings.Contains(ev.Data, `"tok`) || strings.Contains(ev.Data, `" tok`) {
				deltas++
			}
		}
		// the stall comes after half the tokens, before any terminator
		if status != 200 || deltas != 3 || terminated(p.name, answer{events: events}) {
			t.Fatalf("timeout-stream %s: status %d, %d deltas before the stall: %v", p.name, status, deltas, events)
		}
	}
	// timeout-headers: nothing at all until the client gives up
	s := startTest(t, o)
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, "POST", s.Root()+"/v1/chat/completions", strings.NewReader(protocols[0].body))
	req.Header.Set("Authorization", "Bearer "+testKey)
	req.Header.Set(ScenarioHeader, TimeoutHeaders)
	errc := make(chan error, 1)
	go func() {
		resp, err := http.DefaultClient.Do(req)
		if err == nil {
			resp.Body.Close()
		}
		errc <- err
	}()
	<-stalled
	cancel()
	if err := <-errc; err == nil {
		t.Fatal("timeout-headers answered")
	}
	<-s.Idle() // the stalled handler returned once the client left

	// a path the gateway does not serve (a router identification's GET
	// /health) is its own 404, never a stall: a stall here would end the
	// request, and the test fails on the status
	ctx, cancel = context.WithCancel(context.Background())
	defer cancel()
	s = startTest(t, Options{hooks: &hooks{stalled: cancel}})
	for _, p := range []string{"/health", "/", "/api/status"} {
		req, _ := http.NewRequestWithContext(ctx, "GET", "http://"+s.Addr()+p, nil)
		req.Header.Set(ScenarioHeader, TimeoutHeaders)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatalf("timeout-headers GET %s: %v (stalled)", p, err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusNotFound {
			t.Errorf("timeout-headers GET %s: %d, want 404", p, resp.StatusCode)
		}
	}
}

func TestConcurrencyWallQueues(t *testing.T) {
	stalled, queued := make(chan struct{}, 1), make(chan struct{}, 1)
	s := startTest(t, Options{MaxConcurrent: 1, hooks: &hooks{
		stalled: func() { stalled <- struct{}{} }, queued: func() { queued <- struct{}{} },
	}})
	// the first request holds the only slot while it stalls
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	first, _ := http.NewRequestWithContext(ctx, "POST", s.Root()+"/v1/chat/completions", strings.NewReader(protocols[0].body))
	first.Header.Set("Authorization", "Bearer "+testKey)
	first.Header.Set(ScenarioHeader, TimeoutStream)
	go func() {
		if resp, err := http.DefaultClient.Do(first); err == nil {
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
		}
	}()
	<-stalled
	second := make(chan answer, 1)
	go func() { second <- do(t, s, call1{path: "/v1/chat/completions", body: protocols[0].body}) }()
	<-queued // the second waits for the slot...
	cancel() // ...which the first frees when its client leaves
	if a := <-second; a.status != 200 || str(a.json, "choices", 0, "message", "content") != "tok0 tok1 tok2" {
		t.Fatalf("queued request: %d %s", a.status, a.body)
	}
}

func TestScenarioLatencyHigh(t *testing.T) {
	// at a twentieth of the time: the floor is the scaled second
	o := Options{TimeScale: 0.05}
	s := startTest(t, o)
	start := time.Now()
	a := do(t, s, call1{path: "/v1/chat/completions", body: `{"model":"gpt-4o","max_tokens":1,"messages":[]}`, scenario: LatencyHigh})
	// a floor the gateway guarantees by construction, not a performance target
	if a.status != 200 || time.Since(start) < o.Scale(time.Second) {
		t.Fatalf("latency-high answered %d after %v", a.status, time.Since(start))
	}
}
