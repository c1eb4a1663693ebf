package setup

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/probe"
	"github.com/keydoctor/keydoctor/internal/tool"
)

// BackgroundStep is what a tool package implements (its tool.Tool's Impl)
// when the tool sends requests besides the main ones (titles and
// summaries) to a model of its own (discover.Tool.Background),
// which setup then settles against the gateway's model list: a model the
// gateway does not serve would fail every such request.
type BackgroundStep interface {
	SetupBackground() BackgroundFacts
}

// BackgroundFacts are a tool's facts setup's background step relies on.
type BackgroundFacts struct {
	Variable string // the setting the model is written to
	Requests string // what those requests are, for the questions
	Default  string // the model the tool uses when nothing names one
}

// BackgroundTools are the registered tools that have a background step.
func BackgroundTools() []gateway.ToolID {
	var out []gateway.ToolID
	for _, t := range tool.All() {
		if _, ok := t.Impl.(BackgroundStep); ok {
			out = append(out, t.ID)
		}
	}
	return out
}

// IsBackgroundTool is a tool setup settles a background model for (its
// Impl is a BackgroundStep), as a filter for tool.Titles.
func IsBackgroundTool(t tool.Tool) bool { _, ok := t.Impl.(BackgroundStep); return ok }

// Background is what setup knows about a tool's background model: the
// one the tool will use (set in its files, or its built-in default), and
// the served small model to set instead when the gateway's list lacks it.
type Background struct {
	Env      *env.Env
	Title    string // the tool's
	Variable string
	Requests string
	Current  discover.Value
	Pick     string // "" when nothing needs to change
}

// backgroundTool is the first of tools that has a background step.
func backgroundTool(tools []gateway.ToolID) (tool.Tool, BackgroundStep, bool) {
	for _, id := range tools {
		t, ok := tool.Lookup(string(id))
		if !ok {
			continue
		}
		if st, ok := t.Impl.(BackgroundStep); ok {
			return t, st, true
		}
	}
	return tool.Tool{}, nil, false
}

// PlanBackground decides whether setup must set a tool's background
// model: only when it writes such a tool, nothing (flag, variable,
// config) named one, and the gateway's model list, ids, lacks the one the
// tool would use. ok is false when there is nothing to decide.
func PlanBackground(e *env.Env, project string, p gateway.Profile, tools []gateway.ToolID, ids []string) (Background, bool) {
	t, st, ok := backgroundTool(tools)
	if !ok || p.BackgroundModel != "" {
		return Background{}, false
	}
	own, _ := discover.Discover(e, discover.OptionsFor(p, project)).Own(t.ID)
	b := Background{Env: e, Title: t.Title, Current: own.Background()}
	facts := st.SetupBackground()
	b.Variable, b.Requests = facts.Variable, facts.Requests
	if len(ids) == 0 || slices.ContainsFunc(ids, func(id string) bool { return strings.EqualFold(id, b.Current.Value) }) {
		return b, true
	}
	if b.Pick = probe.ClosestSmall(b.Current.Value, p.Model, ids); b.Pick == "" {
		b.Pick = p.Model // served: the main model works for background requests too
	}
	return b, true
}

// Describe names the model the tool would use and why.
func (b Background) Describe() string {
	v := b.Current.Value
	if b.Current.Source.Default {
		return v + " (" + b.Title + "'s default)"
	}
	src := b.Current.Source
	if src.File != "" {
		return fmt.Sprintf("%s (set in %s)", v, b.Env.Tilde(src.File))
	}
	return fmt.Sprintf("%s (from $%s)", v, src.Key)
}

// Apply sets the picked model on the profile with a note saying why.
func (b Background) Apply(p *gateway.Profile, pick string) {
	p.BackgroundModel = pick
	p.Sources[gateway.FieldBackgroundModel] = "the gateway's model list"
	p.Notes = append(p.Notes, gateway.Note{Message: fmt.Sprintf(
		"the gateway does not list %s, the model of %s's background requests: setting %s to %s",
		b.Describe(), b.Title, b.Variable, pick)})
}

// SettleBackground is --yes's (and no terminal's) answer: ask the gateway
// for its models (list; nil asks nothing, as --offline) and set the
// closest small one it serves when it lacks a written tool's background
// model.
func SettleBackground(ctx context.Context, e *env.Env, project string, p *gateway.Profile, tools []gateway.ToolID,
	list func(ctx context.Context, root, key string) ([]string, error)) {
	if _, _, ok := backgroundTool(tools); list == nil || !ok || p.BackgroundModel != "" {
		return
	}
	ids, err := list(ctx, p.BaseURL, p.Key)
	if err != nil {
		b, _ := PlanBackground(e, project, *p, tools, nil)
		p.Notes = append(p.Notes, gateway.Note{Message: fmt.Sprintf(
			"could not list the gateway's models (%v): %s's background model stays %s; 'keydoctor doctor' checks whether the gateway serves it",
			err, b.Title, b.Describe())})
		return
	}
	if b, _ := PlanBackground(e, project, *p, tools, ids); b.Pick != "" {
		b.Apply(p, b.Pick)
	}
}

// AskBackground: when a written tool has a background model and the
// gateway's list lacks it, offer the served models, the closest small one
// first.
func (w *Wizard) AskBackground(ctx context.Context) error {
	p := &w.Profile
	if w.ListModels == nil {
		return nil
	}
	b, ok := PlanBackground(w.Env, w.Project, *p, w.Tools, w.IDs)
	if !ok {
		return nil
	}
	if w.ListErr != nil {
		w.Say("%s's background model stays %s: the gateway's models could not be listed; 'keydoctor doctor' checks it\n", b.Title, b.Describe())
		return nil
	}
	if b.Pick == "" {
		return nil
	}
	w.Say("the gateway does not list %s, the model of %s's background requests (%s): they would fail\n", b.Describe(), b.Title, b.Requests)
	const keep = "\x00keep"
	opts := []Option{{Label: b.Pick + " (closest small model)", Value: b.Pick}}
	for _, id := range w.IDs {
		if id != b.Pick {
			opts = append(opts, Option{Label: id, Value: id})
		}
	}
	opts = append(opts, Option{Label: "leave it (its background requests will fail)", Value: keep})
	choice := b.Pick
	if err := w.Ask.Select(ctx, fmt.Sprintf("%s's background model (%s)", b.Title, b.Variable), opts, &choice); err != nil {
		return err
	}
	if choice != keep {
		b.Apply(p, choice)
	}
	return nil
}

// AskProfileBackground offers the gateway's models for the background
// requests of the first of w.Tools that makes them (profile add), the
// closest small one first when the gateway does not serve the tool's
// own; "none" leaves the tool's default. Without a list the id is typed
// (Enter: none).
func (w *Wizard) AskProfileBackground(ctx context.Context) error {
	t, st, ok := backgroundTool(w.Tools)
	if !ok {
		return nil
	}
	p, facts := &w.Profile, st.SetupBackground()
	const none = "\x00none"
	def := facts.Default
	if len(w.IDs) == 0 {
		var typed string
		if err := w.Ask.Input(ctx, Input{Title: t.Title + "'s background model (Enter: its default, " + def + ")"}, &typed); err != nil {
			return err
		}
		p.BackgroundModel = strings.TrimSpace(typed)
		return nil
	}
	choice := none
	opts := []Option{{Label: "none: " + t.Title + "'s default (" + def + ")", Value: none}}
	pick := ""
	if !slices.ContainsFunc(w.IDs, func(id string) bool { return strings.EqualFold(id, def) }) {
		if pick = probe.ClosestSmall(def, p.Model, w.IDs); pick != "" {
			w.Say("the gateway does not list %s, the model of %s's background requests (%s)\n", def, t.Title, facts.Requests)
			opts = append(opts, Option{Label: pick + " (closest small model)", Value: pick})
			choice = pick
		}
	}
	for _, id := range w.IDs {
		if id != pick {
			opts = append(opts, Option{Label: id, Value: id})
		}
	}
	if err := w.Ask.Select(ctx, t.Title+"'s background model", opts, &choice); err != nil {
		return err
	}
	if choice != none {
		p.BackgroundModel = choice
	}
	return nil
}
