package probe

import (
	"bytes"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/mock"
)

// tickClock advances one millisecond per reading, so that stamps are
// deterministic and ordered.
func tickClock() func() time.Duration {
	var t time.Duration
	return func() time.Duration { t += time.Millisecond; return t }
}

func decodeAll(t testing.TB, proto gateway.Protocol, data []byte) (*Stream, string) {
	d := NewDecoder(proto, time.Now())
	d.Clock = tickClock()
	if _, err := d.ReadFrom(&linePerRead{data: data}); err != nil {
		t.Fatalf("ReadFrom: %v", err)
	}
	s := d.Stream()
	return s, d.Text()
}

// linePerRead delivers one line per Read, as a server flushing each line
// would, so that each line gets its own arrival stamp.
type linePerRead struct{ data []byte }

func (l *linePerRead) Read(p []byte) (int, error) {
	if len(l.data) == 0 {
		return 0, io.EOF
	}
	n := bytes.IndexByte(l.data, '\n') + 1
	if n == 0 || n > len(p) {
		n = min(len(l.data), len(p))
	}
	copy(p, l.data[:n])
	l.data = l.data[n:]
	return n, nil
}

// TestStampIsArrival: lines delivered by one read share its stamp, however
// long decoding the earlier ones takes.
func TestStampIsArrival(t *testing.T) {
	data, _ := os.ReadFile("testdata/streams/chat_ok.sse")
	d := NewDecoder(gateway.Chat, time.Now())
	d.Clock = tickClock()
	if _, err := d.ReadFrom(bytes.NewReader(data)); err != nil {
		t.Fatal(err)
	}
	for _, dl := range d.Stream().Deltas {
		if dl.At != time.Millisecond {
			t.Fatalf("delta stamped %v, want the single read's 1ms", dl.At)
		}
	}
}

func TestDecoders(t *testing.T) {
	tests := []struct {
		file         string
		proto        gateway.Protocol
		text         string
		deltas       int
		reasoning    int
		terminated   bool
		emptyChoices int
		usage        Usage
		model        string
		stop         string
		errorEvent   string
	}{
		{file: "chat_ok.sse", proto: gateway.Chat, text: "Hello! Yes", deltas: 3, terminated: true,
			usage: Usage{9, 3, true}, model: "gpt-4o-mini-2024-07-18", stop: "stop"},
		{file: "chat_azure_empty_choices.sse", proto: gateway.Chat, text: "Hi", deltas: 1, terminated: true, emptyChoices: 1,
			usage: Usage{0, 1, false}, model: "gpt-4o-2024-05-13", stop: "stop"},
		{file: "chat_unterminated.sse", proto: gateway.Chat, text: "Yes", deltas: 2, reasoning: 1,
			usage: Usage{0, 2, false}, model: "deepseek/deepseek-r1"},
		{file: "chat_error_event.sse", proto: gateway.Chat, text: "Hel", deltas: 1, terminated: true,
			usage: Usage{0, 1, false}, model: "gpt-4o", errorEvent: "overloaded: upstream overloaded"},
		{file: "messages_ok.sse", proto: gateway.Messages, text: "Hello!", deltas: 2, terminated: true,
			usage: Usage{25, 15, true}, model: "claude-sonnet-4-5-20250929", stop: "end_turn"},
		{file: "messages_thinking.sse", proto: gateway.Messages, text: "Yes.", deltas: 2, reasoning: 1, terminated: true,
			usage: Usage{12, 9, true}, model: "claude-sonnet-4-5-20250929", stop: "end_turn"},
		{file: "messages_error.sse", proto: gateway.Messages, usage: Usage{25, 0, false},
			model: "claude-sonnet-4-5-20250929", errorEvent: "overloaded_error: Overloaded"},
		{file: "responses_ok.sse", proto: gateway.Responses, text: "Hi there", deltas: 2, terminated: true,
			usage: Usage{37, 11, true}, model: "gpt-4.1-2025-04-14"},
		{file: "responses_failed.sse", proto: gateway.Responses, text: "Hi", deltas: 1, terminated: true,
			usage: Usage{0, 1, false}, model: "gpt-4.1", errorEvent: "server_error: The model failed to generate a response."},
		{file: "responses_error_event.sse", proto: gateway.Responses, usage: Usage{0, 0, false},
			model: "gpt-4.1", errorEvent: "ERR_SOMETHING: Something went wrong"},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join("testdata", "streams", tt.file))
			if err != nil {
				t.Fatal(err)
			}
			s, text := decodeAll(t, tt.proto, data)
			reasoning := 0
			for _, d := range s.Deltas {
				if d.Reasoning {
					reasoning++
				}
			}
			got := []any{text, len(s.Deltas), reasoning, s.Terminated, s.EmptyChoices, *s.Usage, s.Model, s.StopReason, s.ErrorEvent}
			want := []any{tt.text, tt.deltas, tt.reasoning, tt.terminated, tt.emptyChoices, tt.usage, tt.model, tt.stop, tt.errorEvent}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("got  %#v\nwant %#v", got, want)
			}
			if s.NonSSE != 0 {
				t.Errorf("NonSSE = %d, want 0", s.NonSSE)
			}
			for i := 1; i < len(s.Deltas); i++ {
				if s.Deltas[i].At <= s.Deltas[i-1].At {
					t.Errorf("delta %d stamped %v, not after %v", i, s.Deltas[i].At, s.Deltas[i-1].At)
				}
			}
			// The same bytes in awkward chunks (a relay's tap)
			// must give the same stream.
			assertSameInChunks(t, tt.proto, data, s, 7)
		})
	}
}

// TestTTFTSkipsRoleChunk: the first chunk carries only the role; TTFT is
// the first chunk with content.
func TestTTFTSkipsRoleChunk(t *testing.T) {
	data, _ := os.ReadFile("testdata/streams/chat_ok.sse")
	s, _ := decodeAll(t, gateway.Chat, data)
	// One clock tick per line; an event is stamped by the blank line that
	// ends it: the role chunk ends on line 2, the "Hello" chunk on line 4.
	if got := s.Deltas[0].At; got != 4*time.Millisecond {
		t.Errorf("first delta at %v, want 4ms (end of the first content chunk)", got)
	}
}

func TestOnDeltaCalledAsDeltasArrive(t *testing.T) {
	data, _ := os.ReadFile("testdata/streams/messages_ok.sse")
	d := NewDecoder(gateway.Messages, time.Now())
	var seen []string
	d.OnDelta = func(dl Delta) { seen = append(seen, dl.Text) }
	for _, line := range strings.Split(string(data), "\n") {
		d.FeedLine([]byte(line), time.Millisecond)
	}
	if want := []string{"Hello", "!"}; !reflect.DeepEqual(seen, want) {
		t.Errorf("OnDelta saw %q, want %q", seen, want)
	}
}

func TestNotSSE(t *testing.T) {
	s, _ := decodeAll(t, gateway.Chat, []byte("{\"id\":\"x\",\n\"choices\":[]}\n"))
	if s.Events != 0 || s.NonSSE == 0 {
		t.Errorf("events %d nonSSE %d, want 0 and >0", s.Events, s.NonSSE)
	}
}

func TestParserMultilineAndBareCR(t *testing.T) {
	var got []string
	d := NewDecoder(gateway.Chat, time.Now())
	d.Clock = tickClock()
	d.OnDelta = func(dl Delta) { got = append(got, dl.Text) }
	_, _ = d.ReadFrom(&chunkReader{chunks: []string{
		"data: {\"choices\":[{\"delta\":\r",
		"data: {\"content\":\"a\"}}]}\r\r",
		"data: {\"choices\":[{\"delta\":{\"content\":\"b\"}}]}\n\ndata: [DONE]",
	}})
	s := d.Stream()
	if d.Text() != "ab" || !s.Terminated || s.Events != 3 {
		t.Errorf("text %q terminated %v events %d; want ab, true, 3", d.Text(), s.Terminated, s.Events)
	}
	if !reflect.DeepEqual(got, []string{"a", "b"}) {
		t.Errorf("OnDelta got %q", got)
	}
}

func assertSameInChunks(t *testing.T, proto gateway.Protocol, data []byte, want *Stream, chunk int) {
	t.Helper()
	got := readInChunks(proto, data, chunk)
	if !sameStream(got, want) {
		t.Errorf("read in %d-byte chunks:\n got %+v\nwant %+v", chunk, summary(got), summary(want))
	}
}

// readInChunks decodes data arriving a few bytes per read, as a relay's
// tap delivers a live stream: a CRLF or a line split across reads must
// decode the same as the whole.
func readInChunks(proto gateway.Protocol, data []byte, chunk int) *Stream {
	d := NewDecoder(proto, time.Now())
	d.Clock = func() time.Duration { return 0 }
	cr := &chunkReader{}
	for len(data) > 0 {
		n := min(chunk, len(data))
		cr.chunks = append(cr.chunks, string(data[:n]))
		data = data[n:]
	}
	_, _ = d.ReadFrom(cr)
	return d.Stream()
}

// chunkReader returns its chunks one per Read.
type chunkReader struct{ chunks []string }

func (c *chunkReader) Read(p []byte) (int, error) {
	if len(c.chunks) == 0 {
		return 0, io.EOF
	}
	n := copy(p, c.chunks[0])
	if c.chunks[0] = c.chunks[0][n:]; c.chunks[0] == "" {
		c.chunks = c.chunks[1:]
	}
	return n, nil
}

// sameStream compares what matters, ignoring time stamps and byte counts.
func sameStream(a, b *Stream) bool {
	return reflect.DeepEqual(summary(a), summary(b))
}

func summary(s *Stream) []any {
	var texts []string
	for _, d := range s.Deltas {
		texts = append(texts, d.Text)
	}
	return []any{texts, s.Events, s.Terminated, s.EmptyChoices, *s.Usage, s.ErrorEvent, s.Model, s.StopReason}
}

// TestDecoderAsTee: a relay copies a live stream to its client and tees
// it through a pipe into a Decoder's ReadFrom; the decoder sees what
// probe's own reader sees.
func TestDecoderAsTee(t *testing.T) {
	srv := startMock(t, mock.Options{Tokens: 5})
	body := `{"model":"gpt-4o","stream":true,"stream_options":{"include_usage":true},"max_tokens":16,"messages":[{"role":"user","content":"hi"}]}`
	hreq, _ := http.NewRequest("POST", srv.Root()+"/v1/chat/completions", strings.NewReader(body))
	hreq.Header.Set("Authorization", "Bearer "+testKey)
	resp, err := http.DefaultClient.Do(hreq)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	dec := NewDecoder(gateway.Chat, time.Now())
	pr, pw := io.Pipe()
	decoded := make(chan struct{})
	go func() {
		defer close(decoded)
		_, _ = dec.ReadFrom(pr)
	}()
	var relayed bytes.Buffer
	_, err = io.Copy(&relayed, io.TeeReader(resp.Body, pw))
	pw.CloseWithError(err)
	<-decoded
	if err != nil {
		t.Fatal(err)
	}
	s := dec.Stream()
	if len(s.Deltas) != 5 || !s.Terminated || !s.Usage.FromServer || s.Model != "gpt-4o" {
		t.Errorf("tee decoder saw %+v", summary(s))
	}
	again, _ := decodeAll(t, gateway.Chat, relayed.Bytes())
	if !sameStream(s, again) {
		t.Errorf("tee and ReadFrom disagree:\n%+v\n%+v", summary(s), summary(again))
	}
}

// BenchmarkDecoder: the cost of decoding one recorded stream, per stream.
func BenchmarkDecoder(b *testing.B) {
	for _, proto := range gateway.Protocols {
		data, _ := os.ReadFile(filepath.Join("testdata", "streams", string(proto)+"_ok.sse"))
		b.Run(string(proto), func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				d := NewDecoder(proto, time.Time{})
				_, _ = d.ReadFrom(bytes.NewReader(data))
				d.Stream()
			}
		})
	}
}
