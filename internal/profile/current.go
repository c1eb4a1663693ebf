package profile

import (
	"fmt"
	"slices"
	"strings"

	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/redact"
	"github.com/keydoctor/keydoctor/templates"
)

// FilesSource is the source name of values read from the tools' files.
const FilesSource = "the tools' files"

// Current is what the configured tools hold now, for a setup made before
// profiles existed: the stored-profile layer setup starts from, so that a
// field not given keeps its current value rather than the preset's
// default. A field the tools disagree on takes the value a strict
// majority holds (Notes say so); with no majority it is left out and
// Conflicts says why, for the caller to refuse when nothing else gives it.
type Current struct {
	Layer     *Layer // nil when no tool is configured
	Notes     map[gateway.Field]string
	Conflicts map[gateway.Field]string
}

// vote is one tool's value of a field.
type vote struct{ label, value string }

// FromTools reads the current values from snap's configured tools (only
// those in only, when given). Only values read from files count: a
// variable still set is what Load reads itself.
func FromTools(snap *discover.Snapshot, only []gateway.ToolID) Current {
	votes := map[gateway.Field][]vote{}
	add := func(f gateway.Field, label string, v discover.Value, value string) {
		if v.Source.File != "" && !v.Source.Default && value != "" {
			votes[f] = append(votes[f], vote{label, value})
		}
	}
	for _, t := range snap.Tools {
		if t.MCP || !t.Base.Configured() || len(only) > 0 && !slices.Contains(only, t.ID) {
			continue
		}
		root := t.Base.Value
		if n, err := gateway.Normalize(root); err == nil {
			root = n.Root
		}
		add(gateway.FieldBaseURL, t.Label, t.Base, root)
		add(gateway.FieldModel, t.Label, t.Model, t.Model.Value)
		add(gateway.FieldBackgroundModel, t.Label, t.BackgroundModel, t.BackgroundModel.Value)
		add(gateway.FieldKey, t.Label, t.Key, t.Key.Value)
	}
	c := Current{Notes: map[gateway.Field]string{}, Conflicts: map[gateway.Field]string{}}
	if len(votes) == 0 {
		return c
	}
	l := &Layer{Source: FilesSource}
	for f, dst := range map[gateway.Field]*string{gateway.FieldBaseURL: &l.BaseURL, gateway.FieldModel: &l.Model,
		gateway.FieldBackgroundModel: &l.BackgroundModel, gateway.FieldKey: &l.Key} {
		*dst = c.decide(f, votes[f])
	}
	for _, pr := range templates.Presets() {
		if pr.BaseURL != "" && l.BaseURL != "" {
			if n, err := gateway.Normalize(pr.BaseURL); err == nil && n.Root == l.BaseURL {
				l.Preset = pr.Name // a base URL of no preset is a custom gateway
			}
		}
	}
	c.Layer = l
	return c
}

// decide picks a field's value: the one every tool holds, else the one a
// strict majority holds (noted), else none (a conflict).
func (c *Current) decide(f gateway.Field, vs []vote) string {
	if len(vs) == 0 {
		return ""
	}
	var order []string
	by := map[string][]string{}
	for _, v := range vs {
		if _, seen := by[v.value]; !seen {
			order = append(order, v.value)
		}
		by[v.value] = append(by[v.value], v.label)
	}
	if len(order) == 1 {
		return order[0]
	}
	slices.SortStableFunc(order, func(a, b string) int { return len(by[b]) - len(by[a]) })
	show := func(v string) string {
		shown := v
		if f == gateway.FieldKey {
			shown = redact.Shown(v)
		}
		return fmt.Sprintf("%s (%s)", shown, strings.Join(by[v], ", "))
	}
	var rest []string
	for _, v := range order[1:] {
		rest = append(rest, show(v))
	}
	part := fieldName(f)
	if top := order[0]; 2*len(by[top]) > len(vs) {
		c.Notes[f] = fmt.Sprintf("the tools disagree on %s: kept %s, which most of them hold, over %s", part, show(top), strings.Join(rest, ", "))
		return top
	}
	c.Conflicts[f] = fmt.Sprintf("the tools disagree on %s: %s, %s", part, show(order[0]), strings.Join(rest, ", "))
	return ""
}

func fieldName(f gateway.Field) string {
	switch f {
	case gateway.FieldBaseURL:
		return "the base URL"
	case gateway.FieldBackgroundModel:
		return "the background model"
	case gateway.FieldKey:
		return "the key"
	}
	return "the model"
}
