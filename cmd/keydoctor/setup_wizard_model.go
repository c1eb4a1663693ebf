package main

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/charmbracelet/huh"
	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/probe"
	"github.com/keydoctor/keydoctor/internal/profile"
	"github.com/keydoctor/keydoctor/internal/redact"
)

func (w *wizard) askKey(ctx context.Context) error {
	p := &w.profile
	if p.Key != "" {
		if kp := gateway.CheckKey(p.Key); kp != nil {
			fmt.Fprintf(w.o.Out, "the key from %s is refused: %s\n", p.Source(gateway.FieldKey), kp.Reason)
		} else {
			use := true
			title := fmt.Sprintf("Use the key from %s (%s)?", p.Source(gateway.FieldKey), redact.Mask(p.Key))
			if err := w.o.form(ctx, huh.NewConfirm().Title(title).Value(&use)); err != nil {
				return err
			}
			if use {
				return nil
			}
		}
	}
	return w.promptKey(ctx)
}

// promptKey reads the key without echo. White space around it is removed
// (a key pasted with a newline is still the key), saying so.
func (w *wizard) promptKey(ctx context.Context) error {
	var key string
	in := huh.NewInput().Title("API key").Value(&key).EchoMode(huh.EchoModePassword).Validate(func(s string) error {
		if kp := gateway.CheckKey(strings.TrimSpace(s)); kp != nil {
			return errors.New(kp.Reason)
		}
		return nil
	})
	if _, hasFd := w.o.input().(interface{ Fd() uintptr }); w.o.Accessible && !hasFd {
		// Accessible mode reads a password only from a terminal; without
		// one nothing echoes what is typed anyway.
		in.EchoMode(huh.EchoModeNormal)
	}
	if err := w.o.form(ctx, in); err != nil {
		return err
	}
	if t := strings.TrimSpace(key); t != key {
		fmt.Fprintln(w.o.Err, "keydoctor: note: removed the white space around the key")
		key = t
	}
	p := &w.profile
	p.Key = key
	w.o.Env.Secrets.Add(key)
	p.Sources[gateway.FieldKey] = "prompt"
	return nil
}

// listModels reads the gateway's model list with the key. A key the
// gateway rejects is said so, and written only if the user insists.
//
// Nothing answering at the base URL (a typo'd port, a gateway not
// started) is said before anything is written, with the choice of typing
// the URL again or going on without the list; a key accepted after a
// rejected one is said accepted.
func (w *wizard) listModels(ctx context.Context) error {
	p := &w.profile
	rejected := false
	for w.o.ListModels != nil {
		w.ids, w.listErr = w.o.ListModels(ctx, p.BaseURL, p.Key)
		switch {
		case ctx.Err() != nil:
			return errInterrupted
		case w.listErr == nil:
			if rejected {
				fmt.Fprintf(w.o.Out, "the gateway accepted the key %s\n", redact.Mask(p.Key))
			}
			return nil
		case nothingAnswers(w.listErr):
			fmt.Fprintf(w.o.Out, "nothing answers at %s (%v): is the base URL right?\n", p.BaseURL, w.listErr)
			again, err := w.o.confirm(ctx, "Type the base URL again?", "Yes, type it again", "No, go on without the model list")
			if err != nil {
				return err
			}
			if again {
				if err := w.chooseGateway(ctx); err != nil {
					return err
				}
				continue
			}
			fmt.Fprintf(w.o.Out, "could not list the gateway's models (%v): type the model id\n", w.listErr)
			return nil
		case w.listErr.Error() != string(catalog.AuthInvalid) && w.listErr.Error() != string(catalog.AuthForbidden):
			fmt.Fprintf(w.o.Out, "could not list the gateway's models (%v): type the model id\n", w.listErr)
			return nil
		}
		rejected = true
		fmt.Fprintf(w.o.Out, "the gateway rejected the key %s (%v): tools given this key will fail\n", redact.Mask(p.Key), w.listErr)
		keep, err := w.o.confirm(ctx, "Write this key anyway?", "Yes, keep it", "No, type another")
		if err != nil || keep {
			return err
		}
		if err := w.promptKey(ctx); err != nil {
			return err
		}
	}
	return nil
}

// nothingAnswers reports whether the model list failed because nothing
// answered at the base URL's host (refused, timed out, no such name).
func nothingAnswers(err error) bool {
	switch catalog.Code(err.Error()) {
	case catalog.ConnectRefused, catalog.ConnectTimeout, catalog.DNSFailed:
		return true
	}
	return false
}

func (w *wizard) askModel(ctx context.Context) error {
	p := &w.profile
	if p.Source(gateway.FieldModel) == profile.TeamFile {
		return nil // the team decided
	}
	if p.Source(gateway.FieldModel) == "--model" {
		ok, err := w.confirmModel(ctx, p.Model)
		if err != nil || ok {
			return err
		}
	}
	for {
		model, err := w.pickModel(ctx)
		if err != nil {
			return err
		}
		ok, err := w.confirmModel(ctx, model)
		if err != nil {
			return err
		}
		if ok {
			p.Model, p.Sources[gateway.FieldModel] = model, "wizard"
			return nil
		}
	}
}

// pickModel offers the gateway's models (type / to filter) and "another
// model", typed into an empty field.
func (w *wizard) pickModel(ctx context.Context) (string, error) {
	current := w.profile.Model
	if len(w.ids) > 0 {
		const other = "\x00other"
		opts := make([]huh.Option[string], 0, len(w.ids)+1)
		for _, id := range w.ids {
			opts = append(opts, huh.NewOption(redact.Untrusted(id), id))
		}
		opts = append(opts, huh.NewOption("another model (type its id)", other))
		model := current
		if !slices.Contains(w.ids, model) {
			model = w.ids[0]
		}
		// Not .Filtering(true): a select that starts filtering shows the
		// filter ("/") in place of its title.
		if err := w.o.form(ctx, huh.NewSelect[string]().Title("Model").Options(opts...).Value(&model)); err != nil {
			return "", err
		}
		if model != other {
			return model, nil
		}
	}
	var model string
	title, placeholder := "Model", "model id, e.g. gpt-4o"
	if current != "" {
		title, placeholder = "Model (Enter keeps "+current+")", current
	}
	in := huh.NewInput().Title(title).Placeholder(placeholder).Value(&model).Validate(func(s string) error {
		if strings.TrimSpace(s) == "" && current == "" {
			return errors.New("a model id is needed")
		}
		return nil
	})
	if err := w.o.form(ctx, in); err != nil {
		return "", err
	}
	if model = strings.TrimSpace(model); model == "" {
		model = current
	}
	return model, nil
}

// confirmModel: a model the gateway's list lacks is said so, with the
// closest it serves, and kept only if the user insists. With no list
// there is nothing to compare.
func (w *wizard) confirmModel(ctx context.Context, model string) (bool, error) {
	if len(w.ids) == 0 || slices.Contains(w.ids, model) {
		return true, nil
	}
	msg := "the gateway does not list " + model
	if near := probe.Closest(model, w.ids, 3); len(near) > 0 {
		msg += "; closest it serves: " + strings.Join(near, ", ")
	}
	fmt.Fprintln(w.o.Out, msg)
	return w.o.confirm(ctx, "Use "+model+" anyway?", "Yes, use it", "No, pick another")
}

// askBackground: when Claude Code is configured and the gateway's list
// lacks the model of its background requests, offer the served models,
// the closest small one first.
func (w *wizard) askBackground(ctx context.Context) error {
	p := &w.profile
	if !slices.Contains(w.tools, gateway.Claude) || p.BackgroundModel != "" || w.o.ListModels == nil {
		return nil
	}
	bp := planBackground(w.o, *p, w.tools, w.ids)
	if w.listErr != nil {
		fmt.Fprintf(w.o.Out, "Claude Code's background model stays %s: the gateway's models could not be listed; 'keydoctor doctor' checks it\n", bp.describe(w.o.Env))
		return nil
	}
	if bp.pick == "" {
		return nil
	}
	fmt.Fprintf(w.o.Out, "the gateway does not list %s, the model of Claude Code's background requests (titles, summaries): they would fail\n", bp.describe(w.o.Env))
	const keep = "\x00keep"
	opts := []huh.Option[string]{huh.NewOption(bp.pick+" (closest small model)", bp.pick)}
	for _, id := range w.ids {
		if id != bp.pick {
			opts = append(opts, huh.NewOption(redact.Untrusted(id), id))
		}
	}
	opts = append(opts, huh.NewOption("leave it (its background requests will fail)", keep))
	choice := bp.pick
	sel := huh.NewSelect[string]().Title("Claude Code's background model (ANTHROPIC_DEFAULT_HAIKU_MODEL)").Options(opts...).Value(&choice)
	if err := w.o.form(ctx, sel); err != nil {
		return err
	}
	if choice != keep {
		bp.apply(w.o, p, choice)
	}
	return nil
}
