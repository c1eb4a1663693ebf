package main

import (
	"context"
	"io"
	"os"
	"strconv"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/redact"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"golang.org/x/term"
)

// ui is how this run prints, from the global flags (--color, --quiet) and
// the terminal. Root puts it in every command's context; a command run
// from the demo gets the zero ui: no colour, no wrapping, no progress.
type ui struct {
	Color bool
	// Quiet: only problems and errors; nothing when all is well.
	Quiet bool
	// Width is the columns to fit: $COLUMNS, else the terminal's; 0 when
	// stdout is no terminal (a pipe or a file gets whole lines).
	Width int
	// Progress is where progress shows while the run waits (stderr on a
	// terminal, not --quiet); nil: nowhere.
	Progress io.Writer
}

// report is where a command's account of what it did goes: nowhere with
// --quiet (errors still reach stderr, the exit status says the rest).
func (u ui) report(w io.Writer) io.Writer {
	if u.Quiet {
		return io.Discard
	}
	return w
}

type uiKey struct{}

func uiFrom(ctx context.Context) ui {
	u, _ := ctx.Value(uiKey{}).(ui)
	return u
}

// globalFlags are the flags of every command (root's persistent flags).
type globalFlags struct {
	color string
	quiet bool
}

func (g *globalFlags) add(fs *pflag.FlagSet) {
	fs.StringVar(&g.color, "color", "auto", "colour the output: auto (on a terminal, unless NO_COLOR is set), always or never")
	fs.BoolVarP(&g.quiet, "quiet", "q", false, "print only problems and errors: no progress, nothing when all is well")
}

// setUI builds the run's ui and puts it into the command's context.
func (g *globalFlags) setUI(c *cobra.Command, e *env.Env) error {
	color, err := useColor(e, g.color)
	if err != nil {
		return err
	}
	u := ui{Color: color, Quiet: g.quiet, Width: columns(e, c.OutOrStdout())}
	if !g.quiet && isTerminal(c.ErrOrStderr()) && e.Getenv("TERM") != "dumb" {
		u.Progress = c.ErrOrStderr()
	}
	allowControls(c, u, stderrColor(e, g.color))
	c.SetContext(context.WithValue(c.Context(), uiKey{}, u))
	return nil
}

// columns is $COLUMNS when set, else the width of the terminal stdout is,
// else 0.
func columns(e *env.Env, stdout io.Writer) int {
	if n, err := strconv.Atoi(e.Getenv("COLUMNS")); err == nil && n > 0 {
		return n
	}
	if f, ok := redact.Unwrap(stdout).(*os.File); ok {
		if w, _, err := term.GetSize(int(f.Fd())); err == nil && w > 0 {
			return w
		}
	}
	return 0
}

func isTerminal(w io.Writer) bool {
	f, ok := redact.Unwrap(w).(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}
