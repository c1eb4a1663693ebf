package pi

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

// piCheck holds Pi's traps (docs/tools.md, "Pi"): a default model its
// provider does not declare (pi silently takes another), an apiKey naming
// an unset variable (pi sends the name itself), and the settings and keys
// that beat what setup wrote: the project's .pi/settings.json and
// auth.json. The doubled /v1 of an anthropic-messages provider is the
// URL checks' (the provider's wire rule, Rule). Each is judged by the
// installed version's Facts.
type piCheck struct {
	snap    *discover.Snapshot
	version string // the installed Pi's, "" when none was detected
}

func (piCheck) Name() string { return "pi" }

func (c piCheck) Run(_ context.Context, e *env.Env) []doctor.Finding {
	st := StateOf(c.snap)
	sheet := Facts.Value(c.version)
	provider, model, p, ok := st.EffectiveAt(sheet)
	if !provider.Set() || !model.Set() {
		return nil
	}
	t := discover.Tool{ID: ID, Label: "Pi (provider " + provider.Value + ")"}
	if own, found := c.snap.Own(ID); found {
		t = own
	}
	pi := who(c.version)
	var out []doctor.Finding
	if f, bad := fallback(e, st, provider, model, p, ok, pi); sheet.FallsBackSilently && bad {
		out = append(out, checks.ByTriple(e, checks.Finding(t, catalog.PiModelFallback, doctor.Error, f.msg,
			catalog.Render(catalog.PiModelFallback, catalog.Slots{Edit: f.edit, Command: checks.SetupFor(piID)}), ""), f.at))
	}
	authWins := sheet.AuthFileWins && st.Auth[provider.Value].Set()
	if sheet.SendsUnsetVarName && ok && FormOf(e, p.APIKey.Value) == KeyVar && !authWins {
		if _, set := e.Lookup(p.APIKey.Value); !set {
			ref := p.APIKey.Value
			out = append(out, checks.Placed(e, checks.Finding(t, catalog.EnvMissing, doctor.Error,
				fmt.Sprintf("providers.%s.apiKey is %q (%s) and %s is not set: %s sends the name itself as the key, and the gateway answers 401", provider.Value, ref, p.APIKey.Source.Where(e), ref, pi),
				catalog.Render(catalog.EnvMissing, catalog.Slots{Edit: checks.SetKeyAt(e, discover.Source{Key: ref}, "<your gateway key>"),
					Command: checks.SetupFor(piID) + " --pi-auth file", Value: "the key", File: e.Tilde(st.ModelsPath)}), ""), discover.Source{Key: ref}))
		}
	}
	out = append(out, overridden(e, st, provider, p, t, sheet, pi)...)
	return out
}

type fallbackFinding struct {
	msg, edit string // the message, and the edit clause of the fix
	at        discover.Source
}

// fallback is pi-model-fallback when settings.json's model is not one pi
// loads from models.json (a built-in provider's model is pi's own list,
// which keydoctor does not judge).
func fallback(e *env.Env, st *State, provider, model discover.Value, p Provider, ok bool, pi string) (fallbackFinding, bool) {
	id, name := provider.Value, model.Value
	at := discover.Source{File: st.ModelsPath, Key: Providers + "." + id + "." + Models}
	switch {
	case !ok && slices.Contains(BuiltIn, id):
		return fallbackFinding{}, false
	case !ok:
		return fallbackFinding{
			msg:  fmt.Sprintf("settings.json's defaultProvider %q (%s) is not a provider of %s: %s silently starts with another model than %q", id, provider.Source.Where(e), e.Tilde(st.ModelsPath), pi, name),
			edit: fmt.Sprintf("add the provider %q with the model %q to %s", id, name, e.Tilde(st.ModelsPath)), at: at}, true
	case !slices.Contains(BuiltIn, id):
		var missing []string
		for _, f := range []struct {
			v    discover.Value
			name string
		}{{p.BaseURL, BaseURL}, {p.APIKey, APIKey}, {p.API, API}} {
			if !f.v.Set() && (f.name != API || !allHaveAPI(p)) {
				missing = append(missing, f.name)
			}
		}
		if len(missing) > 0 && len(p.Models) > 0 {
			return fallbackFinding{
				msg:  fmt.Sprintf("providers.%s in %s has models but no %s: %s rejects the whole models.json and silently starts with another model than %q", id, e.Tilde(st.ModelsPath), strings.Join(missing, ", "), pi, name),
				edit: fmt.Sprintf("set %s of providers.%s in %s", strings.Join(missing, ", "), id, e.Tilde(st.ModelsPath)), at: discover.Source{File: st.ModelsPath, Key: Providers + "." + id}}, true
		}
	}
	if _, declared := p.Find(name); declared {
		return fallbackFinding{}, false
	}
	if slices.Contains(BuiltIn, id) && len(p.Models) == 0 {
		return fallbackFinding{}, false // an override of a built-in provider keeps its own models
	}
	return fallbackFinding{
		msg:  fmt.Sprintf("settings.json's defaultModel %q (%s) is not declared under providers.%s.models in %s: %s silently starts with another model", name, model.Source.Where(e), id, e.Tilde(st.ModelsPath), pi),
		edit: fmt.Sprintf("add the model %q to providers.%s.models in %s", name, id, e.Tilde(st.ModelsPath)), at: at}, true
}

// allHaveAPI reports whether every model of p names its own api.
func allHaveAPI(p Provider) bool {
	for _, m := range p.Models {
		if !m.API.Set() {
			return false
		}
	}
	return true
}

// overridden are value-overridden for what beats the files setup writes:
// the project's settings.json, and auth.json's key for the provider.
func overridden(e *env.Env, st *State, provider discover.Value, p Provider, t discover.Tool, sheet Sheet, pi string) []doctor.Finding {
	var out []doctor.Finding
	var what []string
	for _, v := range []struct {
		v    discover.Value
		name string
	}{{st.Project.Provider, DefaultProvider}, {st.Project.Model, DefaultModel}} {
		if v.v.Set() {
			what = append(what, v.name)
		}
	}
	if len(what) > 0 && sheet.ProjectSettingsWin {
		where := e.Tilde(st.ProjectPath)
		out = append(out, checks.Placed(e, checks.Finding(t, catalog.ValueOverridden, doctor.Warning,
			fmt.Sprintf("%s sets %s and beats %s when pi runs in that directory (%s merges the project's .pi/settings.json over the global one)", where, strings.Join(what, ", "), e.Tilde(st.SettingsPath), pi),
			catalog.Render(catalog.ValueOverridden, catalog.Slots{Remove: checks.RemoveAll(what, where), File: e.Tilde(st.SettingsPath)}), ""),
			discover.Source{File: st.ProjectPath, Key: what[0], Line: lineOf(st.Project, what[0])}))
	}
	if k := st.Auth[provider.Value]; sheet.AuthFileWins && k.Set() && p.APIKey.Set() {
		out = append(out, checks.Placed(e, checks.Finding(t, catalog.ValueOverridden, doctor.Warning,
			fmt.Sprintf("%s holds an API key for %s (%s): %s sends it, not providers.%s.apiKey of %s", e.Tilde(st.AuthPath), provider.Value, checks.MaskKey(k.Value), pi, provider.Value, e.Tilde(st.ModelsPath)),
			catalog.Render(catalog.ValueOverridden, catalog.Slots{Remove: checks.RemoveFix(e, discover.Source{File: st.AuthPath, Key: provider.Value}), File: e.Tilde(st.ModelsPath)}), ""),
			k.Source))
	}
	return out
}

func lineOf(s Settings, key string) int {
	if key == DefaultProvider {
		return s.Provider.Source.Line
	}
	return s.Model.Source.Line
}

// ChecksOffline adds Pi's own checks at the layers stage.
func (impl) ChecksOffline(o checks.Options) []checks.Staged {
	return []checks.Staged{{Stage: checks.StageLayers, Check: piCheck{o.Snapshot, o.Version(ID)}}}
}
