package gemini_test

import (
	"testing"

	"github.com/keydoctor/keydoctor/internal/tool/gemini"
)

// TestFactsObserved: facts-older compares with the newest version the
// facts were seen with.
func TestFactsObserved(t *testing.T) {
	if got := gemini.Facts.Newest(); got != gemini.Observed || gemini.Tool.Observed != gemini.Observed {
		t.Errorf("Facts' newest %q, Observed %q, the tool's %q", got, gemini.Observed, gemini.Tool.Observed)
	}
}
