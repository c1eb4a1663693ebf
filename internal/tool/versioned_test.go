package tool_test

import (
	"testing"

	"github.com/keydoctor/keydoctor/internal/tool"
)

func TestFactsFor(t *testing.T) {
	f := tool.Facts[string]{
		{Seen: []string{"0.15.10"}, Value: "old"},
		{From: "0.20.0", Seen: []string{"0.21.2", "0.24.4"}, Value: "new"},
	}
	for _, c := range []struct {
		version string
		want    string
		verdict tool.Verdict
	}{
		{"", "new", tool.Newest},
		{"not-a-version", "new", tool.Newest},
		{"v0.15.10", "new", tool.Newest}, // toolversion never reports the v
		{"0.1.3", "old", tool.Within},    // older than any observed: the oldest
		{"0.15.10", "old", tool.Within},
		{"0.19.9", "old", tool.Within},
		{"0.20.0-nightly.1", "old", tool.Within}, // a prerelease comes before its release
		{"0.20.0", "new", tool.Within},
		{"0.24.4", "new", tool.Within},
		{"0.24.5", "new", tool.Newer},
		{"1.0.0", "new", tool.Newer},
	} {
		got, verdict := f.For(c.version)
		if got != c.want || verdict != c.verdict {
			t.Errorf("For(%q) = %q, %d; want %q, %d", c.version, got, verdict, c.want, c.verdict)
		}
	}
	if got := f.Newest(); got != "0.24.4" {
		t.Errorf("Newest() = %q", got)
	}
	var none tool.Facts[int]
	if got, verdict := none.For("1.0.0"); got != 0 || verdict != tool.Newest {
		t.Errorf("empty For = %d, %d", got, verdict)
	}
	one := tool.Facts[bool]{{Seen: []string{"2.1.197"}, Value: true}}
	if got, verdict := one.For("2.1.0"); !got || verdict != tool.Within {
		t.Errorf("one span, older version: %v, %d", got, verdict)
	}
}
