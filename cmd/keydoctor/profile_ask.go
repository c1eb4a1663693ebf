package main

import (
	"context"
	"errors"
	"io"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/profile"
	"github.com/keydoctor/keydoctor/internal/setup"
)

// empty reports whether no flag gave anything: on a terminal, profile add
// then asks.
func (f *profileEdit) empty() bool {
	return f.preset == "" && f.baseURL == "" && len(f.roots.values()) == 0 && f.model == "" && f.backgroundModel == "" && f.keyEnv == "" && !f.keyStdin
}

// askOptions are the setup wizard's options for the questions profile add
// shares with it (gateway, key, model): nothing is written to a tool.
func askOptions(e *env.Env, out, errOut io.Writer) *setupOptions {
	return &setupOptions{Env: e, Interactive: true, Accessible: e.Getenv("ACCESSIBLE") != "", In: e.Stdin, Out: out, Err: errOut,
		ListModels: func(ctx context.Context, root, key string) ([]string, error) { return listModels(ctx, e, root, key) }}
}

// askFor asks for profile NAME, a new one (checked first: an answer
// would be lost on a name already taken).
func askFor(ctx context.Context, e *env.Env, o *setupOptions, name string, f *profileEdit) error {
	if err := profile.CheckNew(e, name); err != nil {
		return err
	}
	return askProfile(ctx, o, f)
}

// askProfile asks with the wizard's questions (setup.Wizard.AskProfile);
// it fills f and the key.
func askProfile(ctx context.Context, o *setupOptions, f *profileEdit) error {
	ed, err := newWizard(o, gateway.Profile{}, nil, nil).AskProfile(ctx)
	switch {
	case errors.Is(err, errInterrupted), errors.Is(err, setup.ErrInterrupted):
		return failf("", "profile add interrupted: nothing was saved")
	case errors.Is(err, errAborted):
		return &cliError{msg: "profile add interrupted: nothing was saved", code: exitInterrupted}
	case err != nil:
		return err
	}
	f.preset, f.baseURL, f.model, f.backgroundModel, f.key = ed.Preset, ed.BaseURL, ed.Model, ed.BackgroundModel, ed.Key
	return nil
}
