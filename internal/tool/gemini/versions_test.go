package gemini_test

import (
	"testing"

	"github.com/keydoctor/keydoctor/internal/tool/gemini"
	"github.com/keydoctor/keydoctor/internal/tool/tooltest"
)

// TestFactsObserved: facts-older compares with the newest version the
// facts were seen with.
func TestFactsObserved(t *testing.T) {
	tooltest.FactsObserved(t, gemini.Facts, gemini.Observed, gemini.Tool)
}
