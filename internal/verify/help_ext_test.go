package verify_test

import (
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/internal/verify"
)

// TestCommandsListEveryTool: help's table is generated from the tools'
// headless descriptions, so every tool verify runs is in it, started by
// its binary, with no placeholder left unexplained.
func TestCommandsListEveryTool(t *testing.T) {
	help := verify.Commands()
	if len(verify.Tools()) < 2 {
		t.Fatalf("verify runs %d tools: the registry is not linked", len(verify.Tools()))
	}
	for _, tl := range verify.Tools() {
		found := false
		for _, l := range strings.Split(help, "\n") {
			f := strings.Fields(l)
			found = found || (len(f) > 1 && f[0] == string(tl.ID) && strings.Contains(l, " "+tl.Binary+" "))
		}
		if !found {
			t.Errorf("no line for %s (%s) in\n%s", tl.ID, tl.Binary, help)
		}
	}
	if strings.ContainsAny(help, "{}") {
		t.Errorf("a placeholder is shown raw:\n%s", help)
	}
	for _, word := range []string{"RELAY", "PROMPT", "DIR", "FILE", "OVERRIDE", "COPY", "CONTENT"} {
		if strings.Count(help, word) < 2 {
			t.Errorf("%s is used or explained nowhere:\n%s", word, help)
		}
	}
	for _, l := range strings.Split(help, "\n") {
		if len([]rune(l)) > 78 {
			t.Errorf("line wider than 78: %q", l)
		}
	}
}
