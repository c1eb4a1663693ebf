package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"slices"

	"github.com/charmbracelet/huh"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/tools"
	"github.com/keydoctor/keydoctor/templates"
	"github.com/keydoctor/keydoctor/writers"
)

// wizard asks, in order: gateway, key, model, tools. Each answer feeds
// the next question (the model list needs the gateway and the key), so
// each step is its own huh form.
type wizard struct {
	o        *setupOptions
	profile  gateway.Profile
	tools    []gateway.ToolID
	detected []gateway.ToolID
}

func newWizard(o *setupOptions, p gateway.Profile, tools, detected []gateway.ToolID) *wizard {
	return &wizard{o: o, profile: p, tools: tools, detected: detected}
}

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
}

func (l *lineReader) Read(p []byte) (int, error) {
	if len(l.rest) == 0 {
		line, err := l.r.ReadBytes('\n')
		if len(line) == 0 {
			return 0, err
		}
		l.rest = line
	}
	n := copy(p, l.rest)
	l.rest = l.rest[n:]
	return n, nil
}

func (o *setupOptions) form(fields ...huh.Field) error {
	f := huh.NewForm(huh.NewGroup(fields...)).
		WithAccessible(o.Accessible).WithInput(o.input()).WithOutput(o.Out).WithShowHelp(!o.Accessible)
	if err := f.Run(); err != nil {
		if errors.Is(err, huh.ErrUserAborted) {
			return &exitError{code: exitFindings}
		}
		return err
	}
	return nil
}

func (w *wizard) run(ctx context.Context) error {
	steps := []func(context.Context) error{w.askGateway, w.askKey, w.askModel, w.askTools}
	for _, step := range steps {
		if err := step(ctx); err != nil {
			return err
		}
	}
	return nil
}

func (w *wizard) askGateway(context.Context) error {
	p := &w.profile
	choice := "custom"
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
	opts = append(opts, huh.NewOption("another gateway (type its URL)", "custom"))
	if err := w.o.form(huh.NewSelect[string]().Title("Gateway").Options(opts...).Value(&choice)); err != nil {
		return err
	}
	raw := p.BaseURL
	if choice != "custom" {
		pr, _ := templates.LookupPreset(choice)
		raw = pr.BaseURL
	} else if err := w.o.form(huh.NewInput().Title("Base URL").Value(&raw).Validate(func(s string) error {
		_, err := gateway.Normalize(s)
		return err
	})); err != nil {
		return err
	}
	parsed, err := gateway.Normalize(raw)
	if err != nil {
		return usageErrorf("", "%v", err)
	}
	p.BaseURL, p.Notes = parsed.Root, parsed.Notes
	p.Sources[gateway.FieldBaseURL] = "wizard"
	out := w.o.Out
	for _, n := range parsed.Notes {
		fmt.Fprintf(out, "note: %s\n", n.Message)
	}
	fmt.Fprintln(out, "each tool will receive:")
	for _, t := range tools.All() {
		if t.Setup {
			fmt.Fprintf(out, "  %-16s %-36s -> %s\n", t.Title, t.Base(p.BaseURL), t.RequestURL(p.BaseURL))
		}
	}
	fmt.Fprintln(out)
	return nil
}

func (w *wizard) askKey(context.Context) error {
	p := &w.profile
	if p.Key != "" {
		if kp := gateway.CheckKey(p.Key); kp != nil {
			fmt.Fprintf(w.o.Out, "the key from %s is refused: %s\n", p.Source(gateway.FieldKey), kp.Reason)
		} else {
			use := true
			title := fmt.Sprintf("Use the key from %s (%s)?", p.Source(gateway.FieldKey), gateway.Mask(p.Key))
			if err := w.o.form(huh.NewConfirm().Title(title).Value(&use)); err != nil {
				return err
			}
			if use {
				return nil
			}
		}
	}
	var key string
	in := huh.NewInput().Title("API key").Value(&key).EchoMode(huh.EchoModePassword).Validate(func(s string) error {
		if kp := gateway.CheckKey(s); kp != nil {
			return errors.New(kp.Reason)
		}
		return nil
	})
	if _, hasFd := w.o.input().(interface{ Fd() uintptr }); w.o.Accessible && !hasFd {
		// Accessible mode reads a password only from a terminal; without
		// one nothing echoes what is typed anyway.
		in.EchoMode(huh.EchoModeNormal)
	}
	if err := w.o.form(in); err != nil {
		return err
	}
	p.Key = key
	p.Sources[gateway.FieldKey] = "prompt"
	return nil
}

func (w *wizard) askModel(ctx context.Context) error {
	p := &w.profile
	var ids []string
	if w.o.ListModels != nil {
		var err error
		if ids, err = w.o.ListModels(ctx, p.BaseURL, p.Key); err != nil {
			fmt.Fprintf(w.o.Out, "could not list the gateway's models (%v): type the model id\n", err)
		}
	}
	model := p.Model
	if len(ids) > 0 {
		const other = "\x00other"
		opts := make([]huh.Option[string], 0, len(ids)+1)
		for _, id := range ids {
			opts = append(opts, huh.NewOption(id, id))
		}
		opts = append(opts, huh.NewOption("another model (type its id)", other))
		if !slices.Contains(ids, model) {
			model = ids[0]
		}
		sel := huh.NewSelect[string]().Title("Model").Options(opts...).Value(&model).Filtering(!w.o.Accessible)
		if err := w.o.form(sel); err != nil {
			return err
		}
		if model != other {
			p.Model, p.Sources[gateway.FieldModel] = model, "wizard"
			return nil
		}
		model = p.Model
	}
	in := huh.NewInput().Title("Model").Value(&model).Validate(func(s string) error {
		if s == "" {
			return errors.New("a model id is needed")
		}
		return nil
	})
	if err := w.o.form(in); err != nil {
		return err
	}
	p.Model, p.Sources[gateway.FieldModel] = model, "wizard"
	return nil
}

func (w *wizard) askTools(context.Context) error {
	pre := w.tools
	if pre == nil {
		pre = w.detected
	}
	var opts []huh.Option[gateway.ToolID]
	for _, t := range tools.All() {
		if t.Setup {
			opts = append(opts, huh.NewOption(fmt.Sprintf("%s (%s)", t.Title, t.ID), t.ID).Selected(slices.Contains(pre, t.ID)))
		}
	}
	chosen := pre
	ms := huh.NewMultiSelect[gateway.ToolID]().Title("Tools to configure").Options(opts...).Value(&chosen).
		Validate(func(ts []gateway.ToolID) error {
			if len(ts) == 0 {
				return errors.New("pick at least one tool")
			}
			return nil
		})
	if err := w.o.form(ms); err != nil {
		return err
	}
	w.tools = chosen
	return nil
}

// confirmPlan shows the diff (keys masked) and asks before writing.
func confirmPlan(o *setupOptions, plan *writers.Plan) (bool, error) {
	if len(plan.Pending()) == 0 {
		return true, nil
	}
	if err := plan.Diff(o.Out, o.Env.Tilde); err != nil {
		return false, err
	}
	ok := true
	if err := o.form(huh.NewConfirm().Title("Write these changes?").Value(&ok)); err != nil {
		return false, err
	}
	if !ok {
		fmt.Fprintln(o.Out, "nothing was written")
	}
	return ok, nil
}
