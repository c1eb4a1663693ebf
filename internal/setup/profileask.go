package setup

import (
	"context"

	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/profile"
	"github.com/keydoctor/keydoctor/templates"
)

// AskProfile asks what 'profile add NAME' was not given, as the wizard
// does for setup: the gateway (a preset or a typed URL), the key
// (masked), the model from the gateway's list (GET /v1/models, read live
// with that key), and a tool's background model (AskProfileBackground).
// Nothing is written to a tool.
func (w *Wizard) AskProfile(ctx context.Context) (profile.Edit, error) {
	pr := templates.Default()
	w.Profile = gateway.Profile{Preset: pr.Name, VarBaseURL: pr.Vars.BaseURL, VarKey: pr.Vars.APIKey, VarModel: pr.Vars.Model,
		KeyVar: pr.Vars.APIKey, Sources: map[gateway.Field]string{}}
	w.Tools, w.Detected = BackgroundTools(), nil
	for _, step := range []func(context.Context) error{w.ChooseGateway, w.PromptKey, w.ReadModels, w.AskModel, w.AskProfileBackground} {
		if err := step(ctx); err != nil {
			return profile.Edit{}, err
		}
	}
	p := w.Profile
	ed := profile.Edit{Preset: gateway.PresetForRoot(p.BaseURL), BaseURL: p.BaseURL, Model: p.Model, BackgroundModel: p.BackgroundModel, Key: p.Key}
	if ed.Preset != templates.CustomPreset {
		ed.BaseURL = "" // the preset's own gateway: it follows the preset
	}
	return ed, nil
}
