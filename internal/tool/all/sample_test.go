package all_test

import (
	"slices"
	"testing"

	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/keydoctor/keydoctor/internal/tool/all"
	"github.com/keydoctor/keydoctor/internal/tool/sample"
)

// A tool that is one package, registered here and nowhere else, gets the
// whole suite on every OS's paths: setup writes it, discovery reads it
// back through its own reader, doctor judges its /v1, verify builds its
// turn.
func TestConformanceSampleTool(t *testing.T) {
	if slices.ContainsFunc(all.Tools, func(x tool.Tool) bool { return x.ID == sample.ID }) {
		t.Fatal("the sample tool is in the list users get")
	}
	remove := tool.Register(sample.Tool)
	defer remove()
	if ids, err := tool.ParseSetup("sample,claude"); err != nil || len(ids) != 2 {
		t.Fatalf("setup does not take the sample tool: %v %v", ids, err)
	}
	conform(t, sample.Tool)
}
