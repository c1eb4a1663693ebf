package relay

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/keydoctor/keydoctor/internal/human"
)

const testKey = "sk-test-0123456789abcdef0123"

// messagesStream is an Anthropic messages stream as gateways send it.
const messagesStream = "event: message_start\n" +
	`data: {"type":"message_start","message":{"id":"msg_1","model":"claude-sonnet-4-5","usage":{"input_tokens":9,"output_tokens":1}}}` + "\n\n" +
	"event: content_block_start\n" +
	`data: {"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}` + "\n\n" +
	"event: content_block_delta\n" +
	`data: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"o"}}` + "\n\n" +
	"event: content_block_delta\n" +
	`data: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"k"}}` + "\n\n" +
	"event: message_delta\n" +
	`data: {"type":"message_delta","delta":{"stop_reason":"end_turn"},"usage":{"output_tokens":2}}` + "\n\n" +
	"event: message_stop\n" +
	`data: {"type":"message_stop"}` + "\n\n"

// recorder collects records from concurrent requests.
type recorder struct {
	mu      sync.Mutex
	recs    []Record
	arrived chan struct{}
}

func newRecorder() *recorder { return &recorder{arrived: make(chan struct{}, 4096)} }

func (r *recorder) add(rec Record) {
	r.mu.Lock()
	r.recs = append(r.recs, rec)
	r.mu.Unlock()
	r.arrived <- struct{}{}
}
func (r *recorder) all() []Record {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]Record(nil), r.recs...)
}

// startRelay runs a relay toward upstream+prefix and returns its root.
func startRelay(t *testing.T, upstream string, expect []string, rec *recorder) string {
	t.Helper()
	u, err := url.Parse(upstream)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	s, err := Start(ctx, "127.0.0.1:0", Options{Upstream: u, Expect: expect, OnRecord: rec.add})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cancel(); s.Close() })
	return s.Root
}

func client(t *testing.T) (*http.Client, context.Context) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	t.Cleanup(cancel)
	return &http.Client{Transport: &http.Transport{DisableCompression: true}}, ctx
}

// claudeRequest is what Claude Code sends, headers included.
func claudeRequest(ctx context.Context, t *testing.T, root, model string) *http.Request {
	t.Helper()
	body := `{"model":"` + model + `","max_tokens":32000,"stream":true,"messages":[{"role":"user","content":"say ok"}]}`
	req, err := http.NewRequestWithContext(ctx, "POST", root+"/v1/messages?beta=true", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "claude-cli/2.1.197 (external, cli)")
	req.Header.Set("X-Api-Key", testKey)
	req.Header.Set("Anthropic-Version", "2023-06-01")
	req.Header.Set("Anthropic-Beta", "claude-code-20250219")
	return req
}

func TestPassThroughByteForByte(t *testing.T) {
	type seen struct {
		method, uri, host string
		header            http.Header
		body              []byte
	}
	got := make(chan seen, 1)
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		got <- seen{r.Method, r.RequestURI, r.Host, r.Header.Clone(), b}
		w.Header().Set("Content-Type", "text/event-stream")
		w.Header().Set("X-Request-Id", "req_42")
		io.WriteString(w, messagesStream)
	}))
	defer up.Close()
	rec := newRecorder()
	root := startRelay(t, up.URL+"/api", []string{"claude-sonnet-4-5"}, rec)
	c, ctx := client(t)
	req := claudeRequest(ctx, t, root, "claude-sonnet-4-5")
	wantBody, _ := io.ReadAll(req.Body)
	req.Body = io.NopCloser(bytes.NewReader(wantBody))
	res, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()

	if string(body) != messagesStream {
		t.Errorf("stream changed on the way:\n got %q\nwant %q", body, messagesStream)
	}
	if res.Header.Get("X-Request-Id") != "req_42" || res.Header.Get("Content-Type") != "text/event-stream" {
		t.Errorf("response headers changed: %v", res.Header)
	}
	s := <-got
	if s.method != "POST" || s.uri != "/api/v1/messages?beta=true" {
		t.Errorf("upstream saw %s %s, want POST /api/v1/messages?beta=true", s.method, s.uri)
	}
	if !bytes.Equal(s.body, wantBody) {
		t.Errorf("request body changed:\n got %q\nwant %q", s.body, wantBody)
	}
	if s.host != strings.TrimPrefix(up.URL, "http://") {
		t.Errorf("upstream saw Host %q", s.host)
	}
	for _, h := range []string{"User-Agent", "X-Api-Key", "Anthropic-Version", "Anthropic-Beta", "Content-Type"} {
		if s.header.Get(h) != req.Header.Get(h) {
			t.Errorf("header %s: upstream saw %q, client sent %q", h, s.header.Get(h), req.Header.Get(h))
		}
	}
	for _, h := range []string{"X-Forwarded-For", "X-Forwarded-Host", "Forwarded", "Accept-Encoding"} {
		if v := s.header.Get(h); v != "" {
			t.Errorf("relay added %s: %q", h, v)
		}
	}

	recs := waitRecords(t, rec, 1)
	if len(recs) != 1 {
		t.Fatalf("got %d records, want 1", len(recs))
	}
	r := recs[0]
	if r.Path != "/v1/messages?beta=true" || r.Method != "POST" || r.Model != "claude-sonnet-4-5" || !r.Stream ||
		r.Status != 200 || r.ServedModel != "claude-sonnet-4-5" || r.OutputTokens != 2 || r.Auth != "x-api-key" ||
		r.Client != "claude-cli/2.1.197 (external, cli)" || r.Mismatch || r.Failed {
		t.Errorf("record: %+v", r)
	}
	if r.TTFTms <= 0 || r.E2Ems < r.TTFTms {
		t.Errorf("ttft %v ms, e2e %v ms: want 0 < ttft <= e2e", r.TTFTms, r.E2Ems)
	}
	if r.HeldMS <= 0 {
		t.Errorf("held %v ms: want > 0 for a forwarded request", r.HeldMS)
	}
	line, _ := json.Marshal(r)
	if bytes.Contains(line, []byte(testKey)) || bytes.Contains(line, []byte("say ok")) {
		t.Errorf("log line leaks the key or the prompt: %s", line)
	}
	var fields map[string]any
	json.Unmarshal(line, &fields)
	want := []string{"time", "client", "method", "path", "model", "stream", "status", "ttft_ms", "first_text_ms", "e2e_ms", "held_ms", "output_tokens", "served_model", "auth", "mismatch"}
	if len(fields) != len(want) {
		t.Errorf("log line has fields %v, want exactly %v", fields, want)
	}
	for _, f := range want {
		if _, ok := fields[f]; !ok {
			t.Errorf("log line lacks %q: %s", f, line)
		}
	}
}

// TestEachEventFlushed: the upstream sends the second event only after the
// client has read the first through the relay. A relay that buffered would
// never deliver the first, and the client's deadline would fail the test.
func TestEachEventFlushed(t *testing.T) {
	events := []string{
		`data: {"id":"c1","model":"gpt-4o","choices":[{"index":0,"delta":{"role":"assistant","content":""}}]}`,
		`data: {"id":"c1","model":"gpt-4o","choices":[{"index":0,"delta":{"content":"Hel"}}]}`,
		`data: {"id":"c1","model":"gpt-4o","choices":[{"index":0,"delta":{"content":"lo"}}]}`,
		`data: [DONE]`,
	}
	next := make(chan struct{})
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		for i, ev := range events {
			io.WriteString(w, ev+"\n\n")
			w.(http.Flusher).Flush()
			if i < len(events)-1 {
				select {
				case <-next:
				case <-r.Context().Done():
					return
				}
			}
		}
	}))
	defer up.Close()
	rec := newRecorder()
	root := startRelay(t, up.URL, nil, rec)
	c, ctx := client(t)
	req, _ := http.NewRequestWithContext(ctx, "POST", root+"/v1/chat/completions", strings.NewReader(`{"model":"gpt-4o","stream":true}`))
	req.Header.Set("Authorization", "Bearer "+testKey)
	res, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	br := bufio.NewReader(res.Body)
	for i, ev := range events {
		line, err := br.ReadString('\n')
		if err != nil {
			t.Fatalf("event %d never arrived through the relay: %v", i+1, err)
		}
		if strings.TrimSuffix(line, "\n") != ev {
			t.Fatalf("event %d: got %q, want %q", i+1, line, ev)
		}
		br.ReadString('\n') // the blank line ending the event
		if i < len(events)-1 {
			next <- struct{}{}
		}
	}
	io.Copy(io.Discard, br)
	res.Body.Close()
	r := waitRecords(t, rec, 1)[0]
	if r.Auth != "bearer" || r.OutputTokens != 2 || r.ServedModel != "gpt-4o" || r.Mismatch {
		t.Errorf("record: %+v", r)
	}
}

// waitRecords waits for n records: the handler emits its record after the
// response is complete, which the client may see first.
func waitRecords(t *testing.T, rec *recorder, n int) []Record {
	t.Helper()
	deadline := time.After(10 * time.Second)
	for i := 0; i < n; i++ {
		select {
		case <-rec.arrived:
		case <-deadline:
			t.Fatalf("got %d records, want %d", i, n)
		}
	}
	return rec.all()
}

// TestHeadProbeNotFailed: Claude Code sends HEAD to the base URL before its
// first request; a 404 there is recorded but is not a failure.
func TestHeadProbeNotFailed(t *testing.T) {
	up := httptest.NewServer(http.NotFoundHandler())
	defer up.Close()
	rec := newRecorder()
	root := startRelay(t, up.URL, nil, rec)
	c, ctx := client(t)
	req, _ := http.NewRequestWithContext(ctx, "HEAD", root+"/", nil)
	req.Header.Set("User-Agent", "Bun/1.4.0")
	res, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	r := waitRecords(t, rec, 1)[0]
	if r.Failed || r.Status != 404 || r.Method != "HEAD" || r.Path != "/" || r.Auth != "none" {
		t.Errorf("record: %+v", r)
	}
}

// TestUpgradePassesThrough: a protocol upgrade (Codex's Responses
// WebSocket) is relayed as a raw two-way connection.
func TestUpgradePassesThrough(t *testing.T) {
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Upgrade") != "echo" {
			http.Error(w, "want an upgrade", http.StatusBadRequest)
			return
		}
		conn, brw, err := http.NewResponseController(w).Hijack()
		if err != nil {
			return
		}
		defer conn.Close()
		brw.WriteString("HTTP/1.1 101 Switching Protocols\r\nUpgrade: echo\r\nConnection: Upgrade\r\n\r\n")
		brw.Flush()
		line, _ := brw.ReadString('\n')
		brw.WriteString("echo: " + line)
		brw.Flush()
	}))
	defer up.Close()
	rec := newRecorder()
	root := startRelay(t, up.URL, nil, rec)
	conn, err := net.Dial("tcp", strings.TrimPrefix(root, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(10 * time.Second))
	io.WriteString(conn, "GET /v1/responses HTTP/1.1\r\nHost: relay\r\nUpgrade: echo\r\nConnection: Upgrade\r\nAuthorization: Bearer "+testKey+"\r\n\r\n")
	br := bufio.NewReader(conn)
	res, err := http.ReadResponse(br, nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.StatusCode != http.StatusSwitchingProtocols {
		t.Fatalf("status %d, want 101", res.StatusCode)
	}
	io.WriteString(conn, "ping\n")
	line, err := br.ReadString('\n')
	if err != nil || line != "echo: ping\n" {
		t.Fatalf("got %q, %v", line, err)
	}
	conn.Close()
	r := waitRecords(t, rec, 1)[0]
	if r.Status != 101 || r.Failed || r.Method != "GET" || r.Auth != "bearer" {
		t.Errorf("record: %+v", r)
	}
}

// TestHeldCountsOnlyTheRelay: held_ms runs from the request's arrival to
// its last byte written to the gateway, so a gateway that takes 300 ms to
// answer is in E2E and not in what the relay held.
func TestHeldCountsOnlyTheRelay(t *testing.T) {
	const gatewayTime = 300 * time.Millisecond
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body)
		time.Sleep(gatewayTime) // the gateway's own time: what the relay must not count
		w.Header().Set("Content-Type", "text/event-stream")
		io.WriteString(w, messagesStream)
	}))
	defer up.Close()
	rec := newRecorder()
	root := startRelay(t, up.URL, nil, rec)
	c, ctx := client(t)
	res, err := c.Do(claudeRequest(ctx, t, root, "claude-sonnet-4-5"))
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, res.Body)
	res.Body.Close()
	r := waitRecords(t, rec, 1)[0]
	if r.HeldMS <= 0 || r.HeldMS >= human.Millis(gatewayTime) || r.E2Ems < human.Millis(gatewayTime) {
		t.Errorf("held %v ms, e2e %v ms: want 0 < held < %v <= e2e", r.HeldMS, r.E2Ems, gatewayTime)
	}
}

// TestHeldOnAFixedClock: with Options.Now fixed (a test's clock), held_ms
// still comes out as a short wait, not the distance between that clock
// and the kernel's: only the arrival's age is read from the real clock.
func TestHeldOnAFixedClock(t *testing.T) {
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		io.WriteString(w, messagesStream)
	}))
	defer up.Close()
	u, _ := url.Parse(up.URL)
	rec := newRecorder()
	fixed := time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)
	ctx, cancel := context.WithCancel(context.Background())
	s, err := Start(ctx, "127.0.0.1:0", Options{Upstream: u, OnRecord: rec.add, Now: func() time.Time { return fixed }})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cancel(); s.Close() })
	c, cctx := client(t)
	res, err := c.Do(claudeRequest(cctx, t, s.Root, "claude-sonnet-4-5"))
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, res.Body)
	res.Body.Close()
	if r := waitRecords(t, rec, 1)[0]; r.HeldMS <= 0 || r.HeldMS > 10_000 {
		t.Errorf("held %v ms on a fixed clock: want a short positive wait", r.HeldMS)
	}
}
