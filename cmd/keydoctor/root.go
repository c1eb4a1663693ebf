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
	"github.com/keydoctor/keydoctor/internal/human"
	"github.com/keydoctor/keydoctor/internal/redact"
	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/spf13/cobra"
)

// Exit statuses, documented in every command's help.
const (
	exitOK       = 0
	exitFindings = 1 // an error finding, a failed request; warnings too with --strict
	exitUsage    = 2 // bad usage, or a file keydoctor refuses to edit
	// exitInterrupted is the shells' convention for a run ended by Ctrl-C
	// (128 + SIGINT): a script can tell it from a failure.
	exitInterrupted = 130
)

// exitContract is the rule every command follows.
const exitContract = `  0  success: no error finding
  1  at least one error finding or failed request (or a warning with --strict)
  2  bad usage, or a file that setup or restore refuses to edit
  130  interrupted by Ctrl-C before it finished
`

// exitStatus is a command's EXIT STATUS text (help, man page, reference):
// the contract, then the command's own cases from its "exit" annotation
// (exitNotes), so that the same condition gets the same status everywhere.
func exitStatus(c *cobra.Command) string {
	if n := c.Annotations["exit"]; n != "" {
		return exitContract + n + "\n"
	}
	return exitContract
}

// exitNotes is a command's annotation with the exit cases it adds to the
// general rule, one line each.
func exitNotes(lines ...string) map[string]string {
	return map[string]string{"exit": "  " + strings.Join(lines, "\n  ")}
}

// errDeclined stops a command the user declined at a question: nothing
// was done and nothing went wrong, so the exit status is 0.
var errDeclined = &exitError{code: exitOK}

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
	e, flush := redactOutput(e)
	defer flush()
	root := newRootCmd(e)
	root.SetArgs(args)
	root.SetIn(e.Stdin)
	root.SetOut(e.Stdout)
	root.SetErr(e.Stderr)
	err := root.ExecuteContext(ctx)
	mode := root.PersistentFlags().Lookup("color").Value.String()
	if w, ok := e.Stderr.(*redact.Writer); ok { // the flags may not have been read: the error's label colours still
		w.SetOptions(redact.Options{Colour: stderrColor(e, mode)})
	}
	code := reportError(errorWriter{e.Stderr, stderrColor(e, mode)}, err)
	// Ctrl-C (SIGINT) cut the run short: 130. A command whose normal end is
	// Ctrl-C (mock, trace) returns its own verdict (an exitError) instead.
	var verdict *exitError
	if err != nil && ctx.Err() != nil && !errors.As(err, &verdict) {
		return exitInterrupted
	}
	return code
}

// errorWriter is stderr with its error lines coloured (reportError's
// writer; any other writer gets plain lines).
type errorWriter struct {
	io.Writer
	color bool
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
		printError(w, fe.Error(), "see '"+fe.cmd+" --help'")
		return exitUsage
	}
	printError(w, err.Error(), "")
	return exitFindings
}

// printError writes age-style lines: lower case, no final period. An
// error may quote any file, flag or gateway answer: the run's writer hides
// URL credentials and keys and escapes every control byte in it, so that
// even with colour on nothing in it passes for one of our sequences.
func printError(w io.Writer, msg, hint string) {
	ew, _ := w.(errorWriter)
	errLabel, hintLabel := redact.NewStyle(ew.color, redact.FgRed, redact.Bold), redact.NewStyle(ew.color, redact.FgCyan)
	fmt.Fprintf(w, "keydoctor: %s %s\n", errLabel.Sprint("error:"), strings.TrimRight(msg, ".\n"))
	if hint != "" {
		fmt.Fprintf(w, "keydoctor: %s %s\n", hintLabel.Sprint("hint:"), strings.TrimRight(hint, ".\n"))
	}
}

// flagError is a bad flag or argument count; cmd is the command's path
// ("keydoctor doctor"), for the hint.
type flagError struct {
	cmd string
	err error
}

func (f *flagError) Error() string { return f.err.Error() }

func newRootCmd(e *env.Env) *cobra.Command {
	root := &cobra.Command{
		Use:   "keydoctor",
		Short: "set up and diagnose AI tools that reach LLMs through one gateway",
		Long: human.Wrap("keydoctor writes one gateway triple (base URL, API key, model) into "+tool.Titles(tool.IsSetup)+
			", each in the form that tool really reads, proves that each tool reaches the intended model, and names the cause and fix of every failure.", 80, "") +
			"\n\nStart with 'keydoctor demo' to see it work against a built-in fake gateway.",
		Version:                    buildVersion(),
		SuggestionsMinimumDistance: 2,
		SilenceErrors:              true,
		SilenceUsage:               true,
		// A word that names no command is a usage error (exit 2), not a
		// reason to print the help and succeed.
		Args: cobra.ArbitraryArgs,
		RunE: func(c *cobra.Command, args []string) error {
			if len(args) > 0 {
				return unknownCommand(c, args[0])
			}
			return c.Help()
		},
	}
	var g globalFlags
	g.add(root.PersistentFlags())
	root.PersistentPreRunE = func(c *cobra.Command, _ []string) error { return g.setUI(c, e) }
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error {
		// "keydoctor doctr --offline": the typo is the command, not the flag.
		if !c.HasParent() && len(c.Flags().Args()) > 0 {
			return unknownCommand(c, c.Flags().Args()[0])
		}
		return &flagError{cmd: c.CommandPath(), err: err}
	})
	root.SetVersionTemplate("{{.Version}}\n")
	cobra.AddTemplateFunc("exitStatus", exitStatus)
	root.SetUsageTemplate(root.UsageTemplate() + "\nEXIT STATUS\n{{exitStatus .}}")
	root.AddCommand(
		newSetupCmd(e), newStatusCmd(e), newDoctorCmd(e), newPingCmd(e), newBenchCmd(e),
		newExplainCmd(e), newRestoreCmd(e), newTraceCmd(e), newVerifyCmd(e),
		newMockCmd(e), newDemoCmd(e), newVersionCmd(), newProfileCmd(e), newUseCmd(e), newInitCmd(e), newTrustCmd(e),
		newMCPCmd(e),
	)
	root.SetHelpCommand(newHelpCmd())
	completeAll(root, e)
	return root
}

// unknownCommand is the usage error for a word that names no command,
// with the closest commands as the hint.
func unknownCommand(root *cobra.Command, name string) error {
	hint := "run 'keydoctor --help' for the list of commands"
	if s := root.SuggestionsFor(name); len(s) > 0 {
		hint = "did you mean 'keydoctor " + strings.Join(s, "' or 'keydoctor ") + "'?"
	}
	return usageErrorf(hint, "unknown command %q", name)
}

// newHelpCmd is `keydoctor help [COMMAND]`; an unknown topic is a usage
// error, like an unknown command.
func newHelpCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "help [command]",
		Short: "help about any command",
		RunE: func(c *cobra.Command, args []string) error {
			target, rest, err := c.Root().Find(args)
			if err != nil || len(rest) > 0 {
				return unknownCommand(c.Root(), strings.Join(args, " "))
			}
			return target.Help()
		},
	}
}

// usageArgs wraps a cobra.PositionalArgs so its failure is a usage error.
func usageArgs(check cobra.PositionalArgs) cobra.PositionalArgs {
	return func(c *cobra.Command, args []string) error {
		if err := check(c, args); err != nil {
			return &flagError{cmd: c.CommandPath(), err: err}
		}
		return nil
	}
}
