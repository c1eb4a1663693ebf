package trace

import (
	"io"
	"testing"
	"time"

	"github.com/keydoctor/keydoctor/internal/redact"
	"github.com/keydoctor/keydoctor/internal/relay"
)

const benchKey = "sk-test-0123456789abcdef0123"

func benchSink(b *testing.B) (*sink, relay.Record) {
	secrets := redact.NewSecrets()
	secrets.Add(benchKey)
	s := newSink(redact.NewWriter(io.Discard, secrets, redact.Options{}), nil, 100, false)
	b.Cleanup(func() { s.close() })
	return s, relay.Record{
		Time: time.Now(), Client: "keydoctor/1.0 bench", Method: "POST", Path: "/api/v1/chat/completions",
		Model: "gpt-4o", ServedModel: "gpt-4o", Stream: true, Status: 200, TTFTms: 80.4, E2Ems: 402.1,
		OutputTokens: 32, Auth: "bearer", KeyMasked: redact.Shown(benchKey),
	}
}

// BenchmarkSinkAdd is what the relay's forwarding goroutine pays per
// request at its end: queueing the record (the sink's writer drains the
// queue meanwhile).
func BenchmarkSinkAdd(b *testing.B) {
	s, rec := benchSink(b)
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		s.add(rec)
		if n++; n%1024 == 0 { // the summary's copy would grow without end
			s.mu.Lock()
			s.recs = s.recs[:0]
			s.mu.Unlock()
		}
	}
}

// BenchmarkSinkLine is what the sink's writer pays per record: its line
// through the run's redacting writer.
func BenchmarkSinkLine(b *testing.B) {
	s, rec := benchSink(b)
	b.ReportAllocs()
	for b.Loop() {
		s.print(rec)
	}
}
