package main

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/probe"
	"github.com/keydoctor/keydoctor/internal/redact"
	"github.com/keydoctor/keydoctor/internal/tool/claude"
)

// backgroundPlan is what setup knows about Claude Code's background model:
// the one Claude Code will use (set in its settings, or its built-in
// default), and the served small model to set instead when the gateway's
// list lacks it.
type backgroundPlan struct {
	current discover.Value
	pick    string // "" when nothing needs to change
}

// planBackground decides whether setup must set Claude Code's background
// model: only when it writes Claude Code, nothing (flag, variable, config)
// named one, and the gateway's model list lacks the one Claude Code would
// use. ids is that list.
func planBackground(o *setupOptions, p gateway.Profile, tools []gateway.ToolID, ids []string) backgroundPlan {
	if !slices.Contains(tools, claude.ID) || p.BackgroundModel != "" {
		return backgroundPlan{}
	}
	claude, _ := discover.Discover(o.Env, discover.OptionsFor(p, o.Project)).Own(claude.ID)
	bp := backgroundPlan{current: claude.Background()}
	if len(ids) == 0 || slices.ContainsFunc(ids, func(id string) bool { return strings.EqualFold(id, bp.current.Value) }) {
		return bp
	}
	if bp.pick = probe.ClosestSmall(bp.current.Value, p.Model, ids); bp.pick == "" {
		bp.pick = p.Model // served: the main model works for background requests too
	}
	return bp
}

// describe names the model Claude Code would use and why.
func (b backgroundPlan) describe(e *env.Env) string {
	v := redact.Untrusted(b.current.Value) // a settings file or a variable chose it
	if b.current.Source.Default {
		return v + " (Claude Code's default)"
	}
	src := b.current.Source
	if src.File != "" {
		return fmt.Sprintf("%s (set in %s)", v, e.Tilde(src.File))
	}
	return fmt.Sprintf("%s (from $%s)", v, src.Key)
}

// apply sets the picked model on the profile with a note saying why.
func (b backgroundPlan) apply(o *setupOptions, p *gateway.Profile, pick string) {
	p.BackgroundModel = pick
	p.Sources[gateway.FieldBackgroundModel] = "the gateway's model list"
	p.Notes = append(p.Notes, gateway.Note{Message: fmt.Sprintf(
		"the gateway does not list %s, the model of Claude Code's background requests: setting ANTHROPIC_DEFAULT_HAIKU_MODEL to %s",
		b.describe(o.Env), pick)})
}

// settleBackground is --yes's (and no terminal's) answer: ask the gateway
// for its models (unless --offline) and set the closest small one it
// serves when it lacks Claude Code's background model.
func (o *setupOptions) settleBackground(ctx context.Context, p *gateway.Profile, tools []gateway.ToolID) {
	if o.Offline || o.ListModels == nil || !slices.Contains(tools, claude.ID) || p.BackgroundModel != "" {
		return
	}
	ids, err := o.ListModels(ctx, p.BaseURL, p.Key)
	if err != nil {
		bp := planBackground(o, *p, tools, nil)
		p.Notes = append(p.Notes, gateway.Note{Message: fmt.Sprintf(
			"could not list the gateway's models (%v): Claude Code's background model stays %s; 'keydoctor doctor' checks whether the gateway serves it",
			err, bp.describe(o.Env))})
		return
	}
	if bp := planBackground(o, *p, tools, ids); bp.pick != "" {
		bp.apply(o, p, bp.pick)
	}
}

// trimKey removes white space around the key, as URLs are trimmed: a key
// pasted with a trailing space or newline is still the key. White space
// inside it is left for CheckKey to refuse.
func trimKey(o *setupOptions, p *gateway.Profile) {
	k := strings.TrimSpace(p.Key)
	if k == p.Key || k == "" {
		return
	}
	p.Key = k
	fmt.Fprintf(o.Err, "keydoctor: note: removed the white space around the key from %s\n", p.Source(gateway.FieldKey))
}
