package main

import (
	"context"
	"slices"

	"github.com/charmbracelet/huh"
	"github.com/keydoctor/keydoctor/internal/redact"
	"github.com/keydoctor/keydoctor/internal/tool/claude"
)

// askBackground: when Claude Code is configured and the gateway's list
// lacks the model of its background requests, offer the served models,
// the closest small one first.
func (w *wizard) askBackground(ctx context.Context) error {
	p := &w.Profile
	if !slices.Contains(w.Tools, claude.ID) || p.BackgroundModel != "" || w.o.ListModels == nil {
		return nil
	}
	bp := planBackground(w.o, *p, w.Tools, w.IDs)
	if w.ListErr != nil {
		w.Say("Claude Code's background model stays %s: the gateway's models could not be listed; 'keydoctor doctor' checks it\n", bp.describe(w.o.Env))
		return nil
	}
	if bp.pick == "" {
		return nil
	}
	w.Say("the gateway does not list %s, the model of Claude Code's background requests (titles, summaries): they would fail\n", bp.describe(w.o.Env))
	const keep = "\x00keep"
	opts := []huh.Option[string]{huh.NewOption(bp.pick+" (closest small model)", bp.pick)}
	for _, id := range w.IDs {
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
