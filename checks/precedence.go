package checks

import (
	"context"
	"fmt"

	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env"
)

// overriddenCheck reports value-overridden: a value shadowed by a
// higher-precedence source with a different value (the same value
// shadowed is harmless and not reported). A warning: the tool works with
// the winning value, but whoever edits the shadowed place sees no effect
// (the classic: a base URL exported in the shell that a tool ignores
// because its settings file sets another).
type overriddenCheck struct{ snap *discover.Snapshot }

func (overriddenCheck) Name() string { return "precedence" }

func (c overriddenCheck) Run(_ context.Context, e *env.Env) []doctor.Finding {
	var out []doctor.Finding
	for _, t := range c.snap.Tools {
		for _, part := range []struct {
			name string
			v    discover.Value
			key  bool
		}{{"base URL", t.Base, false}, {"key", t.Key, true}, {"model", t.Model, false}} {
			for _, o := range part.v.Overrides {
				if o.Value == part.v.Value {
					continue
				}
				show := func(v discover.Value) string {
					if part.key {
						return doctor.ShowKey(v.Value)
					}
					return fmt.Sprintf("%q", v.Value)
				}
				msg := fmt.Sprintf("%s uses the %s %s from %s; %s from %s is shadowed and has no effect",
					t.Label, part.name, show(part.v), where(e, part.v), show(o), where(e, o))
				s := catalog.Slots{Remove: removeFix(e, o.Source), Was: show(o), Edit: setAt(e, part.v.Source, o.Value)}
				if part.key {
					s.Was, s.Edit = "the shadowed key", setKeyAt(e, part.v.Source, "that key")
				}
				out = append(out, finding(t, catalog.ValueOverridden, doctor.Warning, msg, catalog.Render(catalog.ValueOverridden, s), src(e, o)))
			}
		}
	}
	if len(out) == 0 {
		out = append(out, doctor.Finding{Status: doctor.OK, Message: "no value is shadowed by a different one"})
	}
	return out
}
