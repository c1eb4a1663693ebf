package verify

import (
	"fmt"

	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/human"
	"github.com/keydoctor/keydoctor/internal/relay"
)

// A turn's route. verify points the tool's base URL at the relay and
// changes nothing else, so a provider switch that wins over the base URL
// (in the shell, or any settings layer the tool reads, those the turn
// repeats included) wins in the turn too: the turn goes where the tool's
// own runs go, and the verdict says so rather than only that no request
// reached the relay.

// RouteOf is what discovery says of where the tool's requests go, with
// what selects it as reports name it: "~/.config/tool/settings.json:3",
// "$USE_CLOUD, exported by ~/.bashrc:1". A Reader of a tool with
// provider switches sets Configured.Route from it.
func RouteOf(s *discover.Snapshot, t discover.Tool) (discover.Route, string) {
	r := t.Route
	if r.Kind == "" {
		r.Kind = discover.RouteGateway
	}
	if !r.Switch.Set() {
		return r, ""
	}
	where := r.Switch.Source.Display(s.Env)
	if r.Switch.Source.IsVar() {
		if at, ok := s.ExportedBy(r.Switch.Source.Key); ok {
			where += ", exported by " + at.Display(s.Env)
		} else {
			where += ", from the environment"
		}
	}
	return r, where
}

// RouteSwitch is the switch that selects the route, as "NAME=VALUE in
// SOURCE" ("" when none does).
func (c Configured) RouteSwitch() string {
	if !c.Route.Switch.Set() {
		return ""
	}
	return fmt.Sprintf("%s=%s in %s", c.Route.SwitchVar(), c.Route.Switch.Value, c.RouteSource)
}

// Bypassed reports whether the tool's requests go elsewhere than its base
// URL whatever verify points it at.
func (c Configured) Bypassed() bool { return c.Route.Kind != "" && !c.Route.Gateway() }

// route is the route's verdict, first of a turn's: where the turn
// went against where discovery said it would go. It reports whether the
// other verdicts apply (some request reached the relay).
func (j *judgement) route(recs []relay.Record) (judged bool) {
	c, n := j.c, len(j.reqs)
	requests := fmt.Sprintf("%d model %s", n, human.Plural(n, "request", "requests"))
	switch {
	case c.Route.Kind == "":
		return n > 0 // a tool without switches: its provider is the one verify runs
	case c.Bypassed() && n == 0:
		j.add("route", Error, catalog.ProviderBypass, "%s sent no request through the relay (%d other %s): %s wins over its base URL, so the turn went to %s",
			j.tool.Title, len(recs), human.Plural(len(recs), "request", "requests"), c.RouteSwitch(), c.Route.Title)
		return false
	case c.Bypassed():
		seen := ""
		if c.SwitchesSeen != "" {
			seen = " as " + c.SwitchesSeen + " did (docs/tools.md)"
		}
		j.add("route", Warning, "", "%s should have sent the turn to %s, yet %s reached the relay: this %s does not follow the switch%s",
			c.RouteSwitch(), c.Route.Title, requests, j.tool.Title, seen)
	case n == 0:
		return false
	case c.Refused != nil:
		j.add("route", Error, c.Refused.Code, "%s went through the relay, but only because the relay is on 127.0.0.1: with %s, %s refuses the plain-http base URL %s (%s) and exits at start",
			requests, c.RouteSwitch(), j.tool.Title, c.Refused.Base, c.Refused.Source)
	case c.Route.ViaSwitch():
		j.add("route", OK, "", "the turn went through the relay to the gateway (%s); %s sends the same request", requests, c.RouteSwitch())
	default:
		j.add("route", OK, "", "the turn went through the relay to the gateway (%s); no provider switch is on", requests)
	}
	return true
}
