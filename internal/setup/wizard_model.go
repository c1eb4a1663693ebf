package setup

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/probe"
	"github.com/keydoctor/keydoctor/internal/profile"
)

// AskKey offers the key found (masked), or says why it is refused, and
// otherwise prompts for one.
func (w *Wizard) AskKey(ctx context.Context) error {
	p := &w.Profile
	if p.Key != "" {
		if pe := p.PairWith(p.BaseURL, "your answer"); pe != nil {
			// another gateway's key (a stored profile's, its variable's):
			// offering it would send it to the gateway just picked
			w.Say("%s: type this gateway's key\n", pe.Error())
		} else if kp := gateway.CheckKey(p.Key); kp != nil {
			w.Say("the key from %s is refused: %s\n", p.Source(gateway.FieldKey), kp.Reason)
		} else {
			use := true
			title := fmt.Sprintf("Use the key from %s (%s)?", p.Source(gateway.FieldKey), p.ShownKey())
			if err := w.Ask.Confirm(ctx, title, "", "", &use); err != nil {
				return err
			}
			if use {
				return nil
			}
		}
	}
	return w.PromptKey(ctx)
}

// PromptKey reads the key without echo. White space around it is removed
// (a key pasted with a newline is still the key), saying so.
func (w *Wizard) PromptKey(ctx context.Context) error {
	var key string
	q := Input{Title: "API key", Password: true, Validate: func(s string) error {
		if kp := gateway.CheckKey(strings.TrimSpace(s)); kp != nil {
			return errors.New(kp.Reason)
		}
		return nil
	}}
	if err := w.Ask.Input(ctx, q, &key); err != nil {
		return err
	}
	if t := strings.TrimSpace(key); t != key {
		fmt.Fprintln(w.Err, "keydoctor: note: removed the white space around the key")
		key = t
	}
	p := &w.Profile
	p.Key = key
	w.Env.Secrets.Add(key)
	p.Sources[gateway.FieldKey] = "prompt"
	return nil
}

// ReadModels reads the gateway's model list with the key. A key the
// gateway rejects is said so, and written only if the user insists.
//
// Nothing answering at the base URL (a typo'd port, a gateway not
// started) is said before anything is written, with the choice of typing
// the URL again or going on without the list; a key accepted after a
// rejected one is said accepted.
func (w *Wizard) ReadModels(ctx context.Context) error {
	p := &w.Profile
	rejected := false
	for w.ListModels != nil {
		w.IDs, w.ListErr = w.ListModels(ctx, p.BaseURL, p.Key)
		switch {
		case ctx.Err() != nil:
			return ErrInterrupted
		case w.ListErr == nil:
			if rejected {
				w.Say("the gateway accepted the key %s\n", p.ShownKey())
			}
			return nil
		case nothingAnswers(w.ListErr):
			w.Say("nothing answers at %s (%v): is the base URL right?\n", p.BaseURL, w.ListErr)
			again := false
			if err := w.Ask.Confirm(ctx, "Type the base URL again?", "Yes, type it again", "No, go on without the model list", &again); err != nil {
				return err
			}
			if again {
				if err := w.ChooseGateway(ctx); err != nil {
					return err
				}
				w.sayNotes()
				w.showReceive() // the URLs changed: the table again
				continue
			}
			w.Say("could not list the gateway's models (%v): type the model id\n", w.ListErr)
			return nil
		case w.ListErr.Error() != string(catalog.AuthInvalid) && w.ListErr.Error() != string(catalog.AuthForbidden):
			w.Say("could not list the gateway's models (%v): type the model id\n", w.ListErr)
			return nil
		}
		rejected = true
		w.Say("the gateway rejected the key %s (%v): tools given this key will fail\n", p.ShownKey(), w.ListErr)
		keep := false
		if err := w.Ask.Confirm(ctx, "Write this key anyway?", "Yes, keep it", "No, type another", &keep); err != nil || keep {
			return err
		}
		if err := w.PromptKey(ctx); err != nil {
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

// AskModel offers the gateway's models unless the team file chose one; a
// --model is asked only when the gateway's list lacks it.
func (w *Wizard) AskModel(ctx context.Context) error {
	p := &w.Profile
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
func (w *Wizard) pickModel(ctx context.Context) (string, error) {
	current := w.Profile.Model
	if len(w.IDs) > 0 {
		const other = "\x00other"
		opts := make([]Option, 0, len(w.IDs)+1)
		for _, id := range w.IDs {
			opts = append(opts, Option{Label: id, Value: id})
		}
		opts = append(opts, Option{Label: "another model (type its id)", Value: other})
		model := current
		if !slices.Contains(w.IDs, model) {
			model = w.IDs[0]
		}
		if err := w.Ask.Select(ctx, "Model", opts, &model); err != nil {
			return "", err
		}
		if model != other {
			return model, nil
		}
	}
	var model string
	q := Input{Title: "Model", Placeholder: "model id, e.g. gpt-4o"}
	if current != "" {
		q.Title, q.Placeholder = "Model (Enter keeps "+current+")", current
	}
	q.Validate = func(s string) error {
		if strings.TrimSpace(s) == "" && current == "" {
			return errors.New("a model id is needed")
		}
		return nil
	}
	if err := w.Ask.Input(ctx, q, &model); err != nil {
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
func (w *Wizard) confirmModel(ctx context.Context, model string) (bool, error) {
	if len(w.IDs) == 0 || slices.Contains(w.IDs, model) {
		return true, nil
	}
	msg := "the gateway does not list " + model
	if near := probe.Closest(model, w.IDs, 3); len(near) > 0 {
		msg += "; closest it serves: " + strings.Join(near, ", ")
	}
	w.Say("%s", msg)
	ok := false
	err := w.Ask.Confirm(ctx, "Use "+model+" anyway?", "Yes, use it", "No, pick another", &ok)
	return ok, err
}
