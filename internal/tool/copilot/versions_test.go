package copilot_test

import (
	"testing"

	"github.com/keydoctor/keydoctor/internal/tool/copilot"
)

// TestFactsObserved: facts-older compares with the newest version the
// facts were seen with.
func TestFactsObserved(t *testing.T) {
	if got := copilot.Facts.Newest(); got != copilot.Observed || copilot.Tool.Observed != copilot.Observed {
		t.Errorf("Facts' newest %q, Observed %q, the tool's %q", got, copilot.Observed, copilot.Tool.Observed)
	}
}
