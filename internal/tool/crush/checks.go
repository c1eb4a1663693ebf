package crush

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/keydoctor/keydoctor/checks"
	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env"
)

// crushCheck holds Crush's traps (docs/tools.md, "Crush"): a selected
// model its provider does not declare (Crush swaps in its default and
// remembers that in its data file), a "$VAR" key naming an unset
// variable, a layer above the global crush.json that overrides what setup
// wrote (the data file Crush writes its own choices into, the project's
// configs), and crushrc scripts keydoctor does not run. Its doubled
// Anthropic /v1 is the generic url-double-version, by the provider
// type's rule (Resolve). Each is judged by the installed version's Facts.
type crushCheck struct {
	snap    *discover.Snapshot
	version string // the installed Crush's, "" when none was detected
}

func (crushCheck) Name() string { return "crush" }

func (c crushCheck) Run(_ context.Context, e *env.Env) []doctor.Finding {
	st := StateOf(c.snap)
	sel, p := st.Effective(Large)
	sheet := Facts.Value(c.version)
	var out []doctor.Finding
	if sel.Provider.Set() || sel.Model.Set() {
		if sheet.FallsBackToDefault {
			out = append(out, c.undeclared(e, st)...)
		}
		if ref := VarRef(p.APIKey.Value); ref != "" && sheet.UnsetVarSendsNoKey {
			if _, ok := e.Lookup(ref); !ok {
				at := p.APIKey.Source.Where(e)
				out = append(out, doctor.Finding{Code: catalog.EnvMissing, Status: doctor.Error, Tool: ID,
					Message: fmt.Sprintf("providers.%s.api_key is %q (%s) and %s is not set: %s sends the provider no key (401)", sel.Provider.Value, p.APIKey.Value, at, ref, who(c.version)),
					Fix: catalog.Render(catalog.EnvMissing, catalog.Slots{Edit: checks.SetKeyAt(e, discover.Source{Key: ref}, "<your gateway key>"),
						Command: checks.SetupFor(crushID), Value: "the key", File: e.Tilde(Global(e))}),
					Source: at})
			}
		}
		if sheet.LayersOverride {
			out = append(out, c.overridden(e, st, sel.Provider.Value)...)
		}
	}
	for _, s := range st.Scripts {
		if !sheet.RunsCrushrc {
			break
		}
		out = append(out, doctor.Finding{Code: catalog.CrushScriptUnread, Status: doctor.Info, Tool: ID,
			Message: fmt.Sprintf("%s is a crushrc: %s runs it as Bash and merges what it sets over the crush.json beside it; keydoctor does not run it, so a provider or model it sets is not in this report", e.Tilde(s), who(c.version)),
			Fix:     catalog.Render(catalog.CrushScriptUnread, catalog.Slots{File: e.Tilde(s), Key: e.Tilde(Global(e))}),
			Source:  e.Tilde(s)})
	}
	return out
}

// undeclared: a selected model (large, then small) on a provider with a
// models list that does not hold it.
func (c crushCheck) undeclared(e *env.Env, st *State) []doctor.Finding {
	var out []doctor.Finding
	for _, which := range []string{Large, Small} {
		sel, p := st.Effective(which)
		if !sel.Model.Set() || !p.BaseURL.Set() || slices.Contains(p.Models, sel.Model.Value) {
			continue
		}
		if which == Small && out != nil {
			continue // one fix declares the model for both
		}
		at := sel.Model.Source.Where(e)
		out = append(out, doctor.Finding{Code: catalog.CrushModelFallback, Status: doctor.Error, Tool: ID,
			Message: fmt.Sprintf("Crush's models.%s.model %q (%s) is not in providers.%s.models: %s silently selects its default model instead (observed: the provider's first model) and writes that choice into %s, where it beats crush.json", which, sel.Model.Value, at, sel.Provider.Value, who(c.version), e.Tilde(Data(e))),
			Fix: catalog.Render(catalog.CrushModelFallback, catalog.Slots{Value: sel.Model.Value, Key: ProvidersKey + "." + sel.Provider.Value + "." + Models,
				File: e.Tilde(Global(e)), Was: e.Tilde(Data(e)), Command: checks.SetupFor(crushID)}),
			Source: at})
	}
	return out
}

// overridden: each layer above the global crush.json that sets the
// selection or the selected provider's fields to a value other than the
// layers below it hold.
func (c crushCheck) overridden(e *env.Env, st *State, id string) []doctor.Finding {
	var out []doctor.Finding
	above := false
	for i, l := range st.Layers {
		if !above {
			above = l.Role == "global"
			continue
		}
		below := State{Layers: st.Layers[:i]}
		var what []string
		for _, s := range []struct {
			sel  Selection
			name string
		}{{l.Large, Large}, {l.Small, Small}} {
			was, _ := below.Effective(s.name)
			if differs(s.sel.Provider, was.Provider) || differs(s.sel.Model, was.Model) {
				what = append(what, Models+"."+s.name)
			}
		}
		if lp, ok := l.Providers[id]; ok {
			_, was := below.provider(id)
			for _, f := range []struct {
				v, was discover.Value
				name   string
			}{{lp.BaseURL, was.BaseURL, BaseURL}, {lp.APIKey, was.APIKey, APIKey}, {lp.Type, was.Type, Type}} {
				if differs(f.v, f.was) {
					what = append(what, ProvidersKey+"."+id+"."+f.name)
				}
			}
		}
		if len(what) == 0 {
			continue
		}
		where := e.Tilde(l.Path)
		why := "Crush merges /etc/crush/crush.json < the global crush.json < its crushrc < the data file < the project's crush.json < .crush.json (from the git root down) < .crush/crush.json"
		if l.Role == "data" {
			why = "it is the file Crush writes the model picked in its interface (or its own fallback) into, and it beats the global crush.json"
		}
		out = append(out, doctor.Finding{Code: catalog.ValueOverridden, Status: doctor.Warning, Tool: ID,
			Message: fmt.Sprintf("%s sets %s and beats %s (%s)", where, strings.Join(what, ", "), e.Tilde(Global(e)), why),
			Fix:     catalog.Render(catalog.ValueOverridden, catalog.Slots{Remove: checks.RemoveAll(what, where), File: e.Tilde(Global(e))}),
			Source:  where})
	}
	return out
}

// differs: v is set, to another value than was.
func differs(v, was discover.Value) bool { return v.Set() && v.Value != was.Value }

// ChecksOffline adds Crush's own checks at the layers stage.
func (impl) ChecksOffline(o checks.Options) []checks.Staged {
	return []checks.Staged{{Stage: checks.StageLayers, Check: crushCheck{o.Snapshot, o.Version(ID)}}}
}
