package setup

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/templates"
)

// separateRoots is the gateway list's answer for a vendor that serves the
// Anthropic API under a root of its own (DeepSeek's …/anthropic beside
// its OpenAI root): the wizard then asks for that root too.
const separateRoots = "\x00roots"

// separateRootsOption follows "another gateway" in the list, so that the
// presets and "another gateway" keep their numbers.
var separateRootsOption = Option{Label: "another gateway with its own Anthropic API root", Value: separateRoots}

// askPresetRoots asks, for each API family the chosen preset serves under
// a root of its own, that root, Enter keeping the preset's: a vendor may
// move it (a region, a beta path), and the wizard shows what it writes.
func (w *Wizard) askPresetRoots(ctx context.Context, pr templates.Preset) error {
	for _, f := range gateway.Families {
		def := pr.Roots[string(f)]
		if def == "" {
			continue
		}
		n, err := gateway.Normalize(def)
		if err != nil {
			return err
		}
		root, err := w.askRoot(ctx, f, n.Root, pr.Title)
		if err != nil {
			return err
		}
		w.setRoot(f, root)
	}
	return nil
}

// askCustomRoots asks what a typed gateway leaves open: with a vendor's
// Anthropic root typed as the base URL (…/anthropic, as the vendors'
// guides for Anthropic-API tools give it), its OpenAI root, which the tools speaking
// OpenAI's API need (…/anthropic/v1 is a 404 at such vendors); when the
// user said the vendor has an Anthropic root of its own, that root.
func (w *Wizard) askCustomRoots(ctx context.Context, separate bool) error {
	p := &w.Profile
	if gateway.IsAnthropicRoot(p.BaseURL) {
		anthropicRoot := p.BaseURL
		fmt.Fprintf(w.Out, "%s is an Anthropic API root: the tools speaking Anthropic's API get it, and the tools speaking OpenAI's API need the vendor's OpenAI root\n", anthropicRoot)
		var raw string
		q := Input{Title: "OpenAI API root", Placeholder: "https://" + gateway.HostOf(anthropicRoot) + "/v1", Validate: func(s string) error {
			n, err := gateway.Normalize(s)
			if err == nil && gateway.IsAnthropicRoot(n.Root) {
				return errors.New("that is an Anthropic root too: give the vendor's OpenAI API root")
			}
			return err
		}}
		if err := w.Ask.Input(ctx, q, &raw); err != nil {
			return err
		}
		n, _ := gateway.Normalize(raw)
		p.BaseURL, p.Notes = n.Root, append(p.Notes, n.Notes...)
		w.setRoot(gateway.FamilyAnthropic, anthropicRoot)
		return nil
	}
	if !separate {
		return nil
	}
	root, err := w.askRoot(ctx, gateway.FamilyAnthropic, "", "")
	if err != nil {
		return err
	}
	w.setRoot(gateway.FamilyAnthropic, root)
	return nil
}

// askRoot asks one family's root; Enter keeps def ("" the base URL).
func (w *Wizard) askRoot(ctx context.Context, f gateway.Family, def, vendor string) (string, error) {
	q := Input{Title: f.Title() + " API root (Enter: the base URL serves it)", Placeholder: w.Profile.BaseURL + "/" + string(f)}
	if def != "" {
		q.Title, q.Placeholder = f.Title()+" API root (Enter keeps "+vendor+"'s "+def+")", def
	}
	q.Validate = func(s string) error {
		if strings.TrimSpace(s) == "" {
			return nil
		}
		_, err := gateway.Normalize(s)
		return err
	}
	var raw string
	if err := w.Ask.Input(ctx, q, &raw); err != nil {
		return "", err
	}
	if strings.TrimSpace(raw) == "" {
		return def, nil
	}
	n, err := gateway.Normalize(raw)
	if err != nil {
		return "", &gateway.UsageError{Msg: err.Error()}
	}
	return n.Root, nil
}

// setRoot sets (or, "" or the base URL itself, clears) family f's root.
func (w *Wizard) setRoot(f gateway.Family, root string) {
	p := &w.Profile
	if root == "" || root == p.BaseURL {
		delete(p.Roots, f)
		return
	}
	if p.Roots == nil {
		p.Roots = map[gateway.Family]string{}
	}
	p.Roots[f] = root
}
