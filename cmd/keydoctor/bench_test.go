package main

import (
	"bytes"
	"context"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/keydoctor/keydoctor/internal/bench"
	"github.com/keydoctor/keydoctor/internal/bench/session"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/probe"
	"github.com/keydoctor/keydoctor/internal/redact"
	"github.com/keydoctor/keydoctor/internal/testutil"
)

const benchTestKey = "sk-test-0123456789abcdef0123"

// countingDoer answers at once with a short stream and counts calls.
type countingDoer struct{ calls *atomic.Int64 }

func (d countingDoer) Do(ctx context.Context, r probe.Request) *probe.Result {
	d.calls.Add(1)
	s := &probe.Stream{Terminated: true, Usage: &probe.Usage{OutputTokens: 3, FromServer: true}}
	for i := 0; i < 3; i++ {
		s.Deltas = append(s.Deltas, probe.Delta{At: time.Duration(10+i) * time.Millisecond})
	}
	return &probe.Result{StatusCode: 200, Stream: s, Usage: *s.Usage,
		Timings: probe.Timings{Start: time.Now(), FirstDelta: 10 * time.Millisecond, LastDelta: 12 * time.Millisecond, End: 13 * time.Millisecond}}
}

func benchTestOptions(t *testing.T, stdin string, terminal bool) (*benchOptions, *bytes.Buffer, *bytes.Buffer, *atomic.Int64) {
	e := env.FromMap(map[string]string{"HOME": testutil.TempDir(t), "TAOTOKEN_BASE_URL": "http://127.0.0.1:1/api",
		"TAOTOKEN_API_KEY": benchTestKey, "TAOTOKEN_MODEL": "gpt-4o"})
	e.IsTerminal, e.Stdin = terminal, strings.NewReader(stdin)
	var out, errOut bytes.Buffer
	calls := &atomic.Int64{}
	o := &benchOptions{Options: session.Options{Env: e, Out: &out, ErrOut: &errOut, Requests: 300, Concurrency: 4, Warmup: 0, MaxTokens: 128,
		Stream: true, MaxErrors: "50%", MaxRegression: "20%", Seed: 1, Timeout: time.Minute, ErrTerminal: terminal,
		NewDoer: func(int) (bench.Doer, error) { return countingDoer{calls}, nil },
		Changed: func(string) bool { return false }}}
	return o, &out, &errOut, calls
}

func TestBenchAsksBeforeALargeRun(t *testing.T) {
	o, _, errOut, calls := benchTestOptions(t, "n\n", true)
	err := runBench(context.Background(), o)
	if err != errDeclined || calls.Load() != 0 {
		t.Fatalf("err %v, %d calls", err, calls.Load())
	}
	if !strings.Contains(errOut.String(), "planned 300 requests") || !strings.Contains(errOut.String(), "This may cost real tokens. Continue? [y/N]") ||
		!strings.Contains(errOut.String(), "not started: nothing was sent") {
		t.Errorf("stderr %q", errOut.String())
	}

	o, out, errOut, calls := benchTestOptions(t, "y\n", true)
	if err := runBench(context.Background(), o); err != nil {
		t.Fatal(err)
	}
	if calls.Load() != 300 || !strings.Contains(out.String(), "300 ok, 0 failed") {
		t.Fatalf("%d calls; stdout %q", calls.Load(), out.String())
	}
	// the progress bar, on a terminal only
	if !strings.Contains(errOut.String(), redact.ClearLine()+"[") || !strings.Contains(errOut.String(), "] 300/300") { // the writer makes it \r ESC[K
		t.Errorf("no progress bar on the terminal: %q", errOut.String())
	}
	if strings.Contains(out.String()+errOut.String(), benchTestKey) {
		t.Fatal("key leaked")
	}
}

func TestBenchNoQuestionWithoutTerminalOrWithYes(t *testing.T) {
	for _, tc := range []struct {
		name     string
		terminal bool
		yes      bool
	}{{"no terminal", false, false}, {"--yes", true, true}} {
		o, _, errOut, calls := benchTestOptions(t, "", tc.terminal)
		o.Yes = tc.yes
		if err := runBench(context.Background(), o); err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if calls.Load() != 300 || strings.Contains(errOut.String(), "continue?") {
			t.Errorf("%s: %d calls, stderr %q", tc.name, calls.Load(), errOut.String())
		}
		if !tc.terminal && strings.Contains(errOut.String(), "\r") {
			t.Errorf("%s: a progress bar off a terminal", tc.name)
		}
	}
}

// TestBenchErrorExitStatus: the session's errors keep the exit statuses
// bench documents: 0 declined, 1 a failure or a missed self-test target,
// 2 a usage mistake, each with its hint.
func TestBenchErrorExitStatus(t *testing.T) {
	for _, tc := range []struct {
		err  error
		code int
		out  string
	}{
		{session.ErrDeclined, exitOK, ""},
		{session.ErrMissed, exitFindings, ""},
		{&session.Error{Msg: "-c must be at least 1", Usage: true}, exitUsage, "keydoctor: error: -c must be at least 1\n"},
		{&session.Error{Msg: "no request succeeded", Hint: "run 'keydoctor doctor'"}, exitFindings,
			"keydoctor: error: no request succeeded\nkeydoctor: hint: run 'keydoctor doctor'\n"},
	} {
		var b bytes.Buffer
		if code := reportError(&b, benchError(tc.err)); code != tc.code || b.String() != tc.out {
			t.Errorf("%v: exit %d, %q; want %d, %q", tc.err, code, b.String(), tc.code, tc.out)
		}
	}
}

// procsDoer is countingDoer that notes how many Ps each call ran with.
type procsDoer struct {
	countingDoer
	single, many *atomic.Int64
}

func (d procsDoer) Do(ctx context.Context, r probe.Request) *probe.Result {
	if runtime.GOMAXPROCS(0) == 1 {
		d.single.Add(1)
	} else {
		d.many.Add(1)
	}
	return d.countingDoer.Do(ctx, r)
}

// TestBenchIsALeanClient: `keydoctor bench` never serves the gateway
// itself, so its levels of up to bench.LeanStreams streams run on one P.
func TestBenchIsALeanClient(t *testing.T) {
	if runtime.GOMAXPROCS(0) < 2 {
		t.Skip("needs GOMAXPROCS ≥ 2 to tell one P from several")
	}
	o, _, _, calls := benchTestOptions(t, "", false)
	var single, many atomic.Int64
	o.Requests, o.Yes = 20, true
	o.NewDoer = func(int) (bench.Doer, error) { return procsDoer{countingDoer{calls}, &single, &many}, nil }
	if err := runBench(context.Background(), o); err != nil {
		t.Fatal(err)
	}
	if single.Load() != 20 || many.Load() != 0 {
		t.Errorf("%d requests ran on one P and %d on several, want all 20 on one", single.Load(), many.Load())
	}
}
