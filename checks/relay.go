package checks

import (
	"context"
	"fmt"
	"net"
	"net/url"

	"github.com/keydoctor/keydoctor/doctor"
	"github.com/keydoctor/keydoctor/internal/catalog"
	"github.com/keydoctor/keydoctor/internal/discover"
	"github.com/keydoctor/keydoctor/internal/env"
)

// knownRelays name what usually listens on a loopback port.
var knownRelays = map[string]struct{ name, start string }{
	"15721": {"CC Switch's local relay", "start CC Switch and turn its local proxy on"},
	"3456":  {"claude-code-router", "start claude-code-router (ccr start)"},
	"11434": {"Ollama", "start Ollama (ollama serve)"},
	"1234":  {"LM Studio's server", "start LM Studio's local server"},
}

// relayCheck reports local-relay-down: a tool points at a loopback base
// URL (a relay such as CC Switch or claude-code-router, or a local
// gateway) and nothing listens there. An error: every request fails with
// "connection refused" (or the relay's "local proxy failed").
type relayCheck struct {
	snap *discover.Snapshot
	dial dialFunc
}

func (relayCheck) Name() string { return "local-relay" }

func (c relayCheck) Run(ctx context.Context, e *env.Env) []doctor.Finding {
	var out []doctor.Finding
	results := map[string]error{}
	for _, t := range c.snap.Tools {
		if !t.Base.Set() {
			continue
		}
		u, err := url.Parse(t.Base.Value)
		if err != nil || classifyHost(u.Hostname()) != loopbackHost {
			continue
		}
		host, port := hostPort(u)
		if host == "localhost" {
			host = "127.0.0.1" // what Node tries first on most systems; ::1 is covered by the relay usually listening on both
		}
		addr := net.JoinHostPort(host, port)
		err, done := results[addr]
		if !done {
			err = c.dial(ctx, addr)
			results[addr] = err
		}
		relay, known := knownRelays[port]
		what := relay.name
		if !known {
			what = "a local relay or gateway"
		}
		if err == nil {
			out = append(out, okFinding(t, fmt.Sprintf("%s points at %s, and something listens there", t.Label, addr), src(e, t.Base)))
			continue
		}
		// relay.start is "" for an unknown port: the template says to start
		// the program that should listen there.
		s := catalog.Slots{Value: relay.start, Host: addr, Tool: t.Label, Command: setupCmd(t)}
		out = append(out, finding(t, catalog.LocalRelayDown, doctor.Error,
			fmt.Sprintf("%s points at %s (%s from %s), but nothing listens on %s: %v", t.Label, what, t.Base.Value, where(e, t.Base), addr, err),
			catalog.Render(catalog.LocalRelayDown, s), src(e, t.Base)))
	}
	if len(out) == 0 {
		return []doctor.Finding{skip("", "no tool points at a loopback base URL")}
	}
	return out
}
