package status

import (
	"context"
	"strings"

	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/router"
)

// Routers are the local routers found at the tools' loopback base URLs,
// by the tool's label.
type Routers map[string]router.Router

// FindRouters asks what listens at each tool's loopback base URL (status
// sends no key and nothing to a non-loopback address: the identity
// endpoints answer without one) and reads claude-code-router's route for
// the tool's model where its configuration is on this machine.
func FindRouters(ctx context.Context, e *env.Env, snap *discover.Snapshot) Routers {
	out := Routers{}
	seen := map[string]*router.Router{} // one identification per address
	client := router.Client()
	for _, t := range snap.Tools {
		if !t.Base.Set() {
			continue
		}
		_, addr, ok := router.Loopback(t.Base.Value)
		if !ok {
			continue
		}
		r, done := seen[addr]
		if !done {
			if got, ok := router.Identify(ctx, client, t.Base.Value); ok {
				r = &got
			}
			seen[addr] = r
		}
		if r == nil {
			continue
		}
		rt := *r
		if rt.Kind == router.CCR {
			rt.Route = router.ReadCCR(e, t.Model.Value)
		}
		if rt.Kind == router.CCSwitch && rt.Route != nil {
			route := *rt.Route // r's is shared by the tools behind it
			router.ReadCCSwitch(e, &route)
			rt.Route = &route
		}
		out[t.Label] = rt
	}
	return out
}

// routerRow is the row status prints after a tool's triple when its base
// URL is a local router: which one, and where it sends the model.
func routerRow(t Tool) (string, bool) {
	r := t.Router
	if r == nil {
		return "", false
	}
	return "router\t" + r.Title + " at " + r.Addr + "\t" + routerWhere(r), true
}

// routerWhere says where the router sends the model, as far as its
// configuration was read, else what named it.
func routerWhere(r *router.Router) string {
	rt := r.Route
	if rt == nil {
		return "named by " + r.Evidence
	}
	if rt.Provider == "" {
		return Dash(rt.File + ": " + rt.Note)
	}
	var b strings.Builder
	b.WriteString("→ " + rt.Provider)
	if rt.Model != "" {
		b.WriteString(" " + rt.Model)
	}
	if rt.Upstream != "" {
		b.WriteString(" at " + rt.Upstream)
	}
	b.WriteString(" (" + rt.File + ")")
	return Dash(b.String())
}
