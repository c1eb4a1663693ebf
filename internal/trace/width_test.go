package trace

import (
	"strings"
	"testing"
	"time"

	"github.com/keydoctor/keydoctor/internal/human"
	"github.com/keydoctor/keydoctor/internal/relay"
)

// TestTraceLinesFitTheTerminal: a request line wraps at spaces under the
// time stamp, never inside a word; without a width it stays whole.
func TestTraceLinesFitTheTerminal(t *testing.T) {
	r := relay.Record{Time: time.Date(2026, 1, 1, 22, 3, 1, 0, time.UTC), Method: "POST", Path: "/v1/messages?beta=true",
		Model: "claude-sonnet-4-5", Stream: true, Status: 200, TTFTms: 412.34, E2Ems: 1203.9, OutputTokens: 57,
		Auth: "x-api-key", KeyMasked: "sk-t****0123", Client: "claude-cli/2.1.197 (external, cli)"}
	for _, width := range []int{0, 60} {
		var out strings.Builder
		s := newSink(&out, nil, width, false)
		s.add(r)
		s.close()
		lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
		if width == 0 {
			if len(lines) != 1 || lines[0] != relay.Line(r) {
				t.Errorf("no width: %q", out.String())
			}
			continue
		}
		if len(lines) < 2 {
			t.Fatalf("width %d: not wrapped: %q", width, out.String())
		}
		for i, l := range lines {
			if human.Width(l) > width {
				t.Errorf("line %q is wider than %d", l, width)
			}
			if i > 0 && !strings.HasPrefix(l, relay.LineIndent) {
				t.Errorf("continuation %q is not indented under the path", l)
			}
		}
		if strings.Join(strings.Fields(out.String()), " ") != strings.Join(strings.Fields(relay.Line(r)), " ") {
			t.Errorf("wrapping changed the words: %q", out.String())
		}
		if !strings.Contains(out.String(), "ttft 412ms e2e 1.2s") {
			t.Errorf("durations not rounded for people: %q", out.String())
		}
	}
}
