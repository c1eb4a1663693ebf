package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/spf13/cobra"
)

// Exit statuses, documented in every command's help.
const (
	exitOK       = 0
	exitFindings = 1 // an error finding, a failed request; warnings too with --strict
	exitUsage    = 2 // bad usage, or a file keydoctor refuses to edit
)

const exitStatusHelp = `
EXIT STATUS
  0  success: no error finding
  1  at least one error finding or failed request (or a warning with --strict)
  2  bad usage, or a file that setup or restore refuses to edit
`

// exitError carries an exit status without a message of its own (the
// report already said everything).
type exitError struct{ code int }

func (e *exitError) Error() string { return fmt.Sprintf("exit status %d", e.code) }

// isExit reports whether err is an exitError with this code.
func isExit(err error, code int) bool {
	var ee *exitError
	return errors.As(err, &ee) && ee.code == code
}

// errorf and usageErrorf build the errors run functions return; the hint is
// printed on its own line.
type cliError struct {
	msg, hint string
	code      int
}

func (e *cliError) Error() string { return e.msg }

func usageErrorf(hint, format string, args ...any) error {
	return &cliError{msg: fmt.Sprintf(format, args...), hint: hint, code: exitUsage}
}

func failf(hint, format string, args ...any) error {
	return &cliError{msg: fmt.Sprintf(format, args...), hint: hint, code: exitFindings}
}

// Execute runs one command line and returns its exit status.
func Execute(e *env.Env, args []string) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	root := newRootCmd(e)
	root.SetArgs(args)
	root.SetIn(e.Stdin)
	root.SetOut(e.Stdout)
	root.SetErr(e.Stderr)
	err := root.ExecuteContext(ctx)
	return reportError(e.Stderr, err)
}

func reportError(w io.Writer, err error) int {
	if err == nil {
		return exitOK
	}
	var ee *exitError
	if errors.As(err, &ee) {
		return ee.code
	}
	var ce *cliError
	if errors.As(err, &ce) {
		printError(w, ce.msg, ce.hint)
		return ce.code
	}
	var ue *gateway.UsageError
	if errors.As(err, &ue) {
		printError(w, ue.Msg, ue.Hint)
		return exitUsage
	}
	var fe *flagError
	if errors.As(err, &fe) {
		printError(w, fe.Error(), "see 'keydoctor "+fe.cmd+" --help'")
		return exitUsage
	}
	printError(w, err.Error(), "")
	return exitFindings
}

// printError writes age-style lines: lower case, no final period. A URL
// in an error may come from any file or flag: its credentials are hidden.
func printError(w io.Writer, msg, hint string) {
	msg, hint = gateway.RedactURL(msg), gateway.RedactURL(hint)
	fmt.Fprintf(w, "keydoctor: error: %s\n", strings.TrimRight(msg, ".\n"))
	if hint != "" {
		fmt.Fprintf(w, "keydoctor: hint: %s\n", strings.TrimRight(hint, ".\n"))
	}
}

type flagError struct {
	cmd string
	err error
}

func (f *flagError) Error() string { return f.err.Error() }

func newRootCmd(e *env.Env) *cobra.Command {
	root := &cobra.Command{
		Use:   "keydoctor",
		Short: "set up and diagnose AI tools that reach LLMs through one gateway",
		Long: `keydoctor writes one gateway triple (base URL, API key, model) into Claude Code,
Codex, Cline and your project's .env, each in the form that tool really reads,
proves that each tool reaches the intended model, and names the cause and fix
of every failure.

Start with 'keydoctor demo' to see it work against a built-in fake gateway.`,
		SilenceErrors: true,
		SilenceUsage:  true,
	}
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error {
		return &flagError{cmd: c.Name(), err: err}
	})
	root.SetUsageTemplate(root.UsageTemplate() + exitStatusHelp)
	for _, add := range commands {
		root.AddCommand(add(e))
	}
	// Unknown subcommands and wrong argument counts are usage errors too.
	root.Args = cobra.NoArgs
	return root
}

// commands lists every subcommand constructor; each command file adds its
// own in an init function, so commands stay independent of one another.
var commands []func(*env.Env) *cobra.Command

func register(f func(*env.Env) *cobra.Command) { commands = append(commands, f) }

// argsError wraps a cobra.PositionalArgs so its failure is a usage error.
func usageArgs(check cobra.PositionalArgs) cobra.PositionalArgs {
	return func(c *cobra.Command, args []string) error {
		if err := check(c, args); err != nil {
			return &flagError{cmd: c.Name(), err: err}
		}
		return nil
	}
}
