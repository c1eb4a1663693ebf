package tool

import (
	"testing"

	"github.com/keydoctor/keydoctor/internal/gateway"
)

func TestTitles(t *testing.T) {
	saved := registry
	defer func() { registry = saved }()
	registry = []Tool{
		{Tool: gateway.Tool{ID: "a", Title: "Agent A"}, Setup: true, Binary: "a"},
		{Tool: gateway.Tool{ID: "b", Title: "Agent B"}, Binary: "b"},
		{Tool: gateway.Tool{ID: "f", Title: ".file"}, Setup: true},
	}
	for _, c := range []struct {
		name string
		keep func(Tool) bool
		want string
	}{
		{"every tool", nil, "Agent A, Agent B and .file"},
		{"setup's", IsSetup, "Agent A and .file"},
		{"agents", IsAgent, "Agent A and Agent B"},
		{"one", func(t Tool) bool { return t.ID == "b" }, "Agent B"},
		{"none", func(Tool) bool { return false }, ""},
	} {
		if got := Titles(c.keep); got != c.want {
			t.Errorf("%s: Titles = %q, want %q", c.name, got, c.want)
		}
	}
}

// HelpFor joins what each tool adds to a command's help, in display
// order, each paragraph after a blank line.
func TestHelpFor(t *testing.T) {
	saved := registry
	defer func() { registry = saved }()
	registry = []Tool{
		{Tool: gateway.Tool{ID: "a"}, Help: map[string]string{"setup": "A writes more.\n"}},
		{Tool: gateway.Tool{ID: "b"}},
		{Tool: gateway.Tool{ID: "c"}, Help: map[string]string{"setup": "C asks first.", "status": "C shows more."}},
	}
	for command, want := range map[string]string{
		"setup":  "\n\nA writes more.\n\nC asks first.",
		"status": "\n\nC shows more.",
		"doctor": "",
	} {
		if got := HelpFor(command); got != want {
			t.Errorf("HelpFor(%q) = %q, want %q", command, got, want)
		}
	}
}
