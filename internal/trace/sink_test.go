package trace

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/keydoctor/keydoctor/internal/redact"
	"github.com/keydoctor/keydoctor/internal/relay"
)

// writes keeps each Write it is given apart.
type writes struct{ calls []string }

func (w *writes) Write(p []byte) (int, error) {
	w.calls = append(w.calls, string(p))
	return len(p), nil
}

// TestSinkWritesABatchOnce: records queued together reach the terminal in
// one write and the log in another, in their order, each line whole; with
// --quiet only the failed and MISMATCH ones are printed, and every one is
// logged. The key is in neither.
func TestSinkWritesABatchOnce(t *testing.T) {
	const key = "sk-test-0123456789abcdef0123"
	at := time.Date(2026, 1, 1, 22, 3, 1, 0, time.UTC)
	rec := func(path string, failed, mismatch bool) relay.Record {
		return relay.Record{Time: at, Method: "POST", Path: path, Model: "gpt-4o", Stream: true, Status: 200,
			TTFTms: 80.4, E2Ems: 402.1, OutputTokens: 32, Auth: "bearer", KeyMasked: redact.Shown(key),
			Client: "keydoctor/1.0", Failed: failed, Mismatch: mismatch}
	}
	batch := []relay.Record{rec("/v1/a", false, false), rec("/v1/b", true, false), rec("/v1/c", false, true), rec("/v1/d", false, false)}
	for _, tc := range []struct {
		quiet   bool
		printed []int // of batch
	}{
		{false, []int{0, 1, 2, 3}},
		{true, []int{1, 2}},
	} {
		var out, log writes
		s := newSink(&out, &log, 0, tc.quiet)
		s.close() // the writer has stopped: print runs here alone
		s.print(batch...)

		if len(out.calls) != 1 || len(log.calls) != 1 {
			t.Fatalf("quiet=%v: %d writes to the terminal and %d to the log, want one each", tc.quiet, len(out.calls), len(log.calls))
		}
		lines := strings.Split(strings.TrimSuffix(out.calls[0], "\n"), "\n")
		if len(lines) != len(tc.printed) {
			t.Fatalf("quiet=%v: printed %q, want the lines of records %v", tc.quiet, out.calls[0], tc.printed)
		}
		for i, l := range lines {
			if want := relay.Line(batch[tc.printed[i]]); l != want {
				t.Errorf("quiet=%v: line %d is %q, want %q", tc.quiet, i, l, want)
			}
		}
		dec := json.NewDecoder(bytes.NewReader([]byte(log.calls[0])))
		for i, want := range batch {
			var got relay.Record
			if err := dec.Decode(&got); err != nil {
				t.Fatalf("quiet=%v: log entry %d: %v in %q", tc.quiet, i, err, log.calls[0])
			}
			if got.Path != want.Path {
				t.Errorf("quiet=%v: log entry %d is %s, want %s", tc.quiet, i, got.Path, want.Path)
			}
		}
		if dec.More() {
			t.Errorf("quiet=%v: more log entries than records: %q", tc.quiet, log.calls[0])
		}
		if strings.Contains(out.calls[0]+log.calls[0], key) {
			t.Fatalf("quiet=%v: the key was written", tc.quiet)
		}
	}
}

// TestSinkKeepsTheOrderAcrossBatches: however the writer's wake-ups split
// what is queued, every record is written once, in the order queued.
func TestSinkKeepsTheOrderAcrossBatches(t *testing.T) {
	var out strings.Builder
	s := newSink(&out, nil, 0, false)
	const n = 500
	for i := range n {
		s.add(relay.Record{Method: "POST", Path: "/v1/" + strings.Repeat("x", i%7) + string(rune('a'+i%26)), Status: 200})
	}
	if recs := s.close(); len(recs) != n {
		t.Fatalf("summary holds %d records, want %d", len(recs), n)
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(lines) != n {
		t.Fatalf("%d lines written, want %d", len(lines), n)
	}
	for i, l := range lines {
		if want := "/v1/" + strings.Repeat("x", i%7) + string(rune('a'+i%26)) + " "; !strings.Contains(l, want) {
			t.Fatalf("line %d is %q, want the path %q", i, l, want)
		}
	}
}
