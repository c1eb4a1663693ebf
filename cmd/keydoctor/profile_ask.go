package main

import (
	"context"
	"errors"
	"io"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/profile"
	"github.com/keydoctor/keydoctor/internal/setup"
	"github.com/keydoctor/keydoctor/templates"
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
	st, err := profile.Open(e)
	if err != nil {
		return err
	}
	if _, exists := st.Get(name); exists {
		return usageErrorf("change it with 'keydoctor profile set "+name+"'", "a profile %q already exists", name)
	}
	return askProfile(ctx, o, f)
}

// askProfile asks what 'profile add NAME' was not given, as the setup
// wizard does: the gateway (a preset or a typed URL), the key (masked),
// the model from the gateway's list (GET /v1/models, read live with that
// key), and a tool's background model (setup.AskProfileBackground). It fills f and the key.
func askProfile(ctx context.Context, o *setupOptions, f *profileEdit) error {
	pr := templates.Default()
	p := gateway.Profile{Preset: pr.Name, VarBaseURL: pr.Vars.BaseURL, VarKey: pr.Vars.APIKey, VarModel: pr.Vars.Model,
		KeyVar: pr.Vars.APIKey, Sources: map[gateway.Field]string{}}
	w := newWizard(o, p, setup.BackgroundTools(), nil)
	for _, step := range []func(context.Context) error{w.ChooseGateway, w.PromptKey, w.ReadModels, w.AskModel, w.AskProfileBackground} {
		if err := step(ctx); err != nil {
			switch {
			case errors.Is(err, errInterrupted), errors.Is(err, setup.ErrInterrupted):
				return failf("", "profile add interrupted: nothing was saved")
			case errors.Is(err, errAborted):
				return &cliError{msg: "profile add interrupted: nothing was saved", code: exitInterrupted}
			}
			return err
		}
	}
	p = w.Profile
	f.preset, f.baseURL = gateway.PresetForRoot(p.BaseURL), p.BaseURL
	if f.preset != templates.CustomPreset {
		f.baseURL = "" // the preset's own gateway: it follows the preset
	}
	f.model, f.backgroundModel, f.key = p.Model, p.BackgroundModel, p.Key
	return nil
}
