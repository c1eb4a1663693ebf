package main

import (
	"context"
	"io"

	"github.com/charmbracelet/huh"
	"github.com/keydoctor/keydoctor/internal/env"
)

// askConfirm asks one yes or no question outside the wizard with the
// wizard's prompt library (huh): its form on a terminal, its line prompt
// ("TITLE [y/N]") with ACCESSIBLE set or an input that is no terminal.
// Enter and an input that ends are no. Ctrl-C ends the command with 130,
// saying "WHAT interrupted: NOTHING".
//
// Every command that asks calls it (or the wizard) only on a terminal;
// without one it takes --yes or its documented default (docs/cli.md).
func askConfirm(ctx context.Context, e *env.Env, out io.Writer, what, nothing, title string) (bool, error) {
	if e.Stdin == nil {
		return false, nil
	}
	o := &setupOptions{Env: e, In: e.Stdin, Out: out, Accessible: e.Getenv("ACCESSIBLE") != ""}
	if _, isFile := e.Stdin.(interface{ Fd() uintptr }); !isFile {
		o.Accessible = true // huh's form reads keys from a terminal only
	}
	ok := false
	err := o.form(ctx, huh.NewConfirm().Title(title).Value(&ok))
	switch {
	case err == nil:
		return ok, nil
	case err == errAborted:
		return false, &cliError{msg: what + " interrupted: " + nothing, code: exitInterrupted}
	case err == errInterrupted && ctx.Err() == nil:
		return false, nil // the input ended: no answer is no
	case err == errInterrupted:
		return false, failf("", "%s interrupted: %s", what, nothing)
	}
	return false, err
}
