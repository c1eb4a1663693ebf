package complete

import (
	"slices"
	"testing"

	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/tool"
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

// TestToolOptions: a tool's option with values completes from them; a
// switch and an option of free text complete nothing.
func TestToolOptions(t *testing.T) {
	t.Cleanup(tool.Register(tool.Tool{Tool: gateway.Tool{ID: "fake-opts"}, Options: []tool.Option{
		{Name: "fake-opts-auth", Values: []string{"key", "login"}},
		{Name: "fake-opts-switch", Values: []string{"true"}, Bool: true},
		{Name: "fake-opts-dir"},
	}}))
	got := ToolOptions()
	if !slices.Equal(got["fake-opts-auth"], []string{"key", "login"}) {
		t.Errorf("fake-opts-auth completes %q", got["fake-opts-auth"])
	}
	for _, name := range []string{"fake-opts-switch", "fake-opts-dir"} {
		if v, ok := got[name]; ok {
			t.Errorf("%s completes %q, want nothing", name, v)
		}
	}
}
