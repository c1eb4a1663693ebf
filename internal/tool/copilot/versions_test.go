package copilot_test

import (
	"testing"

	"github.com/keydoctor/keydoctor/internal/tool/copilot"
	"github.com/keydoctor/keydoctor/internal/tool/tooltest"
)

// TestFactsObserved: facts-older compares with the newest version the
// facts were seen with.
func TestFactsObserved(t *testing.T) {
	tooltest.FactsObserved(t, copilot.Facts, copilot.Observed, copilot.Tool)
}
