package droid_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/keydoctor/keydoctor/internal/redact"
	"github.com/keydoctor/keydoctor/internal/testutil"
	"github.com/keydoctor/keydoctor/internal/tool/droid"
)

const testKey = "sk-test-0123456789abcdef0123"

// The log of a 401 (records as Droid 0.225.2 wrote them, contexts
// shortened): the last run's failure records, each detail once, the key
// a gateway echoed masked, a terminal escape it smuggled in escaped, and
// the earlier run's failure left out.
func TestFailureLines(t *testing.T) {
	lines, err := droid.FailureLines(filepath.Join("testdata", "log-401.log"), time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	all := shown(strings.Join(lines, "\n"))
	if strings.Contains(all, testKey) || strings.Contains(all, "\x1b") || strings.Contains(all, "\a") {
		t.Errorf("a key or a control byte got through:\n%q", all)
	}
	for _, want := range []string{
		"01:53:51.188 WARN [LLM] Failed to parse Anthropic stream error as JSON: SyntaxError: JSON Parse error",
		"01:53:51.195 WARN [LLM] Chat route failure: 401",
		"Incorrect API key provided: sk-t****0123",
		`\x1b]52`,
		"01:53:51.659 ERROR Error running droid command: MetaError: Exec failed",
	} {
		if !strings.Contains(all, want) {
			t.Errorf("lacks %q:\n%s", want, all)
		}
	}
	if len(lines) != 4 || strings.Contains(all, "OLDRUN") || strings.Contains(all, "Model blocked") {
		t.Errorf("want the 4 failure records of the last run, got:\n%s", all)
	}
	if got, _ := droid.FailureLines(filepath.Join("testdata", "log-401.log"), time.Date(2026, 12, 2, 2, 0, 0, 0, time.UTC)); len(got) != 0 {
		t.Errorf("records before since count: %q", got)
	}
}

// A last run that succeeded (its warnings carry no error) is no failure,
// whatever runs before it did; no log is none either.
func TestFailureLinesNone(t *testing.T) {
	for _, path := range []string{filepath.Join("testdata", "log-ok.log"), filepath.Join(testutil.TempDir(t), "absent.log")} {
		lines, err := droid.FailureLines(path, time.Time{})
		if err != nil || len(lines) != 0 {
			t.Errorf("%s: %q, %v", path, lines, err)
		}
	}
}

// Only the log's last LogTailMax bytes are read: a record beyond them
// is not seen, and the partial line the cut leaves is dropped.
func TestReadLogTailBounded(t *testing.T) {
	dir := testutil.TempDir(t)
	path := filepath.Join(dir, "droid-log-single.log")
	head := "[2026-12-02T01:00:00.000Z] ERROR: Error running droid command\n"
	pad := strings.Repeat("[2026-12-02T01:00:01.000Z] INFO: padding | Context: {}\n", droid.LogTailMax/50)
	if err := os.WriteFile(path, []byte(head+pad), 0o600); err != nil {
		t.Fatal(err)
	}
	b, err := droid.ReadLogTail(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(b) > droid.LogTailMax || strings.Contains(string(b), "ERROR") || !strings.HasPrefix(string(b), "[2026") {
		t.Errorf("read %d bytes, starting %q", len(b), string(b[:40]))
	}
}

// shown is text as the run's writer puts it on a terminal: the writer,
// not Lines, escapes what the log holds.
func shown(text string) string {
	var b strings.Builder
	w := redact.NewWriter(&b, nil, redact.Options{Colour: true, Redraw: true})
	w.Write([]byte(text))
	w.Flush()
	return b.String()
}

// FuzzParseLog: any bytes parse into records without a panic, and no line
// shown holds a control byte (but the line ends and tabs the writer keeps).
func FuzzParseLog(f *testing.F) {
	for _, name := range []string{"log-401.log", "log-ok.log"} {
		b, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		for _, l := range droid.Lines(droid.LastFailure(droid.ParseLog(b), time.Time{})) {
			for _, r := range shown(l) {
				if r < 0x20 && r != '\n' && r != '\t' || r == 0x7f {
					t.Fatalf("control byte in %q", l)
				}
			}
		}
	})
}
