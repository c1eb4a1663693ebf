package truth_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/keydoctor/keydoctor/internal/redact"
	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/keydoctor/keydoctor/internal/truth"
)

// TestRealTools checks every tool's facts against the real CLIs installed
// in the directory KEYDOCTOR_REAL_TOOLS names (scripts/truth.sh installs
// the current versions from npm there and runs this). KEYDOCTOR_TRUTH_TOOLS
// narrows it to some tool ids; KEYDOCTOR_TRUTH_REPORT names a file for the
// report (a Markdown table). A fact that no longer holds fails the test:
// keydoctor's rule for that tool must change for that version.
func TestRealTools(t *testing.T) {
	dir := os.Getenv("KEYDOCTOR_REAL_TOOLS")
	if dir == "" {
		t.Skip("KEYDOCTOR_REAL_TOOLS names no directory of real CLIs (scripts/truth.sh)")
	}
	var only []string
	if s := os.Getenv("KEYDOCTOR_TRUTH_TOOLS"); s != "" {
		only = strings.Split(s, ",")
	}
	var results []truth.Result
	for _, d := range tool.All() {
		teller, ok := d.Impl.(truth.Teller)
		if !ok || (only != nil && !slices.Contains(only, string(d.ID))) {
			continue
		}
		bin := filepath.Join(dir, d.Binary)
		if runtime.GOOS == "windows" {
			bin += ".cmd"
		}
		if _, err := os.Stat(bin); err != nil {
			t.Logf("%s: not installed in %s", d.Title, dir)
			continue
		}
		s := teller.Truths()
		for _, c := range s.Cases {
			t.Run(string(d.ID)+"/"+c.Fact, func(t *testing.T) {
				r := truth.Check(context.Background(), d, bin, s, c, truth.Options{})
				results = append(results, r)
				switch {
				case r.Err != "":
					t.Errorf("%s %s: cannot check %q: %s", d.Title, r.Version, c.Fact, r.Err)
				case !r.Held():
					t.Errorf("%s %s (fact seen with %s) no longer: %s\n  %s\n  tool output: %s", d.Title, r.Version, c.Seen, c.Fact, strings.Join(r.Differences, "; "), redact.Untrusted(r.Output)) // a test log is no Writer
				}
			})
		}
	}
	report := truth.Report(results)
	t.Log("\n" + report)
	if path := os.Getenv("KEYDOCTOR_TRUTH_REPORT"); path != "" {
		if err := os.WriteFile(path, []byte(report), 0o644); err != nil {
			t.Error(err)
		}
	}
	if len(results) == 0 {
		t.Fatal(fmt.Sprintf("no tool with facts is installed in %s", dir))
	}
}
