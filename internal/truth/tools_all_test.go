package truth_test

import (
	"github.com/keydoctor/keydoctor/internal/tool"
	_ "github.com/keydoctor/keydoctor/internal/tool/all" // every tool, as the program has them
	"github.com/keydoctor/keydoctor/internal/tool/sample"
)

// registerSample adds the sample tool, which no user has, for the
// harness's own tests.
func registerSample() (unregister func()) { return tool.Register(sample.Tool) }
