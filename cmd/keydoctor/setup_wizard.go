package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/charmbracelet/huh"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/redact"
	"github.com/keydoctor/keydoctor/internal/setup"
	"github.com/keydoctor/keydoctor/writers"
)

// wizard is setup's questions (setup.Wizard, asked with huh), then a
// tool's background model when the gateway does not serve the one it
// would use.
type wizard struct {
	*setup.Wizard
	o *setupOptions
}

func newWizard(o *setupOptions, p gateway.Profile, tools, detected []gateway.ToolID) *wizard {
	return &wizard{o: o, Wizard: &setup.Wizard{Ask: huhAsker{o}, Env: o.Env, Out: o.Out, Err: o.Err, ListModels: o.ListModels,
		Profile: p, Tools: tools, Detected: detected, Project: o.Project, Width: o.UI.Width}}
}

// errInterrupted ends the wizard on Ctrl-C (or the end of its input):
// nothing has been written, and the run did not complete (exit status 1).
var errInterrupted = failf("", "setup interrupted: nothing was written")

// errAborted is Ctrl-C pressed in the wizard (the terminal in raw mode
// turns it into a key, not a signal): exit status 130, as for SIGINT.
var errAborted = &cliError{msg: "setup interrupted: nothing was written", code: exitInterrupted}

// input is the wizard's reader. huh's accessible prompts each wrap the
// reader in a new bufio.Scanner, which would swallow the lines meant for
// the next prompt; lineReader hands out one line per Read.
// A terminal already hands out one line per read (and must stay
// unwrapped: huh reads a password from its file descriptor, without echo).
func (o *setupOptions) input() io.Reader {
	if !o.Accessible {
		return o.In
	}
	if _, isFile := o.In.(interface{ Fd() uintptr }); isFile && o.Env.IsTerminal {
		return o.In
	}
	if _, ok := o.In.(*lineReader); !ok {
		o.In = &lineReader{r: bufio.NewReader(o.In)}
	}
	return o.In
}

type lineReader struct {
	r    *bufio.Reader
	rest []byte
	eof  bool // the input ended: huh's accessible prompts cannot say so
}

func (l *lineReader) Read(p []byte) (int, error) {
	if len(l.rest) == 0 {
		line, err := l.r.ReadBytes('\n')
		if len(line) == 0 {
			l.eof = l.eof || err == io.EOF
			return 0, err
		}
		l.rest = line
	}
	n := copy(p, l.rest)
	l.rest = l.rest[n:]
	return n, nil
}

// form runs one step. Each form holds one field: the help line then shows
// only what works there (no "shift+tab back" to a step that is gone).
// Ctrl-C, a signal, or input that ends mid-question is errInterrupted.
func (o *setupOptions) form(ctx context.Context, fields ...huh.Field) error {
	f := huh.NewForm(huh.NewGroup(fields...)).
		WithAccessible(o.Accessible).WithInput(o.input()).WithOutput(terminal(o.Out)).WithShowHelp(!o.Accessible)
	done := make(chan error, 1)
	// Accessible prompts block on a line of input and ignore ctx: wait for
	// either, so that a signal still ends the run at once.
	go func() { done <- f.RunWithContext(ctx) }()
	var err error
	select {
	case err = <-done:
	case <-ctx.Done():
		return errInterrupted
	}
	if lr, ok := o.In.(*lineReader); ok && lr.eof {
		return errInterrupted
	}
	switch {
	case err == nil:
		return nil
	case errors.Is(err, huh.ErrUserAborted):
		return errAborted
	case ctx.Err() != nil:
		return errInterrupted
	}
	return err
}

// confirm asks a yes/no question, no being the answer on Enter.
func (o *setupOptions) confirm(ctx context.Context, title, yes, no string) (bool, error) {
	ok := false
	err := o.form(ctx, huh.NewConfirm().Title(title).Affirmative(yes).Negative(no).Value(&ok))
	return ok, err
}

func (w *wizard) run(ctx context.Context) error {
	err := w.Wizard.Run(ctx)
	if err == nil {
		err = w.AskBackground(ctx)
	}
	if errors.Is(err, setup.ErrInterrupted) {
		return errInterrupted
	}
	return err
}

// huhAsker asks the wizard's questions with huh, one form each.
type huhAsker struct{ o *setupOptions }

func options(opts []setup.Option) []huh.Option[string] {
	hs := make([]huh.Option[string], 0, len(opts))
	for _, op := range opts {
		hs = append(hs, huh.NewOption(redact.Untrusted(op.Label), op.Value).Selected(op.Selected)) // huh draws past the run's writer: a model id is the gateway's
	}
	return hs
}

// Select: not .Filtering(true): a select that starts filtering shows the
// filter ("/") in place of its title.
func (a huhAsker) Select(ctx context.Context, title string, opts []setup.Option, v *string) error {
	return a.o.form(ctx, huh.NewSelect[string]().Title(title).Options(options(opts)...).Value(v))
}

// MultiSelect has no Validate: huh runs it before the first key press,
// so its error would greet the user.
func (a huhAsker) MultiSelect(ctx context.Context, title string, opts []setup.Option, v *[]string) error {
	return a.o.form(ctx, huh.NewMultiSelect[string]().Title(title).Options(options(opts)...).Value(v))
}

func (a huhAsker) Input(ctx context.Context, q setup.Input, v *string) error {
	in := huh.NewInput().Title(q.Title).Value(v)
	if q.Placeholder != "" {
		in.Placeholder(q.Placeholder)
	}
	if q.Validate != nil {
		in.Validate(q.Validate)
	}
	if q.Password {
		in.EchoMode(huh.EchoModePassword)
		if _, hasFd := a.o.input().(interface{ Fd() uintptr }); a.o.Accessible && !hasFd {
			// Accessible mode reads a password only from a terminal; without
			// one nothing echoes what is typed anyway.
			in.EchoMode(huh.EchoModeNormal)
		}
	}
	return a.o.form(ctx, in)
}

func (a huhAsker) Confirm(ctx context.Context, title, yes, no string, v *bool) error {
	c := huh.NewConfirm().Title(title).Value(v)
	if yes != "" {
		c.Affirmative(yes).Negative(no)
	}
	return a.o.form(ctx, c)
}

// confirmPlan shows the diff (keys masked) and asks before writing.
func confirmPlan(ctx context.Context, o *setupOptions, plan *writers.Plan) (bool, error) {
	if len(plan.Pending()) == 0 {
		return true, nil
	}
	if err := plan.Diff(o.Out, o.Env.Tilde); err != nil {
		return false, err
	}
	ok := true
	if err := o.form(ctx, huh.NewConfirm().Title("Write these changes?").Value(&ok)); err != nil {
		return false, err
	}
	if !ok {
		fmt.Fprintln(o.Out, "nothing was written")
	}
	return ok, nil
}
