package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/charmbracelet/huh"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/profile"
	"github.com/keydoctor/keydoctor/internal/tool"
	"github.com/keydoctor/keydoctor/templates"
	"github.com/keydoctor/keydoctor/writers"
)

// wizard asks, in order: gateway, key, model, tools, and Claude Code's
// background model when the gateway does not serve the one it would use.
// Each answer feeds the next question (the model list needs the gateway
// and the key), so each step is its own huh form, and a value given by a
// flag (--base-url, --model, --tools, --background-model) is not asked.
type wizard struct {
	o        *setupOptions
	profile  gateway.Profile
	tools    []gateway.ToolID
	detected []gateway.ToolID
	// ids is the gateway's model list once read; listErr why it was not.
	ids     []string
	listErr error
}

func newWizard(o *setupOptions, p gateway.Profile, tools, detected []gateway.ToolID) *wizard {
	return &wizard{o: o, profile: p, tools: tools, detected: detected}
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
	steps := []func(context.Context) error{w.askGateway, w.askKey, w.listModels, w.askModel, w.askTools, w.askBackground}
	for _, step := range steps {
		if err := step(ctx); err != nil {
			return err
		}
	}
	return nil
}

func (w *wizard) askGateway(ctx context.Context) error {
	p := &w.profile
	if src := p.Source(gateway.FieldBaseURL); src != "--base-url" && src != profile.TeamFile {
		if err := w.chooseGateway(ctx); err != nil {
			return err
		}
	}
	out := w.o.Out
	for _, n := range p.Notes {
		fmt.Fprintf(out, "note: %s\n", n.Message)
	}
	fmt.Fprintln(out, "each tool will receive:")
	for _, t := range tool.All() {
		if t.Setup {
			fmt.Fprintf(out, "  %-16s %-36s -> %s\n", t.Title, t.Base(p.BaseURL), t.RequestURL(p.BaseURL))
		}
	}
	fmt.Fprintln(out)
	return nil
}

// chooseGateway offers the presets and "another gateway", whose URL is
// typed into an empty field (a pre-filled one would have the typing
// appended to it).
func (w *wizard) chooseGateway(ctx context.Context) error {
	p := &w.profile
	choice, custom := templates.CustomPreset, ""
	var opts []huh.Option[string]
	for _, pr := range templates.Presets() {
		if pr.BaseURL == "" {
			continue
		}
		opts = append(opts, huh.NewOption(fmt.Sprintf("%s  %s", pr.Title, pr.BaseURL), pr.Name))
		if p.BaseURL == pr.BaseURL || p.BaseURL == "" && pr.Name == p.Preset {
			choice = pr.Name
		}
	}
	if choice == templates.CustomPreset {
		custom = p.BaseURL // from a variable or the config file: Enter keeps it
	}
	opts = append(opts, huh.NewOption("another gateway (type its URL)", templates.CustomPreset))
	if err := w.o.form(ctx, huh.NewSelect[string]().Title("Gateway").Options(opts...).Value(&choice)); err != nil {
		return err
	}
	if choice != templates.CustomPreset {
		pr, _ := templates.LookupPreset(choice)
		return w.setBase(pr.BaseURL)
	}
	raw, title, placeholder := "", "Base URL", "https://gateway.example/api"
	if custom != "" {
		title, placeholder = "Base URL (Enter keeps "+custom+")", custom
	}
	in := huh.NewInput().Title(title).Placeholder(placeholder).Value(&raw).Validate(func(s string) error {
		if strings.TrimSpace(s) == "" && custom != "" {
			return nil
		}
		_, err := gateway.Normalize(s)
		return err
	})
	if err := w.o.form(ctx, in); err != nil {
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
		useCustomPreset(p)
	}
	return nil
}

func (w *wizard) setBase(raw string) error {
	parsed, err := gateway.Normalize(raw)
	if err != nil {
		return usageErrorf("", "%v", err)
	}
	p := &w.profile
	p.BaseURL, p.Notes = parsed.Root, parsed.Notes
	p.Sources[gateway.FieldBaseURL] = "wizard"
	return nil
}

// useCustomPreset turns the profile into the custom preset's: named by its
// host, with neutral variable names (GATEWAY_*) for .env and Codex's
// env_key, not those of a preset it is not.
func useCustomPreset(p *gateway.Profile) {
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

func (w *wizard) askTools(ctx context.Context) error {
	if w.tools != nil { // --tools
		return nil
	}
	chosen := w.detected
	for {
		var opts []huh.Option[gateway.ToolID]
		for _, t := range tool.All() {
			if t.Setup {
				opts = append(opts, huh.NewOption(fmt.Sprintf("%s (%s)", t.Title, t.ID), t.ID).Selected(slices.Contains(chosen, t.ID)))
			}
		}
		// No Validate: huh runs it before the first key press, so its
		// error would greet the user.
		ms := huh.NewMultiSelect[gateway.ToolID]().Title("Tools to configure").Options(opts...).Value(&chosen)
		if err := w.o.form(ctx, ms); err != nil {
			return err
		}
		if len(chosen) > 0 {
			w.tools = chosen
			return nil
		}
		fmt.Fprintln(w.o.Out, "pick at least one tool (space or x selects one)")
	}
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
