package checks

import (
	"context"
	"fmt"
	"strings"

	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
	"github.com/keydoctor/keydoctor/internal/human"
)

// driftCheck reports triple-drift: tools that disagree on the gateway
// root, the key or the model. A warning: each tool may work, but not with
// the same gateway account or model, which is what the user set up.
//
// The reference is the profile where the user set that part explicitly
// (flag, KEYDOCTOR_*, preset variable, config file), else the value most
// tools share (ties: the first tool in display order). Base URLs compare
// by the gateway each tool reaches (compareBases). Tools that point at a
// loopback relay (catalog.Relays) are left out of base and
// key comparisons: the relay holds the real gateway and key.
type driftCheck struct {
	snap    *discover.Snapshot
	profile gateway.Profile
}

func (driftCheck) Name() string { return "consistency" }

type driftItem struct {
	t     discover.Tool
	v     discover.Value
	value string // compared form
}

func (c driftCheck) Run(_ context.Context, e *env.Env) []doctor.Finding {
	var bases, keys, models []driftItem
	for _, t := range c.snap.Tools {
		relay := t.Base.Configured() && gateway.IsLoopbackURL(t.Base.Value)
		if t.Base.Configured() && !relay {
			if p, notes := t.Rule.Diagnose(t.Base.Value); !hasCode(notes, catalog.URLInvalid) {
				bases = append(bases, driftItem{t, t.Base, p.Root})
			}
		}
		if t.Key.Configured() && t.Key.Value != "" && !relay && !t.KeyCommand {
			keys = append(keys, driftItem{t, t.Key, t.Key.Value})
		}
		if t.Model.Configured() {
			models = append(models, driftItem{t, t.Model, t.Model.Value})
		}
	}
	var out []doctor.Finding
	out = append(out, c.compareBases(e, bases, c.explicit(gateway.FieldBaseURL, c.profile.BaseURL))...)
	out = append(out, c.compare(e, "key", keys, c.explicit(gateway.FieldKey, c.profile.Key))...)
	out = append(out, c.compare(e, "model", models, c.explicit(gateway.FieldModel, c.profile.Model))...)
	if len(out) == 0 {
		n := max(len(bases), len(keys), len(models))
		if n < 2 && c.profile.Sources[gateway.FieldBaseURL] == "" {
			return []doctor.Finding{skip("", "fewer than two tools configured: nothing to compare")}
		}
		msg := fmt.Sprintf("%s on base URL, key and model", human.Count(n, "tool agrees", "tools agree"))
		if n == 1 {
			msg = "the one tool configured agrees with the profile on base URL, key and model"
		}
		out = append(out, doctor.Finding{Status: doctor.OK, Message: msg})
	}
	return out
}

type reference struct {
	value, from string
	ok          bool
}

// explicit is the profile's value when the user set it (not a preset default).
func (c driftCheck) explicit(f gateway.Field, v string) reference {
	s := c.profile.Sources[f]
	if v == "" || s == "" || strings.HasPrefix(s, "preset ") {
		return reference{}
	}
	if isVarName(s) { // a variable: TAOTOKEN_MODEL; not "profile home", "keydoctor.yaml" or a flag
		s = "$" + s
	}
	return reference{v, "the profile (" + s + ") has", true}
}

func (c driftCheck) compare(e *env.Env, part string, items []driftItem, ref reference) []doctor.Finding {
	if !ref.ok {
		if len(items) < 2 {
			return nil
		}
		ref = majority(items)
	}
	var out []doctor.Finding
	for _, it := range items {
		if it.value == ref.value {
			continue
		}
		show, want := fmt.Sprintf("%q", it.value), fmt.Sprintf("%q", ref.value)
		var s catalog.Slots
		switch part {
		case "key":
			show, want = doctor.ShowKey(it.value), doctor.ShowKey(ref.value)
			s.Edit = setKeyAt(e, it.v.Source, "the key the other tools use")
		default:
			s.Edit = setAt(e, it.v.Source, ref.value)
		}
		if setupCmd(it.t) != "" {
			s.Command = "keydoctor setup"
		}
		msg := fmt.Sprintf("%s uses %s %s (%s), but %s %s", it.t.Label, part, show, where(e, it.v), ref.from, want)
		out = append(out, ByTriple(e, finding(it.t, catalog.TripleDrift, doctor.Warning, msg, catalog.Render(catalog.TripleDrift, s), src(e, it.v)), it.v.Source))
	}
	return out
}

// majority is the value most items share; ties go to the first seen.
func majority(items []driftItem) reference {
	count := map[string]int{}
	var users = map[string][]string{}
	best := ""
	for _, it := range items {
		count[it.value]++
		users[it.value] = append(users[it.value], it.t.Label)
		if best == "" || count[it.value] > count[best] {
			best = it.value
		}
	}
	verb := " has"
	if len(users[best]) > 1 {
		verb = " have"
	}
	return reference{best, strings.Join(users[best], ", ") + verb, true}
}

func hasCode(notes []gateway.Note, code catalog.Code) bool {
	for _, n := range notes {
		if n.Code == code {
			return true
		}
	}
	return false
}

// isVarName reports whether s is spelled as an environment variable is.
func isVarName(s string) bool {
	for i, r := range s {
		if !(r == '_' || r >= 'A' && r <= 'Z' || i > 0 && r >= '0' && r <= '9') {
			return false
		}
	}
	return s != ""
}
