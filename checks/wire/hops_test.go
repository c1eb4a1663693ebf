package wire

import (
	"net/http"
	"testing"

	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/probe"
	"github.com/keydoctor/keydoctor/internal/router"
)

// TestHop: which hop a failure on a routed path is named by.
func TestHop(t *testing.T) {
	ccr := &router.Router{Kind: router.CCR, Title: "claude-code-router", Addr: "127.0.0.1:3456", Restart: "ccr stop && ccr start"}
	portkey := &router.Router{Kind: router.Portkey, Title: "Portkey's gateway", Addr: "127.0.0.1:8787"}
	own := &probe.Result{StatusCode: 500, Header: http.Header{"X-Portkey-Gateway-Exception": {"true"}}}
	plain := &probe.Result{StatusCode: 500}
	for _, tc := range []struct {
		name   string
		r      *router.Router
		authed bool
		code   catalog.Code
		res    *probe.Result
		want   catalog.Code
	}{
		{"no router", nil, true, catalog.AuthInvalid, plain, catalog.AuthInvalid},
		{"ccr refuses the tool's key", ccr, false, catalog.AuthInvalid, plain, catalog.RouterClientKey},
		{"ccr's upstream refuses its key", ccr, true, catalog.AuthInvalid, plain, catalog.RouterUpstreamAuth},
		{"ccr's upstream fails", ccr, true, catalog.ServerError, plain, catalog.RouterUpstreamError},
		{"ccr itself fails before any success", ccr, false, catalog.ServerError, plain, catalog.ServerError},
		{"ccr stalls", ccr, true, catalog.TimeoutHeaders, plain, catalog.RouterUpstreamError},
		{"a wrong path stays the tool's", ccr, true, catalog.EndpointNotFound, plain, catalog.EndpointNotFound},
		{"a missing routing header stays the tool's", portkey, false, catalog.HeaderMissing, plain, catalog.HeaderMissing},
		{"portkey holds no client key", portkey, false, catalog.AuthInvalid, plain, catalog.AuthInvalid},
		{"portkey relays the model list too", portkey, false, catalog.CDNPage, plain, catalog.RouterUpstreamError},
		{"portkey's own failure", portkey, true, catalog.ServerError, own, catalog.ServerError},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := &climber{wire: &wire{}, router: tc.r, authed: tc.authed}
			if got := c.hop(tc.code, tc.res); got != tc.want {
				t.Errorf("hop(%s) = %s, want %s", tc.code, got, tc.want)
			}
		})
	}
}

// TestHopSlots: a router → upstream fix never names the tool's file, even
// when the router is known only by its wrapper of the upstream's answer;
// a tool → router fix keeps it.
func TestHopSlots(t *testing.T) {
	ccr := &router.Router{Kind: router.CCR, Restart: "ccr stop && ccr start",
		Route: &router.Route{File: "~/.claude-code-router/config.json", Line: 5, Entry: "Providers[0]"}}
	for _, tc := range []struct {
		name          string
		r             *router.Router
		code          catalog.Code
		file, command string
	}{
		{"upstream key, router read", ccr, catalog.RouterUpstreamAuth, "~/.claude-code-router/config.json:5 (Providers[0])", "ccr stop && ccr start"},
		{"upstream failure, router not identified", nil, catalog.RouterUpstreamError, "", ""},
		{"router known, its configuration not", &router.Router{Kind: router.Portkey}, catalog.RouterModelUnrouted, "", ""},
		{"the tool's key to the router", ccr, catalog.RouterClientKey, "~/.claude/settings.json:3", "ccr stop && ccr start"},
		{"not a router code", ccr, catalog.AuthInvalid, "~/.claude/settings.json:3", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := catalog.Slots{File: "~/.claude/settings.json:3"}
			(&climber{wire: &wire{}, router: tc.r}).hopSlots(tc.code, &s)
			if s.File != tc.file || s.Command != tc.command {
				t.Errorf("File %q Command %q, want %q %q", s.File, s.Command, tc.file, tc.command)
			}
		})
	}
}
