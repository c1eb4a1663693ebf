package setup

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/profile"
	"github.com/keydoctor/keydoctor/internal/status"
	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/keydoctor/keydoctor/templates"
)

// Asker asks one question at a time; the program implements it (cmd with
// huh's forms on a terminal, or its accessible line prompts). Each method
// starts from *value and leaves the answer there. An error ends the
// wizard and comes back from it as it is (Ctrl-C, the input ended).
type Asker interface {
	Select(ctx context.Context, title string, opts []Option, value *string) error
	MultiSelect(ctx context.Context, title string, opts []Option, value *[]string) error
	Input(ctx context.Context, q Input, value *string) error
	// Confirm asks yes or no; yes and no label the answers ("" the
	// Asker's own words).
	Confirm(ctx context.Context, title, yes, no string, value *bool) error
}

// Option is one answer a Select or MultiSelect offers.
type Option struct {
	Label, Value string
	Selected     bool // MultiSelect: ticked at first
}

// Input is a question answered by typing. Validate (nil: any answer) is
// asked of each answer before it is taken; a Password is not echoed.
type Input struct {
	Title, Placeholder string
	Password           bool
	Validate           func(string) error
}

// ErrInterrupted is the run's context ended while the wizard waited on
// the gateway: nothing has been written.
var ErrInterrupted = errors.New("interrupted")

// Wizard asks, in order: gateway, key, model, tools. Each answer feeds the
// next question (the model list needs the gateway and the key), so each
// is its own question, and a value a flag gave (--base-url, --model,
// --tools) is not asked.
type Wizard struct {
	Ask      Asker
	Env      *env.Env
	Out, Err io.Writer
	// ListModels asks the gateway for its models; nil: no list.
	ListModels func(ctx context.Context, root, key string) ([]string, error)

	Profile  gateway.Profile
	Tools    []gateway.ToolID // nil: asked, Detected ticked first
	Detected []gateway.ToolID
	// IDs is the gateway's model list once read; ListErr why it was not.
	IDs     []string
	ListErr error
	// Options are the tools' options given as flags (tool.Option), and
	// the switches the wizard asked for (AskOptions).
	Options map[string]string
	// Project is the project directory, whose files a tool's background
	// model may be set in (AskBackground).
	Project string
	// Width is the terminal's columns the wizard's lines are wrapped to
	// (0: not a terminal, lines as they are).
	Width int

	shown     string // the tools' table as last printed
	saidNotes int    // how many of Profile.Notes were printed
}

// Run asks every question setup's wizard asks.
func (w *Wizard) Run(ctx context.Context) error {
	for _, step := range []func(context.Context) error{w.AskGateway, w.AskKey, w.ReadModels, w.AskModel, w.AskTools, w.AskOptions} {
		if err := step(ctx); err != nil {
			return err
		}
	}
	return nil
}

// AskGateway offers the gateways unless --base-url or the team file gave
// one, then shows what each tool will receive.
func (w *Wizard) AskGateway(ctx context.Context) error {
	p := &w.Profile
	if src := p.Source(gateway.FieldBaseURL); src != "--base-url" && src != profile.TeamFile {
		if err := w.ChooseGateway(ctx); err != nil {
			return err
		}
	} else if gateway.IsAnthropicRoot(p.RootOf(gateway.FamilyOpenAI)) {
		// --base-url gave a vendor's Anthropic root, and no preset knew it
		if err := w.askCustomRoots(ctx, false); err != nil {
			return err
		}
	}
	w.sayNotes()
	w.showReceive()
	return nil
}

// ChooseGateway offers the presets and "another gateway", whose URL is
// typed into an empty field (a pre-filled one would have the typing
// appended to it).
func (w *Wizard) ChooseGateway(ctx context.Context) error {
	p := &w.Profile
	choice, custom := templates.CustomPreset, ""
	var opts []Option
	for _, pr := range templates.Presets() {
		if pr.BaseURL == "" {
			continue
		}
		opts = append(opts, Option{Label: w.gatewayLabel(pr.Title, pr.BaseURL), Value: pr.Name})
		if p.BaseURL == pr.BaseURL || p.BaseURL == "" && pr.Name == p.Preset {
			choice = pr.Name
		}
	}
	if choice == templates.CustomPreset {
		custom = p.BaseURL // from a variable or the config file: Enter keeps it
	}
	opts = append(opts, Option{Label: "another gateway (type its URL)", Value: templates.CustomPreset}, separateRootsOption)
	if err := w.Ask.Select(ctx, "Gateway", opts, &choice); err != nil {
		return err
	}
	separate := choice == separateRoots
	if separate {
		choice = templates.CustomPreset
	}
	if choice != templates.CustomPreset {
		pr, _ := templates.LookupPreset(choice)
		if err := w.setBase(pr.BaseURL); err != nil {
			return err
		}
		return w.askPresetRoots(ctx, pr)
	}
	raw, q := "", Input{Title: "Base URL", Placeholder: "https://gateway.example/api"}
	if custom != "" {
		q.Title, q.Placeholder = "Base URL (Enter keeps "+custom+")", custom
	}
	q.Validate = func(s string) error {
		if strings.TrimSpace(s) == "" && custom != "" {
			return nil
		}
		_, err := gateway.Normalize(s)
		return err
	}
	if err := w.Ask.Input(ctx, q, &raw); err != nil {
		return err
	}
	kept := strings.TrimSpace(raw) == ""
	if kept {
		raw = custom
	}
	fromPresetVar := p.Source(gateway.FieldBaseURL) == p.VarBaseURL
	if err := w.setBase(raw); err != nil {
		return err
	}
	if !kept || !fromPresetVar {
		// a URL kept from the preset's own variable (its base URL variable)
		// keeps that preset's names: the user chose them
		UseCustomPreset(p)
	}
	return w.askCustomRoots(ctx, separate)
}

func (w *Wizard) setBase(raw string) error {
	parsed, err := gateway.Normalize(raw)
	if err != nil {
		return &gateway.UsageError{Msg: err.Error()}
	}
	p := &w.Profile
	p.BaseURL, p.Notes = parsed.Root, parsed.Notes
	w.saidNotes = 0 // the notes are this URL's
	p.Roots = nil   // another gateway's roots are not this one's
	p.Sources[gateway.FieldBaseURL] = "wizard"
	return nil
}

// UseCustomPreset turns the profile into the custom preset's: named by its
// host, with neutral variable names (GATEWAY_*) for .env and a tool's
// env_key, not those of a preset it is not.
func UseCustomPreset(p *gateway.Profile) {
	pr, err := templates.LookupPreset(templates.CustomPreset)
	if err != nil || p.Preset == pr.Name {
		return
	}
	if p.Source(gateway.FieldKey) != p.KeyVar {
		p.KeyVar = pr.Vars.APIKey
	}
	if strings.HasPrefix(p.Source(gateway.FieldModel), "preset ") {
		p.Model = "" // the other preset's default model
	}
	p.Preset, p.VarBaseURL, p.VarKey, p.VarModel = pr.Name, pr.Vars.BaseURL, pr.Vars.APIKey, pr.Vars.Model
	p.Notes = append(p.Notes, gateway.Note{Message: fmt.Sprintf(
		"this gateway is named %s; .env gets %s, %s and %s (other commands read them with --preset custom)",
		p.Name(), pr.Vars.BaseURL, pr.Vars.APIKey, pr.Vars.Model)})
}

// AskTools offers the tools setup writes, those detected ticked, unless
// --tools chose; it asks again until one is picked.
func (w *Wizard) AskTools(ctx context.Context) error {
	if w.Tools != nil { // --tools
		return nil
	}
	var chosen []string
	for _, id := range w.Detected {
		chosen = append(chosen, string(id))
	}
	for {
		var opts []Option
		for _, t := range tool.All() {
			if t.Setup && offered(t, w.Detected) {
				opts = append(opts, Option{Label: fmt.Sprintf("%s (%s)", t.Title, t.ID), Value: string(t.ID), Selected: slices.Contains(chosen, string(t.ID))})
			}
		}
		if err := w.Ask.MultiSelect(ctx, "Tools to configure", opts, &chosen); err != nil {
			return err
		}
		if len(chosen) > 0 {
			w.Tools = nil
			for _, id := range chosen {
				w.Tools = append(w.Tools, gateway.ToolID(id))
			}
			return nil
		}
		w.Say("pick at least one tool (space or x selects one)")
	}
}

// offered: the wizard lists every tool setup writes but an editor's
// extension not found on this machine: its settings would go to an
// editor that is not there. Naming it in --tools still writes it.
func offered(t tool.Tool, detected []gateway.ToolID) bool {
	return t.Extension == "" || slices.Contains(detected, t.ID)
}

// AskTrust shows what the repository's untrusted team file found would
// set (gateway host, model, key variable) and asks whether to trust it;
// shown is the file as the user knows it. No says it is ignored.
func (w *Wizard) AskTrust(ctx context.Context, found *profile.Found, shown string) (bool, error) {
	host, model, keyEnv := found.Shown()
	what := "is not trusted yet"
	if found.Changed {
		what = "changed since you trusted it"
	}
	w.Say("this repository's %s %s; it sets:\n  gateway  %s\n  model    %s\n  key from %s\n", shown, what, host, status.OrNone(model), status.OrNone(keyEnv))
	ok := false
	if err := w.Ask.Confirm(ctx, "Trust "+shown+" and take its gateway, model and key variable?", "Yes, trust it", "No, ignore it", &ok); err != nil {
		return false, err
	}
	if !ok {
		w.Say("%s is ignored\n", shown)
	}
	return ok, nil
}
