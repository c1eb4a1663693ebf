package main

import (
	"io"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/redact"
	"github.com/spf13/cobra"
)

// redactOutput gives the run its one output path: stdout and stderr
// wrapped once, here, in a redact.Writer pair that masks every secret the
// run sees (e.Secrets: the environment's keys now, whatever profile, key
// file or tool file is read later) and escapes control bytes, whatever
// the command prints and however it builds it. The returned Env is a copy
// (a test may run several commands on one Env); flush writes what is left
// at the end of the run.
func redactOutput(e *env.Env) (run *env.Env, flush func()) {
	c := *e
	if c.Secrets == nil {
		c.Secrets = redact.NewSecrets()
	}
	if c.Environ != nil {
		c.Secrets.AddEnviron(c.Environ())
	}
	if c.Stdout == nil || c.Stderr == nil {
		return &c, func() {}
	}
	out, errs := redact.Pair(c.Stdout, c.Stderr, c.Secrets, redact.Options{}, redact.Options{})
	c.Stdout, c.Stderr = out, errs
	return &c, func() { out.Flush(); errs.Flush() }
}

// allowControls lets the run's own colours (and, on a terminal's stderr,
// the progress line's redraws) through the writers, once the flags say
// whether it colours.
func allowControls(c *cobra.Command, u ui, stderrColour bool) {
	if w, ok := c.OutOrStdout().(*redact.Writer); ok {
		w.SetOptions(redact.Options{Colour: u.Color})
	}
	if w, ok := c.ErrOrStderr().(*redact.Writer); ok {
		w.SetOptions(redact.Options{Colour: stderrColour, Redraw: u.Progress != nil})
	}
}

// terminal is what the setup wizard draws on: the writer under the
// redacting one, once what waits in it is written. huh moves the cursor
// and redraws the screen itself, so it is the one place text reaches the
// terminal past the writer: its option labels (a gateway's model ids) go
// through redact.Untrusted (options, setup_wizard.go).
func terminal(w io.Writer) io.Writer {
	redact.Flush(w)
	return redact.Unwrap(w)
}
