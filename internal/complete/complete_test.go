package complete

import (
	"slices"
	"testing"
)

func TestList(t *testing.T) {
	values := []string{"claude", "codex", "cline", "env"}
	for _, c := range []struct {
		typed string
		want  []string
	}{
		{"", values},
		{"c", []string{"claude", "codex", "cline"}},
		{"claude,co", []string{"claude,codex"}},
		{"claude,", []string{"claude,codex", "claude,cline", "claude,env"}},
		{"claude, codex,", []string{"claude, codex,cline", "claude, codex,env"}},
		{"x", nil},
	} {
		if got := List(values, c.typed); !slices.Equal(got, c.want) {
			t.Errorf("List(%q) = %q, want %q", c.typed, got, c.want)
		}
	}
}

func TestMatchingKeepsDescriptions(t *testing.T) {
	got := Matching([]string{"work\thttps://gw/api", "home\thttps://x", "wordy"}, "wor")
	if !slices.Equal(got, []string{"work\thttps://gw/api", "wordy"}) {
		t.Errorf("Matching = %q", got)
	}
}
