package relay

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/redact"
)

// lineTap feeds a body one line at a time, each line arriving 1 ms after
// the previous one, so a test can tell which line an observer stamped.
type lineTap struct {
	lines []string
	n     int
	cur   *strings.Reader
}

func newLineTap(body string) *lineTap {
	// A body ending in "\n" splits into a last, empty, element: it is no
	// line, and must not arrive. Arrived is when the bytes last read
	// reached the relay (Tap), so the end of the stream has no time of
	// its own (FuzzObserveWire found the decoder and the feed disagreeing
	// on a last event ended by the stream's end, stamped at that phantom
	// line by one and not the other).
	lines := strings.SplitAfter(body, "\n")
	if len(lines) > 1 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return &lineTap{lines: lines}
}

func (l *lineTap) Read(p []byte) (int, error) {
	for l.cur == nil || l.cur.Len() == 0 {
		if l.n >= len(l.lines) {
			return 0, io.EOF
		}
		l.cur = strings.NewReader(l.lines[l.n])
		l.n++
	}
	return l.cur.Read(p)
}

func (l *lineTap) Arrived() time.Duration { return time.Duration(l.n) * time.Millisecond }

const chatStream = `data: {"id":"c","model":"gpt-4o-2024-08-06","choices":[{"index":0,"delta":{"role":"assistant","content":""}}]}

data: {"id":"c","model":"gpt-4o-2024-08-06","choices":[{"index":0,"delta":{"content":"Hi"}}]}

data: {"id":"c","model":"gpt-4o-2024-08-06","choices":[{"index":0,"delta":{"content":" there"}}]}

data: {"id":"c","model":"gpt-4o-2024-08-06","choices":[],"usage":{"prompt_tokens":5,"completion_tokens":7}}

data: [DONE]

`

const responsesStream = `event: response.created
data: {"type":"response.created","response":{"id":"r","model":"gpt-5","status":"in_progress"}}

event: response.output_text.delta
data: {"type":"response.output_text.delta","delta":"o"}

event: response.output_text.delta
data: {"type":"response.output_text.delta","delta":"k"}

event: response.completed
data: {"type":"response.completed","response":{"id":"r","model":"gpt-5","usage":{"input_tokens":3,"output_tokens":4}}}

`

func TestObserveWire(t *testing.T) {
	for _, tc := range []struct {
		name   string
		proto  gateway.Protocol
		stream bool
		body   string
		want   Observation
	}{
		// an event is complete at its blank line: the first content delta
		// ends on line 4 (the role-only chunk does not count)
		{"chat stream", gateway.Chat, true, chatStream, Observation{FirstDelta: 4 * time.Millisecond, FirstText: 4 * time.Millisecond, OutputTokens: 7, Model: "gpt-4o-2024-08-06"}},
		{"chat stream without usage", gateway.Chat, true, strings.Replace(chatStream, `,"usage":{"prompt_tokens":5,"completion_tokens":7}`, "", 1),
			Observation{FirstDelta: 4 * time.Millisecond, FirstText: 4 * time.Millisecond, OutputTokens: 2, Model: "gpt-4o-2024-08-06"}},
		{"messages stream", gateway.Messages, true, messagesStream, Observation{FirstDelta: 9 * time.Millisecond, FirstText: 9 * time.Millisecond, OutputTokens: 2, Model: "claude-sonnet-4-5"}},
		{"responses stream", gateway.Responses, true, responsesStream, Observation{FirstDelta: 6 * time.Millisecond, FirstText: 6 * time.Millisecond, OutputTokens: 4, Model: "gpt-5"}},
		{"chat whole", gateway.Chat, false, `{"id":"c","model":"gpt-4o","choices":[{"message":{"content":"hi"}}],"usage":{"completion_tokens":3}}`,
			Observation{FirstDelta: time.Millisecond, OutputTokens: 3, Model: "gpt-4o"}},
		{"messages whole", gateway.Messages, false, `{"id":"m","type":"message","model":"claude-haiku-4-5","content":[{"type":"text","text":"ok"}],"usage":{"input_tokens":4,"output_tokens":2}}`,
			Observation{FirstDelta: time.Millisecond, OutputTokens: 2, Model: "claude-haiku-4-5"}},
		{"error in 200", gateway.Chat, false, `{"error":{"message":"upstream overloaded"}}`, Observation{Failed: true}},
		{"error event", gateway.Messages, true, "event: error\ndata: {\"type\":\"error\",\"error\":{\"type\":\"overloaded_error\"}}\n\n", Observation{Failed: true}},
		{"not json", gateway.Chat, true, "data: <html>\n\n", Observation{}},
		// a reasoning model: the first token is reasoning, the first text
		// comes two events later
		{"reasoning first", gateway.Chat, true, "data: {\"choices\":[{\"delta\":{\"reasoning_content\":\"hm\"}}]}\n\ndata: {\"choices\":[{\"delta\":{\"reasoning_content\":\"so\"}}]}\n\ndata: {\"choices\":[{\"delta\":{\"content\":\"ok\"}}]}\n\ndata: [DONE]\n\n",
			Observation{FirstDelta: 2 * time.Millisecond, FirstText: 6 * time.Millisecond, OutputTokens: 3}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := observeWire(tc.proto, tc.stream, newLineTap(tc.body))
			if got != tc.want {
				t.Errorf("got %+v\nwant %+v", got, tc.want)
			}
		})
	}
}

func FuzzObserveWire(f *testing.F) {
	for _, s := range []string{chatStream, messagesStream, responsesStream, "data: [DONE]\n\n", "data: {\n", "event: x\n\n\n"} {
		f.Add(s, true)
		f.Add(s, false)
	}
	f.Fuzz(func(t *testing.T, body string, stream bool) {
		for _, p := range gateway.Protocols {
			o := observeWire(p, stream, newLineTap(body))
			if o.OutputTokens < 0 && !stream {
				t.Errorf("negative token count %d", o.OutputTokens)
			}
			if o.FirstDelta < 0 {
				t.Errorf("negative TTFT %v", o.FirstDelta)
			}
			if stream {
				for _, size := range []int{1, 7, 4096} {
					if fed := feedWire(p, body, size); fed != o {
						t.Errorf("%s fed in reads of %d: %+v, read: %+v", p, size, fed, o)
					}
				}
			}
		}
	})
}

// feedWire runs body through a tappedBody that decodes on the forwarding
// goroutine (wireFeed), read size bytes at a time, lines stamped as
// lineTap stamps them.
func feedWire(proto gateway.Protocol, body string, size int) Observation {
	lt := newLineTap(body)
	observed := make(chan Observation, 1)
	b := &tappedBody{rc: io.NopCloser(lt), tap: newTap(), since: lt.Arrived, feed: newWireFeed(proto), observed: observed}
	buf := make([]byte, size)
	for {
		if _, err := b.Read(buf); err != nil {
			break
		}
	}
	b.Close()
	return <-observed
}

// TestWireFeedMatchesObserveWire: decoding each chunk on the forwarding
// goroutine sees what reading the tap sees, whatever the read sizes.
func TestWireFeedMatchesObserveWire(t *testing.T) {
	for _, tc := range []struct {
		proto gateway.Protocol
		body  string
	}{{gateway.Chat, chatStream}, {gateway.Messages, messagesStream}, {gateway.Responses, responsesStream},
		{gateway.Chat, strings.ReplaceAll(chatStream, "\n", "\r\n")}, {gateway.Chat, strings.TrimSuffix(chatStream, "\n\n")}} {
		want := observeWire(tc.proto, true, newLineTap(tc.body))
		if want.Model == "" || want.FirstDelta == 0 {
			t.Fatalf("%s: observeWire saw %+v", tc.proto, want)
		}
		for _, size := range []int{1, 3, 64, 4096} {
			if got := feedWire(tc.proto, tc.body, size); got != want {
				t.Errorf("%s in reads of %d: %+v, want %+v", tc.proto, size, got, want)
			}
		}
	}
}

// TestGzipPassesCompressed: a client that asked for gzip gets the gateway's
// gzip bytes unchanged; the relay still reads the stream inside.
func TestGzipPassesCompressed(t *testing.T) {
	var zipped bytes.Buffer
	zw := gzip.NewWriter(&zipped)
	io.WriteString(zw, chatStream)
	zw.Close()
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Accept-Encoding") != "gzip" {
			t.Errorf("upstream saw Accept-Encoding %q, want the client's gzip", r.Header.Get("Accept-Encoding"))
		}
		w.Header().Set("Content-Type", "text/event-stream")
		w.Header().Set("Content-Encoding", "gzip")
		w.Write(zipped.Bytes())
	}))
	defer up.Close()
	rec := newRecorder()
	root := startRelay(t, up.URL, []string{"gpt-4o"}, rec)
	c, ctx := client(t)
	req, _ := http.NewRequestWithContext(ctx, "POST", root+"/v1/chat/completions", strings.NewReader(`{"model":"gpt-4o","stream":true}`))
	req.Header.Set("Accept-Encoding", "gzip")
	res, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if !bytes.Equal(got, zipped.Bytes()) {
		t.Errorf("compressed body changed on the way (%d bytes, want %d)", len(got), zipped.Len())
	}
	r := waitRecords(t, rec, 1)[0]
	if r.ServedModel != "gpt-4o-2024-08-06" || r.OutputTokens != 7 || r.Mismatch || r.Auth != "none" {
		t.Errorf("record: %+v", r)
	}
}

// TestCutStreamRecorded: a gateway that drops the connection midway still
// gives a record, marked failed, with what came before the cut.
func TestCutStreamRecorded(t *testing.T) {
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		io.WriteString(w, strings.SplitAfter(chatStream, "\n\n")[1]+strings.SplitAfter(chatStream, "\n\n")[0])
		w.(http.Flusher).Flush()
		conn, _, err := http.NewResponseController(w).Hijack()
		if err == nil {
			conn.Close()
		}
	}))
	defer up.Close()
	rec := newRecorder()
	root := startRelay(t, up.URL, nil, rec)
	c, ctx := client(t)
	req, _ := http.NewRequestWithContext(ctx, "POST", root+"/v1/chat/completions", strings.NewReader(`{"model":"gpt-4o","stream":true}`))
	res, err := c.Do(req)
	if err == nil {
		io.ReadAll(res.Body)
		res.Body.Close()
	}
	r := waitRecords(t, rec, 1)[0]
	if !r.Failed || r.Status != 200 || r.ServedModel != "gpt-4o-2024-08-06" {
		t.Errorf("record: %+v", r)
	}
}

func TestUpstreamDown(t *testing.T) {
	rec := newRecorder()
	root := startRelay(t, "http://127.0.0.1:1", nil, rec)
	c, ctx := client(t)
	req := claudeRequest(ctx, t, root, "claude-sonnet-4-5")
	res, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusBadGateway || !strings.Contains(string(body), "cannot reach the gateway 127.0.0.1:1") {
		t.Errorf("got %d %q", res.StatusCode, body)
	}
	r := waitRecords(t, rec, 1)[0]
	if !r.Failed || r.Status != 502 || r.Model != "claude-sonnet-4-5" || r.Auth != "x-api-key" || r.KeyMasked != redact.Mask(testKey) || r.KeySum != KeySum(testKey) || r.HeldMS != 0 {
		t.Errorf("record: %+v (held_ms: none when never forwarded)", r)
	}
}
