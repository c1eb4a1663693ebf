package probe

import (
	"bytes"
	"strconv"
	"testing"
	"time"

	"github.com/keydoctor/keydoctor/internal/gateway"
)

// mockChunk is one content chunk as keydoctor mock (and OpenAI) sends it.
func mockChunk(i int) []byte {
	return []byte(`data: {"choices":[{"delta":{"content":" tok` + strconv.Itoa(i) + `"},"finish_reason":null,"index":0,"logprobs":null}],` +
		`"created":1796153847,"id":"chatcmpl-mock3224","model":"gpt-4o","object":"chat.completion.chunk","system_fingerprint":"fp_mock"}`)
}

// BenchmarkDecodeEvent: the SSE path's cost per chat event (one data line
// and its blank line through Parser and Decoder), within a stream of 32
// deltas as bench reads them. allocs/op and B/op are per event: the
// target is one small allocation (the delta's own text) or none.
//
//	go test ./internal/probe -run '^$' -bench DecodeEvent -benchmem
func BenchmarkDecodeEvent(b *testing.B) {
	const perStream = 32
	lines := make([][]byte, perStream)
	for i := range lines {
		lines[i] = mockChunk(i)
	}
	b.ReportAllocs()
	var d *Decoder
	i := 0
	for b.Loop() {
		if i%perStream == 0 {
			d = NewDecoder(gateway.Chat, time.Time{})
		}
		d.FeedLine(lines[i%perStream], time.Duration(i))
		d.FeedLine(nil, time.Duration(i))
		i++
	}
	if s := d.Stream(); len(s.Deltas) == 0 {
		b.Fatal("no delta decoded")
	}
}

// BenchmarkReadStreamEvent: the same through ReadFrom (line splitting,
// arrival stamps), per event.
func BenchmarkReadStreamEvent(b *testing.B) {
	var stream bytes.Buffer
	const perStream = 32
	for i := range perStream {
		stream.Write(mockChunk(i))
		stream.WriteString("\n\n")
	}
	stream.WriteString("data: [DONE]\n\n")
	data := stream.Bytes()
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		d := NewDecoder(gateway.Chat, time.Now())
		if _, err := d.ReadFrom(bytes.NewReader(data)); err != nil {
			b.Fatal(err)
		}
		n++
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(n*(perStream+1)), "ns/event")
}
