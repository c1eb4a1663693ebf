// Package session is one `keydoctor bench` from its settings to its
// report: it checks the settings, plans the load and its cost, asks
// before a large run, runs it (one level, a sweep, the sides of a
// comparison), judges it (baseline, goals, capacity), prints it and
// writes its files. The command keeps the flags, the terminal decision
// and the exit status; errors come back as *Error, ErrDeclined and
// ErrMissed for it to turn into exit statuses.
package session

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/keydoctor/keydoctor/internal/bench"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/ping"
)

// Options are the settings of one run, as bench's flags give them.
type Options struct {
	Requests, Concurrency, Warmup int
	Rate                          float64
	Duration, Ramp                time.Duration
	MaxTokens, InputTokens        int
	Prompt, PromptFile            string
	Stream                        bool
	// StreamFlag and InputFlag are --stream (true, false or both) and
	// --input-tokens (N or a,b,…) as given; parsed into Stream, BothStreams,
	// InputTokens and InputSizes.
	StreamFlag, InputFlag string
	BothStreams           bool
	InputSizes            []int
	// Models and Against make a comparison run (variants.go).
	Models, Against, AgainstKeyEnv string
	// SLO is --slo: goals, or "articles" for bench.ArticleGoals.
	SLO string
	// History appends the run to the history (HistoryFile, else the one
	// in keydoctor's data directory); --save does too.
	History     bool
	HistoryFile string
	// HTML is --html FILE: the self-contained report page.
	HTML string
	// Plan is --plan RPS[,TOKENS]; the limits are the user's.
	Plan                       string
	LimitConcurrency, LimitTPM int
	Protocol, Tool             string
	Sweep                      string
	SweepMax                   int
	MaxErrors                  string
	JSON, CSV                  bool
	Raw, Save, Compare         string
	MaxRegression              string
	Yes                        bool
	Seed                       uint64
	Timeout                    time.Duration
	SelfTest                   bool
	SelfTestMax                int
	// LeanClient says the gateway is in another process: up to
	// bench.LeanStreams streams the client runs on one P (bench.Plan).
	// A caller that serves the gateway from this process leaves it false.
	LeanClient bool

	Env    *env.Env
	Out    io.Writer
	ErrOut io.Writer
	// Confirm asks the question before a large run on the terminal (the
	// program's prompt library); nil: nothing to ask on, the run goes on.
	Confirm func(ctx context.Context, question string) (bool, error)
	// ErrTerminal says stderr is a terminal: the progress bar goes there
	// only then, even when stdout is redirected to a file.
	ErrTerminal bool
	// Quiet (--quiet) leaves out the plan and the notes on stderr: the
	// report is the answer; questions and errors still show.
	Quiet bool
	// Width is the terminal's columns (0: not a terminal): the report's
	// lines are wrapped at spaces to it.
	Width int
	// NewDoer builds the client of one level: one connection pool sized
	// to its concurrency. Tests may replace it.
	NewDoer func(concurrency int) (bench.Doer, error)
	// Changed says whether a flag was given (for --compare, which takes
	// the saved settings unless told otherwise); nil: none was.
	Changed func(name string) bool
	// Resolve loads the profile the flags name, and the goals of the team
	// file (keydoctor.yaml) when there is one.
	Resolve func() (p gateway.Profile, teamGoals string, err error)
	// FindTool is --tool's path (ping.FindTool with the tool's name
	// parsed); modelFlag says --model was given.
	FindTool func(p gateway.Profile, tool string, modelFlag bool) (ping.Tool, error)
}

func (o *Options) changed(name string) bool { return o.Changed != nil && o.Changed(name) }

// Error is a refusal or a failure with the hint that goes with it:
// Usage marks a mistake in the settings (exit 2), else the run failed
// (exit 1).
type Error struct {
	Msg, Hint string
	Usage     bool
}

func (e *Error) Error() string { return e.Msg }

func usageErrorf(hint, format string, args ...any) error {
	return &Error{Msg: fmt.Sprintf(format, args...), Hint: hint, Usage: true}
}

func failf(hint, format string, args ...any) error {
	return &Error{Msg: fmt.Sprintf(format, args...), Hint: hint}
}

var (
	// ErrDeclined: the user said no at the question before a large run;
	// nothing was sent.
	ErrDeclined = errors.New("declined: nothing was sent")
	// ErrMissed: the self-test missed a target; its report said which.
	ErrMissed = errors.New("the self-test missed a target")
)
