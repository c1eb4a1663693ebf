package opencode

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

// openCodeCheck holds OpenCode's traps (docs/tools.md, "OpenCode"): a
// model its provider does not declare (an opaque UnknownError, no
// request), an {env:VAR} key naming an unset variable (no auth header,
// and it still beats auth.json), and a config layer above the global file
// that overrides what setup wrote.
type openCodeCheck struct{ snap *discover.Snapshot }

func (openCodeCheck) Name() string { return "opencode" }

func (c openCodeCheck) Run(_ context.Context, e *env.Env) []doctor.Finding {
	o := StateOf(c.snap)
	model, id, name, p := o.Effective()
	if !model.Set() {
		return nil
	}
	var out []doctor.Finding
	at := model.Source.Where(e)
	if (p.NPM.Set() || p.BaseURL.Set()) && name != "" && !slices.Contains(p.Models, name) {
		out = append(out, doctor.Finding{Code: catalog.ModelUndeclared, Status: doctor.Error, Tool: openCodeID,
			Message: fmt.Sprintf("OpenCode's model %q (%s) is not declared under provider.%s.models: it fails with an opaque UnknownError before any request", model.Value, at, id),
			Fix: catalog.Render(catalog.ModelUndeclared, catalog.Slots{Value: name, Key: "provider." + id + ".models",
				File: e.Tilde(Config(e)), Command: checks.SetupFor(openCodeID)}),
			Source: at})
	}
	if ref := EnvRef(p.APIKey.Value); ref != "" {
		if _, ok := e.Lookup(ref); !ok {
			out = append(out, doctor.Finding{Code: catalog.EnvMissing, Status: doctor.Error, Tool: openCodeID,
				Message: fmt.Sprintf("provider.%s.options.apiKey is {env:%s} (%s) and %s is not set: OpenCode sends no auth header (401), and the empty value still beats auth.json", id, ref, p.APIKey.Source.Where(e), ref),
				Fix: catalog.Render(catalog.EnvMissing, catalog.Slots{Edit: checks.SetKeyAt(e, discover.Source{Key: ref}, "<your gateway key>"),
					Command: checks.SetupFor(openCodeID), Value: "the key", File: e.Tilde(Auth(e))}),
				Source: p.APIKey.Source.Where(e)})
		}
	}
	above := false // only the layers after the global opencode.json beat it
	for _, l := range o.Layers {
		if !above {
			above = l.Role == "config"
			continue
		}
		var what []string
		if l.Model.Set() {
			what = append(what, "model")
		}
		if lp, ok := l.Providers[id]; ok {
			for _, f := range []struct {
				v    discover.Value
				name string
			}{{lp.BaseURL, "options.baseURL"}, {lp.APIKey, "options.apiKey"}, {lp.NPM, "npm"}} {
				if f.v.Set() {
					what = append(what, "provider."+id+"."+f.name)
				}
			}
		}
		if len(what) == 0 {
			continue
		}
		where := l.Path
		if where == "" {
			where = "$" + ContentVar
		} else {
			where = e.Tilde(where)
		}
		out = append(out, doctor.Finding{Code: catalog.ValueOverridden, Status: doctor.Warning, Tool: openCodeID,
			Message: fmt.Sprintf("%s sets %s and beats %s (OpenCode merges the global config.json < opencode.json < opencode.jsonc < $%s < the project's opencode.json < opencode.jsonc, from the git root down < $%s)", where, strings.Join(what, ", "), e.Tilde(Config(e)), ConfigVar, ContentVar),
			Fix:     catalog.Render(catalog.ValueOverridden, catalog.Slots{Remove: checks.RemoveAll(what, where), File: e.Tilde(Config(e))}),
			Source:  where})
	}
	return out
}

// ChecksOffline adds OpenCode's own checks at the layers stage.
func (impl) ChecksOffline(o checks.Options) []checks.Staged {
	return []checks.Staged{{Stage: checks.StageLayers, Check: openCodeCheck{o.Snapshot}}}
}
