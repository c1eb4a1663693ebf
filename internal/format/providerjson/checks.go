package providerjson

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
	"github.com/keydoctor/keydoctor/internal/gateway"
)

// check holds the format's traps: a model its provider does not declare
// (the tool fails before any request), an {env:VAR} key naming an unset
// variable (no auth header, and it still beats the auth file), and a
// config layer above the global file that overrides what setup wrote.
// Each is judged by the installed version's sheet (Format.Facts).
type check struct {
	f       Format
	snap    *discover.Snapshot
	version string // the installed tool's, "" when none was detected
}

func (c check) Name() string { return string(c.f.ID) }

func (c check) Run(_ context.Context, e *env.Env) []doctor.Finding {
	f, id := c.f, string(c.f.ID)
	sheet := f.Facts.Value(c.version)
	layers := f.StateOf(c.snap).At(sheet, f.Config(e))
	o := &layers
	model, pid, name, p := o.Effective()
	if !model.Set() {
		return nil
	}
	var out []doctor.Finding
	at := model.Source.Where(e)
	if sheet.FailsOnUndeclared && (p.NPM.Set() || p.BaseURL.Set()) && name != "" && !slices.Contains(p.Models, name) {
		out = append(out, doctor.Finding{Code: catalog.ModelUndeclared, Status: doctor.Error, Tool: gateway.ToolID(id),
			Message: fmt.Sprintf("%s's model %q (%s) is not declared under provider.%s.models: %s", f.Title, model.Value, at, pid, f.Undeclared),
			Fix: catalog.Render(catalog.ModelUndeclared, catalog.Slots{Value: name, Key: "provider." + pid + ".models",
				File: e.Tilde(f.Config(e)), Command: checks.SetupFor(id)}),
			Source: at})
	}
	if ref := EnvRef(p.APIKey.Value); ref != "" && sheet.UnsetEnvSendsNoAuth {
		if _, ok := e.Lookup(ref); !ok {
			effect, file := "", f.Config(e)
			if f.Auth != nil && sheet.EmptyEnvBeatsAuth {
				effect, file = ", and the empty value still beats auth.json", f.Auth(e)
			}
			out = append(out, doctor.Finding{Code: catalog.EnvMissing, Status: doctor.Error, Tool: gateway.ToolID(id),
				Message: fmt.Sprintf("provider.%s.options.apiKey is {env:%s} (%s) and %s is not set: %s sends no auth header (401)%s", pid, ref, p.APIKey.Source.Where(e), ref, f.who(c.version), effect),
				Fix: catalog.Render(catalog.EnvMissing, catalog.Slots{Edit: checks.SetKeyAt(e, discover.Source{Key: ref}, "<your gateway key>"),
					Command: checks.SetupFor(id), Value: "the key", File: e.Tilde(file)}),
				Source: p.APIKey.Source.Where(e)})
		}
	}
	if !sheet.LayersOverride {
		return out
	}
	return append(out, c.overridden(e, o, pid)...)
}

// overridden are the layers after the global config that set what setup
// wrote there.
func (c check) overridden(e *env.Env, o *State, pid string) []doctor.Finding {
	var out []doctor.Finding
	above := false
	for _, l := range o.Layers {
		if !above {
			above = l.Role == "config"
			continue
		}
		var what []string
		if l.Model.Set() {
			what = append(what, "model")
		}
		if lp, ok := l.Providers[pid]; ok {
			for _, f := range []struct {
				v    discover.Value
				name string
			}{{lp.BaseURL, "options.baseURL"}, {lp.APIKey, "options.apiKey"}, {lp.NPM, "npm"}} {
				if f.v.Set() {
					what = append(what, "provider."+pid+"."+f.name)
				}
			}
		}
		if len(what) == 0 {
			continue
		}
		where := l.Path
		if where == "" {
			where = "$" + c.f.ContentVar
		} else {
			where = e.Tilde(where)
		}
		global := e.Tilde(c.f.Config(e))
		out = append(out, doctor.Finding{Code: catalog.ValueOverridden, Status: doctor.Warning, Tool: c.f.ID,
			Message: fmt.Sprintf("%s sets %s and beats %s (%s)", where, strings.Join(what, ", "), global, c.f.Precedence),
			Fix:     catalog.Render(catalog.ValueOverridden, catalog.Slots{Remove: checks.RemoveAll(what, where), File: global}),
			Source:  where})
	}
	return out
}

// ChecksOffline places the format's checks at the layers stage.
func (f Format) ChecksOffline(o checks.Options) []checks.Staged {
	return []checks.Staged{{Stage: checks.StageLayers, Check: check{f, o.Snapshot, o.Version(f.ID)}}}
}
