package wire

import (
	"context"
	"fmt"

	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/probe"
	"github.com/keydoctor/keydoctor/internal/router"
)

// A route through a local router has two hops: the tool → router and the
// router → upstream. A failure on it is named by the hop that failed
// (catalog's router-* codes), so that the fix lands on the router's
// provider entry when the upstream refused, not in the tool's file.

// Identifier tells which router listens at a loopback base URL
// (router.Identify with a loopback client) and, where it can read the
// router's configuration, where it sends model; nil identifies none.
type Identifier func(ctx context.Context, base, model string) (router.Router, bool)

// identify names the router of the route, once per climb.
func (c *climber) identify(ctx context.Context) {
	if c.opts.Router == nil {
		return
	}
	if r, ok := c.opts.Router(ctx, c.route.Path.Base, c.route.Model); ok {
		c.router = &r
	}
}

// hop is the code of a failure on a route through a router: the router's
// own refusal of the tool's key before any success (tool → router), or,
// once the router has answered the tool with a success (its model list,
// which claude-code-router serves itself), an upstream's refusal, stall
// or failure relayed by it (router → upstream). A wrong path (a bare 404
// of the router) and a missing routing header stay the tool's.
func (c *climber) hop(code catalog.Code, res *probe.Result) catalog.Code {
	if c.router == nil || portkeyOwn(res) {
		return code
	}
	// Portkey holds no model list of its own: it relays every request, so
	// a failure of the upstream's kind is the upstream's on any rung.
	relayed := c.authed || c.router.Kind == router.Portkey
	switch code {
	case catalog.AuthInvalid, catalog.AuthForbidden:
		if c.authed {
			return catalog.RouterUpstreamAuth
		}
		if c.router.Kind != router.Portkey { // Portkey holds no client key: the key is the upstream's
			return catalog.RouterClientKey
		}
	case catalog.ServerError, catalog.HTTPHTML, catalog.CDNPage, catalog.AnswerEmpty, catalog.RateLimited,
		catalog.UpstreamOverloaded, catalog.TimeoutHeaders, catalog.TimeoutStream:
		if relayed {
			return catalog.RouterUpstreamError
		}
	}
	return code
}

// portkeyOwn: Portkey's own failure, not its upstream's (it marks it
// x-portkey-gateway-exception: true; 1.15.2 installed with a newer hono
// than its lockfile's answers every stream and /v1/models so).
func portkeyOwn(res *probe.Result) bool {
	return res != nil && res.Header != nil && res.Header.Get("X-Portkey-Gateway-Exception") == "true"
}

// hopWhat says what failed on which hop, for a router-* code.
func (c *climber) hopWhat(code, was catalog.Code, res *probe.Result) (string, bool) {
	if c.router != nil && portkeyOwn(res) {
		return fmt.Sprintf("Portkey's gateway at %s fails itself, not its upstream (%d, x-portkey-gateway-exception: true)%s; Portkey 1.15.2 does so for every stream and model list when npm installs a newer hono than its lockfile's (4.9.7, @hono/node-server 1.13.5, @hono/node-ws 1.2.0): pin them", c.router.Addr, res.StatusCode, bodyHint(res)), true
	}
	if c.router == nil {
		switch code {
		case catalog.RouterUpstreamAuth, catalog.RouterModelUnrouted, catalog.RouterUpstreamError:
			// the router's wrapper said it (All target providers failed.)
			return fmt.Sprintf("hop router → upstream: the local router answered %d for its upstream%s", res.StatusCode, bodyHint(res)), true
		}
		return "", false
	}
	name := c.router.Title + " at " + c.router.Addr
	switch code {
	case catalog.RouterClientKey:
		return fmt.Sprintf("hop tool → router: %s rejects the tool's key (%d)%s; the upstream was not asked", name, res.StatusCode, bodyHint(res)), true
	case catalog.RouterUpstreamAuth:
		return fmt.Sprintf("hop router → upstream: %s accepted the tool's key, but its upstream rejects the key the router holds (%d)%s", name, res.StatusCode, bodyHint(res)), true
	case catalog.RouterModelUnrouted:
		return fmt.Sprintf("hop router → upstream: %s serves the path, but not %s (%d)%s", name, modelOr(c.route.Model), res.StatusCode, bodyHint(res)), true
	case catalog.RouterUpstreamError:
		if was == catalog.TimeoutHeaders || was == catalog.TimeoutStream {
			// neither claude-code-router 3.1.1 nor Portkey 1.15.2 times out a stalled upstream
			return fmt.Sprintf("hop router → upstream: %s stalls (%s): its upstream does not answer, and the router does not time it out", name, was), true
		}
		why := string(was) // the code the answer alone would get
		if was == code {   // the router's wrapper: its status says why
			why = map[bool]string{true: "rate limit", false: "failure"}[res.StatusCode == 429]
		}
		return fmt.Sprintf("hop router → upstream: %s passes on its upstream's %s (%d)%s", name, why, res.StatusCode, bodyHint(res)), true
	}
	return "", false
}

// hopSlots names the router's side in the fix: its configuration, its
// restart command.
func (c *climber) hopSlots(code catalog.Code, s *catalog.Slots) {
	switch code {
	case catalog.RouterUpstreamAuth, catalog.RouterModelUnrouted, catalog.RouterUpstreamError, catalog.RouterClientKey:
	default:
		return
	}
	if code == catalog.RouterClientKey {
		// the tool → router hop: the tool's key, its file and line stay
		if c.router != nil {
			s.Command = c.router.Restart
		}
		return
	}
	// the router → upstream hop: the place to fix is the router's provider
	// entry (its file and line where its configuration was read), never
	// the tool's base URL line, even when the router is known only by its
	// wrapper of the upstream's answer
	s.File = ""
	if c.router == nil {
		return
	}
	s.Command = c.router.Restart
	s.File = c.router.Route.Place()
}

// routerNote is what the reach rung says of the router it reached.
func (c *climber) routerNote() string {
	if c.router == nil {
		return ""
	}
	s := fmt.Sprintf("; it is %s (%s names it)", c.router.Title, c.router.Evidence)
	if r := c.router.Route; r != nil {
		switch {
		case r.Provider != "":
			s += fmt.Sprintf(", which sends %s to its provider %q", modelOr(c.route.Model), r.Provider)
			if r.Model != "" {
				s += fmt.Sprintf(" as %q", r.Model)
			}
			if r.Upstream != "" {
				s += " at " + r.Upstream
			}
			s += " (" + r.Place() + ")"
		case r.Note != "":
			s += " (" + r.File + ": " + r.Note + ")"
		}
	}
	return s
}
