package checks

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/url"
	"strings"
	"syscall"

	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env"
	"github.com/keydoctor/keydoctor/internal/gateway"
)

// relayCheck reports local-relay-down: a tool points at a loopback base
// URL (a relay of catalog.Relays, or a local gateway) and nothing listens
// there. An error: every request fails with
// "connection refused" (or the relay's "local proxy failed").
type relayCheck struct {
	snap    *discover.Snapshot
	profile gateway.Profile
	dial    dialFunc
}

func (relayCheck) Name() string { return "local-relay" }

func (c relayCheck) Run(ctx context.Context, e *env.Env) []doctor.Finding {
	var out []doctor.Finding
	results := map[string]error{}
	gw := gatewayAddr(c.profile.BaseURL)
	var atGateway []discover.Tool // tools that point at the profile's own gateway, which is down
	for _, t := range c.snap.Tools {
		if !t.Base.Set() {
			continue
		}
		u, err := url.Parse(t.Base.Value)
		if err != nil || classifyHost(u.Hostname()) != loopbackHost {
			continue
		}
		addr := loopbackAddr(u)
		err, done := results[addr]
		if !done {
			err = c.dial(ctx, addr)
			results[addr] = err
		}
		relay, known := catalog.Relays[port(addr)]
		what := relay.Name
		if !known {
			what = "a local relay or gateway"
		}
		if err == nil {
			out = append(out, okFinding(t, fmt.Sprintf("%s points at %s, and something listens there", t.Label, addr), src(e, t.Base)))
			continue
		}
		if addr == gw {
			// The loopback address is the gateway itself: "point the tool at
			// the gateway" would write the same URL again. One finding for
			// every tool that points there, said once (below).
			atGateway = append(atGateway, t)
			continue
		}
		// relay.Start is "" for an unknown port: the template says to start
		// the program that should listen there.
		s := catalog.Slots{Value: relay.Start, Host: addr, Tool: t.Label, Command: setupCmd(t)}
		out = append(out, finding(t, catalog.LocalRelayDown, doctor.Error,
			fmt.Sprintf("%s points at %s (%s from %s), but nothing listens on %s (%s)", t.Label, what, t.Base.Value, where(e, t.Base), addr, dialReason(err)),
			catalog.Render(catalog.LocalRelayDown, s), src(e, t.Base)))
	}
	if len(atGateway) > 0 {
		out = append(out, gatewayDown(e, gw, atGateway, c.profile, results[gw]))
	}
	if len(out) == 0 {
		return []doctor.Finding{skip("", "no tool points at a loopback base URL")}
	}
	return out
}

// gatewayDown is the one finding for every tool that points at the
// profile's gateway on a loopback address where nothing listens: the cure
// is starting the gateway (or correcting the profile's URL), not pointing
// each tool somewhere else.
func gatewayDown(e *env.Env, addr string, tools []discover.Tool, p gateway.Profile, err error) doctor.Finding {
	var labels []string
	for _, t := range tools {
		labels = append(labels, t.Label)
	}
	n := fmt.Sprintf("%d tools point there", len(tools))
	if len(tools) == 1 {
		n = "1 tool points there"
	}
	s := catalog.Slots{Host: addr, URL: p.BaseURL}
	return doctor.Finding{Check: "local-relay", Code: catalog.GatewayDown, Status: doctor.Error,
		Message: fmt.Sprintf("nothing listens at the gateway %s (%s: %s); the profile's base URL is %s (%s)", addr, n, strings.Join(labels, ", "), p.BaseURL, dialReason(err)),
		Fix:     catalog.Render(catalog.GatewayDown, s), Source: p.Source(gateway.FieldBaseURL)}
}

// gatewayAddr is the host:port of a loopback base URL, as loopbackAddr
// spells it; "" for any other URL.
func gatewayAddr(base string) string {
	u, err := url.Parse(base)
	if err != nil || u.Host == "" || classifyHost(u.Hostname()) != loopbackHost {
		return ""
	}
	return loopbackAddr(u)
}

// loopbackAddr is the address a tool dials for a loopback URL.
func loopbackAddr(u *url.URL) string {
	host, port := hostPort(u)
	if host == "localhost" {
		host = "127.0.0.1" // what Node tries first on most systems; ::1 is covered by the relay usually listening on both
	}
	return net.JoinHostPort(host, port)
}

func port(addr string) string {
	_, p, _ := net.SplitHostPort(addr)
	return p
}

// dialReason says why a dial failed in words; the raw error only when it
// is neither a refusal nor a timeout.
func dialReason(err error) string {
	var ne net.Error
	switch {
	case errors.Is(err, syscall.ECONNREFUSED):
		return "the connection was refused"
	case errors.As(err, &ne) && ne.Timeout(), errors.Is(err, context.DeadlineExceeded):
		return "the connection timed out"
	default:
		return err.Error()
	}
}
