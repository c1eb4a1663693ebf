package truth_test

import (
	"runtime"
	"testing"

	"github.com/keydoctor/keydoctor/internal/testutil"
	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/keydoctor/keydoctor/internal/truth"
)

// TestCasesPredict: keydoctor's reader predicts a request for every
// tool's truth case, without a real CLI (a typo in a case's files would
// otherwise show only in a real run), except where the case's facts say
// the tool sends none; an expectation names only files the case writes
// or a path under the home or project.
func TestCasesPredict(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the cases name the files where Linux and macOS keep them (~/.qwen, ~/.cline), as the real runs here do")
	}
	for _, d := range tool.All() {
		teller, ok := d.Impl.(truth.Teller)
		if !ok {
			continue
		}
		s := teller.Truths()
		for _, c := range s.Cases {
			t.Run(string(d.ID)+"/"+c.Fact, func(t *testing.T) {
				for _, v := range []string{"", d.Observed} {
					var exp truth.Expect
					if c.Expect != nil {
						exp = c.Expect(v)
					}
					if exp.NoRequest {
						continue
					}
					p, err := truth.PredictCase(t, d, s, c, testutil.TempDir(t), "http://127.0.0.1:9/api")
					if err != nil {
						t.Fatalf("version %q: %v", v, err)
					}
					if p.Path == "" || p.Auth == "" {
						t.Errorf("version %q: predicted %+v", v, p)
					}
				}
			})
		}
	}
}
