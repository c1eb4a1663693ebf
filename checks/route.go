package checks

import (
	"context"
	"fmt"

	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env"
)

// routeCheck judges where each tool's requests really go (discover.Route).
// A switch, login or other provider that wins over a gateway triple is
// provider-bypass, an error: the tool never sends a byte to the gateway
// whatever the triple says. A tool that deliberately uses a cloud
// provider or its login, with no gateway triple, gets one route-info
// line: nothing of the gateway applies to it.
type routeCheck struct{ snap *discover.Snapshot }

func (routeCheck) Name() string { return "route" }

func (c routeCheck) Run(_ context.Context, e *env.Env) []doctor.Finding {
	var out []doctor.Finding
	for _, t := range c.snap.Tools {
		if t.Route.Gateway() {
			continue
		}
		out = append(out, finding(t, catalog.ProviderBypass, doctor.Error, bypassMessage(e, t), catalog.Render(catalog.ProviderBypass, bypassSlots(e, c.snap, t)), src(e, t.Route.Switch)))
	}
	for _, t := range c.snap.Elsewhere {
		out = append(out, finding(t, catalog.RouteInfo, doctor.Info, routeInfo(e, t), "", src(e, t.Route.Switch)))
	}
	if len(out) == 0 {
		return []doctor.Finding{skip("", "every configured tool sends its requests to the base URL of its triple")}
	}
	return out
}

func routeInfo(e *env.Env, t discover.Tool) string {
	switch t.Route.Kind {
	case discover.RouteCloud:
		return fmt.Sprintf("%s sends its requests to %s (%s=%s in %s), not to a gateway: nothing to check here",
			t.Label, t.Route.Title, t.Route.SwitchVar(), t.Route.Switch.Value, src(e, t.Route.Switch))
	case discover.RouteLogin:
		return fmt.Sprintf("%s uses its %s (%s), not a gateway: nothing to check here", t.Label, t.Route.Title, src(e, t.Route.Switch))
	}
	return fmt.Sprintf("%s uses %s (%s), not a gateway: nothing to check here", t.Label, t.Route.Title, src(e, t.Route.Switch))
}

func bypassMessage(e *env.Env, t discover.Tool) string {
	r := t.Route
	switch r.Kind {
	case discover.RouteCloud:
		return fmt.Sprintf("%s will not use the gateway: %s=%s in %s wins over %s (%s), so every request goes to %s",
			t.Label, r.SwitchVar(), r.Switch.Value, src(e, r.Switch), baseName(t), src(e, t.Base), r.Title)
	case discover.RouteLogin:
		return fmt.Sprintf("%s will not use the gateway: its %s (%s) is what it sends, not a gateway key", t.Label, r.Title, src(e, r.Switch))
	}
	return fmt.Sprintf("%s will not use the gateway: %s (%s) selects %s, not the gateway's entry %s",
		t.Label, r.Switch.Source.Key, src(e, r.Switch), r.Title, src(e, t.Base))
}

// baseName is the key that holds the base URL, without the settings'
// "env." prefix.
func baseName(t discover.Tool) string {
	return discover.Route{Switch: discover.Value{Source: t.Base.Source}}.SwitchVar()
}

// bypassSlots name the exact line to remove, or for a variable the shell
// profile line that exports it.
func bypassSlots(e *env.Env, s *discover.Snapshot, t discover.Tool) catalog.Slots {
	r := t.Route
	switch r.Kind {
	case discover.RouteProvider:
		return catalog.Slots{Edit: setAt(e, r.Switch.Source, r.Want), Command: setupCmd(t)}
	case discover.RouteLogin:
		return catalog.Slots{Edit: fmt.Sprintf("give %s a provider of the gateway with its own key (its %s is not a gateway key)", t.Label, r.Title), Command: setupCmd(t)}
	}
	name := r.SwitchVar()
	if r.Switch.Source.File != "" {
		return catalog.Slots{Remove: fmt.Sprintf("remove the line %q: %q from %s%s", name, r.Switch.Value, e.Tilde(r.Switch.Source.File), atLine(r.Switch.Source)), Command: setupCmd(t)}
	}
	// A settings env value beats the shell (observed 2.1.197): "0" turns
	// the switch off without touching the shell.
	sl := catalog.Slots{Key: name, Edit: fmt.Sprintf("set %q to \"0\" in the env of %s", name, e.Tilde(t.Places.Base.File)),
		Remove: fmt.Sprintf("remove the line that exports %s where it is exported (~/.bashrc, ~/.zshrc, ~/.profile, a .envrc)", name)}
	if at, ok := s.ExportedBy(name); ok {
		sl.Remove = fmt.Sprintf("remove the line that exports %s from %s (line %d)", name, e.Tilde(at.File), at.Line)
	}
	return sl
}
